// MS@W: what a reader sees. Everything on the table is open, but a seat's standing orders are its own until
// the game ends (§8), and during the sealed deployment a seat's positions are its own until it has deployed.
import type { Viewer } from '../../../engine/ruleset.js'
import { moveAllowance } from './movement.js'
import { activeSeat, seatsOf } from './sequence.js'
import { itemType, suitType } from './setup.js'
import { shieldInUse, usableWeapons } from './stats.js'
import { MS_ID, type ItemState, type ItemType, type MsState, type MsSuitView, type MsView, type Suit } from './types.js'

/** Whether the item can be used now: a weapon that can attack, the shield in use, armour always. */
function usable(state: MsState, suit: Suit, item: ItemState): boolean {
  const kind = itemType(state.scenario, item.type).kind
  if (kind === 'weapon') return usableWeapons(state, suit).some((w) => w.id === item.id)
  if (kind === 'shield') return shieldInUse(state, suit)?.id === item.id
  return true
}

/** What a player needs to plan with an item: its names, range band and damage (MS-3.2, MS-3.6). */
function itemFacts(type: ItemType): { name: string; nameJa: string; range?: ItemType['range']; damage?: string } {
  const d = type.damage
  return {
    name: type.name,
    nameJa: type.nameJa,
    ...(type.range !== undefined ? { range: type.range === 'close' ? 'close' : { ...type.range } } : {}),
    ...(d ? { damage: `${d.n}d${d.sides}${d.plus > 0 ? `+${d.plus}` : ''}` } : {}),
  }
}

function suitView(state: MsState, suit: Suit, viewer: Viewer): MsSuitView {
  const type = suitType(state.scenario, suit.type)
  const mine = viewer !== null && viewer === suit.seat
  const hidden = state.step === 'deploy' && !state.deployed.includes(suit.seat) && !mine
  const allowance = suit.destroyed ? { move: type.move, hover: type.hover ?? null } : moveAllowance(state, suit)
  return {
    id: suit.id,
    type: suit.type,
    name: type.name,
    nameJa: type.nameJa,
    side: suit.side,
    seat: suit.seat,
    at: hidden ? null : { ...suit.at },
    hp: suit.hp,
    maxHp: suit.maxHp,
    attack: type.attack,
    defend: type.defend,
    move: allowance.move,
    hover: allowance.hover,
    items: suit.items.map((item) => ({
      ...structuredClone(item),
      ...itemFacts(itemType(state.scenario, item.type)),
      usable: !suit.destroyed && usable(state, suit, item),
    })),
    destroyed: suit.destroyed,
    errorPhases: suit.errorPhases,
    aim: suit.aim ? { ...suit.aim } : null,
    activated: state.activated.includes(suit.id),
    policy: mine || state.over ? { ...suit.policy } : null,
    cost: suit.cost,
  }
}

/** The game as `viewer` sees it (a seat, or null for an observer). */
export function view(state: MsState, viewer: Viewer): MsView {
  const seats = seatsOf(state)
  const who: Viewer = viewer !== null && seats.some((s) => s.id === viewer) ? viewer : null
  const scn = state.scenario
  let reaction: MsView['reaction'] = null
  if (state.reaction) {
    const { queue, ...open } = state.reaction
    void queue
    reaction = structuredClone(open)
  }
  return {
    system: MS_ID,
    scenario: { id: scn.id, title: scn.title },
    table: { ...scn.table },
    terrain: structuredClone(scn.terrain),
    sides: scn.sides.map((s) => ({ id: s.id, name: s.name, nameJa: s.nameJa ?? null, zone: { ...s.zone } })),
    seats: seats.map((s) => ({ id: s.id, side: s.side })),
    viewer: who,
    round: state.round,
    step: state.step,
    order: [...state.order],
    active: activeSeat(state),
    current: state.current ? { ...state.current } : null,
    suits: state.suits.map((s) => suitView(state, s, who)),
    dropped: structuredClone(state.dropped),
    reaction,
    options: { ...state.options },
    winner: state.winner,
    reason: state.reason,
  }
}
