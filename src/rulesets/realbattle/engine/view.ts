// Real Battle: what a reader sees (docs/realbattle.md "Sealed information"). A plan, the action PP drawn
// from it and its defence value are the owner's seat's alone (not a teammate's) until the owner's phase ①
// turns the plan up (RB-4.2); the defence value alone is turned up earlier by the first attack on the AT
// (RB-12.11). Standing orders are the owner's only. An observer sees only what is revealed.
import type { Viewer } from '../../../engine/ruleset.js'
import { seatsOf } from './sequence.js'
import { cardOf, maxSpeed, minSpeed, weaponCard } from './stats.js'
import { RB_ID, type At, type AtView, type RbState, type RbView } from './types.js'

function atView(state: RbState, at: At, viewer: Viewer): AtView {
  const scn = state.scenario
  const card = cardOf(scn, at)
  const mine = viewer !== null && at.seat === viewer
  const open = mine || at.planRevealed
  const view: AtView = {
    id: at.id,
    camp: at.camp,
    seat: at.seat,
    mine,
    card: at.card,
    name: card.name,
    nameJa: card.nameJa,
    pilot: { ...at.pilot },
    hex: at.hex ? { ...at.hex } : null,
    facing: at.facing,
    speed: at.speed,
    maxSpeed: maxSpeed(scn, at),
    minSpeed: minSpeed(scn, at),
    durability: at.durability,
    durabilityMax: card.durability,
    heavy: at.heavy,
    fallen: at.fallen,
    destroyed: at.destroyed,
    actionPp: open ? at.actionPp : null,
    plan: open && at.plan ? { ...at.plan } : null,
    defence: at.plan && (open || at.defRevealed) ? at.plan.def : null,
    planSealed: at.plan !== null && !open,
    weapons: at.weapons.map((w) => {
      const wc = weaponCard(scn, w)
      return {
        id: w.id,
        card: w.card,
        name: wc.name,
        nameJa: wc.nameJa,
        mount: w.mount,
        ammo: w.ammo,
        ammoMax: wc.ammo,
        magazines: w.magazines,
        purged: w.purged,
        maxRange: Math.max(0, ...wc.ranges.map((b) => b.to)),
      }
    }),
  }
  if (mine) view.policies = structuredClone(at.policies)
  return view
}

export function view(state: RbState, viewer: Viewer): RbView {
  const seat = viewer === null ? undefined : seatsOf(state).find((s) => s.id === viewer)
  const who: Viewer = seat ? seat.id : null
  const scn = state.scenario
  return {
    system: RB_ID,
    scenario: scn.id,
    map: structuredClone(scn.map),
    ignoreObstacles: scn.ignoreObstacles,
    camps: structuredClone(scn.camps),
    viewer: seat ? { seat: seat.id, camp: seat.side as At['camp'] } : null,
    turn: state.turn,
    step: state.ended ? null : state.step,
    active: state.active,
    first: state.first,
    ats: state.ats.map((a) => atView(state, a, who)),
    smoke: state.smoke.map((s) => ({ hex: { ...s.hex }, camp: s.camp })),
    ended: state.ended ? { ...state.ended } : null,
  }
}
