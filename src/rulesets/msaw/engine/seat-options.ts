// MS@W: what a seat may do now (the `options` of the Ruleset) and what its orders would do (`preview`), both
// without dice: the numbers to hit are the Attack scores (MS-3.4), the chances P(3d6 ≤ score).
import { fillTemplate, type MessageParams } from '../../../engine/messages.js'
import { distance, formatInches, withinBand } from '../../../engine/table/index.js'
import { attackProblem } from './combat.js'
import { applySwitch, checkSwitch } from './items.js'
import { MESSAGES, type MessageKey } from './messages.js'
import { checkMove, moveAllowance, sightBetween } from './movement.js'
import { canActivate, inPlay, pendingSeats, seatsOf, suitById } from './sequence.js'
import { itemType } from './setup.js'
import { attackScore, chance3d6, shieldInUse, usableWeapons } from './stats.js'
import type { ItemState, MsOrder, MsSeatOptions, MsState, MsSuitOptions, MsTargetOption, Pt, Suit } from './types.js'

/** MS-3.3: close range is d ≤ 2.00". */
export const CLOSE = 200
/** MS-2.2 [H]: a dropped item is next to a suit within 2.00". */
export const PICKUP = 200

/** A weapon's band in hundredths: `close` is 0 to 2.00" (MS-3.3). */
export function bandOf(state: MsState, item: ItemState): { min: number; max: number } | null {
  const range = itemType(state.scenario, item.type).range
  if (range === undefined) return null
  return range === 'close' ? { min: 0, max: CLOSE } : range
}

/** MS-3.1: every enemy in play within the longest band of a weapon the suit can use now, from `at`. */
export function targetsFrom(state: MsState, suit: Suit, at: Pt): MsTargetOption[] {
  const weapons = usableWeapons(state, suit).flatMap((w) => {
    const band = bandOf(state, w)
    return band ? [{ w, band }] : []
  })
  if (weapons.length === 0) return []
  const reach = Math.max(...weapons.map((x) => x.band.max))
  const moved = { ...state, suits: state.suits.map((s) => (s.id === suit.id ? { ...s, at } : s)) }
  const self = suitById(moved, suit.id)!
  return state.suits
    .filter((t) => inPlay(t) && t.side !== suit.side && withinBand(at, t.at, 0, reach))
    .map((t) => {
      const need = attackScore(moved, self, t.id, false)
      return {
        target: t.id,
        distance: distance(at, t.at),
        inSight: sightBetween(moved, at, t.at).clear,
        weapons: weapons
          .filter((x) => withinBand(at, t.at, x.band.min, x.band.max))
          .map((x) => ({ weapon: x.w.id, need, chance: chance3d6(need) })),
      }
    })
    .sort((a, b) => a.distance - b.distance || a.target.localeCompare(b.target))
}

/** MS-2.2: what the suit may draw (stowed hand items), stow (held stowable ones) or pick up (within 2"). */
function switchable(state: MsState, suit: Suit): MsSuitOptions['switchable'] {
  const typeOf = (i: ItemState) => itemType(state.scenario, i.type)
  return {
    draw: suit.items.filter((i) => i.place === 'stowed' && typeOf(i).carry === 'hand').map((i) => i.id),
    stow: suit.items
      .filter((i) => (i.place === 'L' || i.place === 'R' || i.place === 'LR') && typeOf(i).stowable)
      .map((i) => i.id),
    pickup: state.dropped.filter((d) => withinBand(suit.at, d.at, 0, PICKUP)).map((d) => d.id),
  }
}

function suitOptions(state: MsState, suit: Suit): MsSuitOptions {
  const allowance = moveAllowance(state, suit)
  const current = state.current?.ms === suit.id ? state.current : null
  const parts: MsSuitOptions['parts'] = []
  if (!current?.moved) parts.push('move')
  if (!current?.switched) parts.push('switch')
  if (!current?.combat) parts.push('combat')
  return {
    ms: suit.id,
    at: { ...suit.at },
    parts,
    move: allowance.move,
    hover: allowance.hover,
    impassable: state.scenario.terrain.filter((t) => t.move === 'impassable').map((t) => t.id),
    rough: state.scenario.terrain.filter((t) => t.move === 'rough').map((t) => t.id),
    targets: targetsFrom(state, suit, suit.at),
    switchable: switchable(state, suit),
    policy: { ...suit.policy },
  }
}

/** The hand items a suit may hold at deployment (GAP-M-2). */
function holdable(state: MsState, suit: Suit): string[] {
  return suit.items.filter((i) => itemType(state.scenario, i.type).carry === 'hand').map((i) => i.id)
}

/** The seat's suits and what each may do now; never throws, whatever the seat. */
export function seatOptions(state: MsState, seat: string): MsSeatOptions {
  const out: MsSeatOptions = { seat, step: state.over ? null : state.step, suits: [], reaction: null, deploy: null }
  if (state.over || !seatsOf(state).some((s) => s.id === seat) || !pendingSeats(state).includes(seat)) return out
  const mine = state.suits.filter((s) => s.seat === seat && inPlay(s))
  if (state.step === 'deploy') {
    const side = state.scenario.sides.find((s) => s.id === mine[0]?.side)
    if (side)
      out.deploy = {
        zone: { ...side.zone },
        suits: mine.map((s) => s.id),
        hold: Object.fromEntries(mine.map((s) => [s.id, holdable(state, s)])),
      }
  } else if (state.step === 'react' && state.reaction) {
    const r = state.reaction
    const defender = suitById(state, r.ms)
    // The shield question's answer is whether to use the shield in use; the counter's, a weapon (or none).
    const shield = defender ? shieldInUse(state, defender) : null
    out.reaction = {
      kind: r.kind,
      ms: r.ms,
      attacker: r.attacker,
      choices: r.kind === 'shield' ? (shield ? [shield.id] : []) : [...(r.choices ?? [])],
    }
  } else {
    out.suits = mine.filter((s) => canActivate(state, s)).map((s) => suitOptions(state, s))
    // Where the enemies stand (the view shows it too): a move toward one is the email's example.
    const side = state.suits.find((s) => s.seat === seat)?.side
    out.enemies = state.suits.filter((s) => s.side !== side && inPlay(s)).map((s) => ({ id: s.id, at: { ...s.at } }))
  }
  return out
}

// ---------------------------------------------------------------------------------------------------
// Preview

export const PREVIEW_KEYS = [
  'msaw.frame.preview.noSeat',
  'msaw.frame.preview.noSuit',
  'msaw.frame.preview.move',
  'msaw.frame.preview.moveIllegal',
  'msaw.frame.preview.switch',
  'msaw.frame.preview.switchIllegal',
  'msaw.frame.preview.attack',
  'msaw.frame.preview.attackIllegal',
  'msaw.frame.preview.aim',
  'msaw.frame.preview.order',
  'msaw.frame.preview.illegal',
] as const
export type PreviewKey = (typeof PREVIEW_KEYS)[number]

export interface PreviewLine {
  order: MsOrder
  text: string
  key: PreviewKey
  params: MessageParams
  /** A move: where it ends, its length and the Move it costs (hundredths), and whether it is legal. */
  move?: { to: Pt | null; length: number; cost: number; hover: boolean; legal: boolean; rule: string | null }
  /** An attack at the moment it is made: distance, range, sight, the number to hit and the chance. */
  attack?: {
    target: string
    weapon: string
    distance: number
    inRange: boolean
    inSight: boolean
    need: number
    chance: number
    legal: boolean
    rule: string | null
  }
}

const text = (key: MessageKey, params: MessageParams) => fillTemplate(MESSAGES, MESSAGES[key], params)

function line(order: MsOrder, key: PreviewKey, params: MessageParams, more: Partial<PreviewLine> = {}): PreviewLine {
  return { order, text: text(key, params), key, params, ...more }
}

const pct = (p: number): number => Math.round(p * 1000) / 10

/** What each order would do, in order and without dice: each on the state the earlier ones leave. */
export function preview(state: MsState, seat: string, orders: readonly MsOrder[]): PreviewLine[] {
  const known = seatsOf(state).some((s) => s.id === seat)
  let sim = structuredClone(state)
  return orders.map((o) => {
    try {
      const r = previewOne(sim, seat, known, o)
      sim = r.state
      return r.line
    } catch {
      return line(o, 'msaw.frame.preview.illegal', {})
    }
  })
}

function previewOne(state: MsState, seat: string, known: boolean, o: MsOrder): { state: MsState; line: PreviewLine } {
  const same = (l: PreviewLine) => ({ state, line: l })
  if (!known) return same(line(o, 'msaw.frame.preview.noSeat', {}))
  if (o.kind === 'more') return same(line(o, 'msaw.frame.preview.order', { ms: '-', kind: o.kind }))
  const suit = suitById(state, o.ms)
  if (!suit || suit.seat !== seat || !inPlay(suit)) return same(line(o, 'msaw.frame.preview.noSuit', { ms: o.ms }))
  if (o.kind === 'move') {
    const r = checkMove(state, o.ms, o.path)
    if (!r.ok) {
      const move = { to: null, length: 0, cost: 0, hover: false, legal: false, rule: r.error.rule }
      return same(line(o, 'msaw.frame.preview.moveIllegal', { ms: o.ms, why: r.error.message }, { move }))
    }
    suit.at = { ...r.to }
    const move = { to: { ...r.to }, length: r.length, cost: r.cost, hover: r.hover, legal: true, rule: null }
    const params = {
      ms: o.ms,
      x: formatInches(r.to.x),
      y: formatInches(r.to.y),
      length: formatInches(r.length),
      cost: formatInches(r.cost),
    }
    return same(line(o, 'msaw.frame.preview.move', params, { move }))
  }
  if (o.kind === 'switch') {
    const e = checkSwitch(state, o.ms, o.ops)
    if (e) return same(line(o, 'msaw.frame.preview.switchIllegal', { ms: o.ms, why: e.message }))
    const next = applySwitch(state, o.ms, o.ops).state
    return { state: next, line: line(o, 'msaw.frame.preview.switch', { ms: o.ms }) }
  }
  if (o.kind === 'attack') {
    const target = suitById(state, o.target)
    const item = suit.items.find((i) => i.id === o.weapon)
    if (!target || !inPlay(target) || !item) return same(line(o, 'msaw.frame.preview.illegal', {}))
    const band = bandOf(state, item)
    const d = distance(suit.at, target.at)
    const inRange = band !== null && withinBand(suit.at, target.at, band.min, band.max)
    const inSight = sightBetween(state, suit.at, target.at).clear
    const need = attackScore(state, suit, o.target, false)
    const chance = chance3d6(need)
    const problem = attackProblem(state, o.ms, o.target, o.weapon, false)
    const attack = {
      target: o.target,
      weapon: o.weapon,
      distance: d,
      inRange,
      inSight,
      need,
      chance,
      legal: problem === null,
      rule: problem?.rule ?? null,
    }
    const params = {
      ms: o.ms,
      target: o.target,
      weapon: o.weapon,
      distance: formatInches(d),
      need,
      chance: pct(chance),
    }
    if (problem)
      return same(
        line(o, 'msaw.frame.preview.attackIllegal', { ...params, why: text(problem.key, problem.params) }, { attack }),
      )
    return same(line(o, 'msaw.frame.preview.attack', params, { attack }))
  }
  if (o.kind === 'aim') return same(line(o, 'msaw.frame.preview.aim', { ms: o.ms, target: o.target }))
  return same(line(o, 'msaw.frame.preview.order', { ms: o.ms, kind: o.kind }))
}
