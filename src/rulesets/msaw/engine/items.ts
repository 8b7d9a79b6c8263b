// MS@W switch part (MS-2.2, GAP-M-2 hand model): draw, stow, drop and pick up. The operations run in the
// order given, each checked where it stands (a hand that cannot hold, an item that is not stowed, a drop
// out of reach); hands may hold more than one item in between, since the rule asks only that the switch
// ENDS with at most one item a hand (a two-handed item taking both) and everything held or stowable.
import type { OrderError } from '../../../engine/ruleset.js'
import { dist2, distance, formatInches } from '../../../engine/table/index.js'
import { refuse, type MessageKey } from './messages.js'
import { itemTypeOf, suitTypeOf } from './stats.js'
import type { DroppedItem, Hand, ItemPlace, ItemState, MsEvent, MsState, Suit, SwitchOp } from './types.js'

const RULE = 'MS-2.2'
/** MS-2.2 [H]: "next to" a dropped item is within 2.00". */
const PICKUP_REACH = 200

type Place = { order?: number; line?: number; field?: string }

/** The suit's items and the table's dropped items as the operations change them. */
interface Work {
  suit: Suit
  items: ItemState[]
  dropped: DroppedItem[]
  nextDropId: number
  events: MsEvent[]
}

type Problem = { key: MessageKey; params: Record<string, string | number> }

/** The hands an item in this place occupies. */
export function handsOf(place: ItemPlace): Hand[] {
  return place === 'LR' ? ['L', 'R'] : place === 'L' || place === 'R' ? [place] : []
}

/** Whether the item is in a hand (L, R or both). */
function held(item: ItemState): boolean {
  return handsOf(item.place).length > 0
}

/** An item can be switched only when it is a hand item (not fixed, not Chobham armour, GAP-M-10). */
function switchable(state: MsState, ms: string, item: ItemState): Problem | null {
  const t = itemTypeOf(state, item)
  if (t.kind === 'armour') return { key: 'msaw.combat.switch.armour', params: { ms, item: item.id } }
  if (t.carry === 'fixed') return { key: 'msaw.combat.switch.fixed', params: { ms, item: item.id } }
  return null
}

/** Where a hand item goes for `hand`: one hand for a one-handed item, both for a two-handed one; not a blocked hand. */
function handPlace(state: MsState, suit: Suit, item: ItemState, hand: Hand | 'both'): ItemPlace | Problem {
  const t = itemTypeOf(state, item)
  const two = t.hands === 2
  if (two && hand !== 'both') return { key: 'msaw.combat.switch.twoHands', params: { item: item.id } }
  if (!two && hand === 'both') return { key: 'msaw.combat.switch.oneHand', params: { item: item.id } }
  const place: ItemPlace = hand === 'both' ? 'LR' : hand
  const blocked = suitTypeOf(state, suit).blockedHands ?? []
  const bad = handsOf(place).find((h) => blocked.includes(h))
  if (bad) return { key: 'msaw.combat.switch.blockedHand', params: { ms: suit.id, hand: bad, item: item.id } }
  return place
}

function isProblem(x: ItemPlace | Problem): x is Problem {
  return typeof x === 'object'
}

/** A fresh item id in the suit for a picked-up item: its type, then `-2`, `-3`, … */
function freshItemId(items: readonly ItemState[], type: string): string {
  const used = new Set(items.map((i) => i.id))
  if (!used.has(type)) return type
  for (let n = 2; ; n++) if (!used.has(`${type}-${n}`)) return `${type}-${n}`
}

/** Whether a suit's type may use an item type: a built-in, an option it can buy (MS-5.5 for the Gouf). */
function mayUse(state: MsState, suit: Suit, type: string): boolean {
  const st = suitTypeOf(state, suit)
  return st.builtIn.includes(type) || st.optional.some((o) => o.item === type)
}

/** One operation on the working copy, or the reason it is refused. */
function step(state: MsState, w: Work, op: SwitchOp): Problem | null {
  const ms = w.suit.id
  if (op.op === 'pickup') {
    const drop = w.dropped.find((d) => d.id === op.drop)
    if (!drop) return { key: 'msaw.combat.switch.noDrop', params: { drop: op.drop } }
    const base = { ms, drop: drop.id, item: drop.item.type }
    if (dist2(w.suit.at, drop.at) > PICKUP_REACH * PICKUP_REACH)
      return {
        key: 'msaw.combat.switch.tooFar',
        params: { ...base, distance: formatInches(distance(w.suit.at, drop.at)) },
      }
    if (!mayUse(state, w.suit, drop.item.type))
      return { key: 'msaw.combat.switch.cannotUse', params: { ms, type: w.suit.type, item: drop.item.type } }
    const item: ItemState = { ...drop.item, id: freshItemId(w.items, drop.item.type) }
    let place: ItemPlace
    if (op.hand === 'stow') {
      if (itemTypeOf(state, item).stowable !== true)
        return { key: 'msaw.combat.switch.notStowable', params: { ms, item: item.id } }
      place = 'stowed'
    } else {
      const p = handPlace(state, w.suit, item, op.hand)
      if (isProblem(p)) return p
      place = p
    }
    w.items = [...w.items, { ...item, place }]
    w.dropped = w.dropped.filter((d) => d.id !== drop.id)
    w.events.push({ type: 'picked-up', ref: RULE, ms, drop: drop.id, item: item.id })
    return null
  }
  const index = w.items.findIndex((i) => i.id === op.item)
  const item = w.items[index]
  if (!item) return { key: 'msaw.combat.switch.noItem', params: { ms, item: op.item } }
  const fixed = switchable(state, ms, item)
  if (fixed) return fixed
  let next: ItemState
  if (op.op === 'draw') {
    if (item.place !== 'stowed') return { key: 'msaw.combat.switch.notStowed', params: { ms, item: item.id } }
    const p = handPlace(state, w.suit, item, op.hand)
    if (isProblem(p)) return p
    next = { ...item, place: p }
  } else if (op.op === 'stow') {
    if (!held(item)) return { key: 'msaw.combat.switch.notHeld', params: { ms, item: item.id } }
    if (itemTypeOf(state, item).stowable !== true)
      return { key: 'msaw.combat.switch.notStowable', params: { ms, item: item.id } }
    next = { ...item, place: 'stowed' }
  } else {
    if (!held(item)) return { key: 'msaw.combat.switch.notHeld', params: { ms, item: item.id } }
    const id = `d${w.nextDropId}`
    w.nextDropId += 1
    // A dropped item keeps its ammo and body; where it lay in the suit no longer matters.
    w.dropped = [...w.dropped, { id, item: { ...item, place: 'stowed' }, at: { ...w.suit.at } }]
    w.items = w.items.filter((_, i) => i !== index)
    w.events.push({ type: 'dropped', ref: RULE, ms, drop: id, item: item.id, at: { ...w.suit.at } })
    return null
  }
  w.items = w.items.map((it, i) => (i === index ? next : it))
  return null
}

/** MS-2.2 [H]: the loadout a switch ends with: one item a hand, and nothing unstowable put away. */
function endProblem(state: MsState, w: Work): Problem | null {
  for (const hand of ['L', 'R'] as const) {
    const inHand = w.items.filter((i) => handsOf(i.place).includes(hand))
    if (inHand.length > 1)
      return {
        key: 'msaw.combat.switch.handFull',
        params: { ms: w.suit.id, hand, items: inHand.map((i) => i.id).join(', ') },
      }
  }
  const away = w.items.find(
    (i) => i.place === 'stowed' && itemTypeOf(state, i).carry === 'hand' && itemTypeOf(state, i).stowable !== true,
  )
  if (away) return { key: 'msaw.combat.switch.notStowable', params: { ms: w.suit.id, item: away.id } }
  return null
}

/** Runs the operations on a copy; the suit and table after them, or the first problem. */
function simulate(
  state: MsState,
  ms: string,
  ops: readonly SwitchOp[],
): { work: Work; problem: null } | { work: null; problem: Problem } {
  const suit = state.suits.find((s) => s.id === ms)
  if (!suit) return { work: null, problem: { key: 'msaw.combat.noSuit', params: { ms } } }
  if (suit.destroyed) return { work: null, problem: { key: 'msaw.combat.destroyed', params: { ms } } }
  const work: Work = { suit, items: suit.items, dropped: state.dropped, nextDropId: state.nextDropId, events: [] }
  for (const op of ops) {
    const problem = step(state, work, op)
    if (problem) return { work: null, problem }
  }
  const problem = endProblem(state, work)
  return problem ? { work: null, problem } : { work, problem: null }
}

/** MS-2.2: why this switch part is refused (naming the item), or null when it is legal. */
export function checkSwitch(state: MsState, ms: string, ops: SwitchOp[], place: Place = {}): OrderError | null {
  const { problem } = simulate(state, ms, ops)
  return problem ? refuse(RULE, problem.key, problem.params, place) : null
}

/** MS-2.2: the state after a legal switch part, with 'switched', 'dropped' and 'picked-up' events. */
export function applySwitch(state: MsState, ms: string, ops: SwitchOp[]): { state: MsState; events: MsEvent[] } {
  const { work, problem } = simulate(state, ms, ops)
  if (!work) throw new Error(`MS-2.2: switch of ${ms} is illegal (${problem.key}): check it first`)
  const events: MsEvent[] = [{ type: 'switched', ref: RULE, ms, ops: ops.map((o) => ({ ...o })) }, ...work.events]
  return {
    state: {
      ...state,
      suits: state.suits.map((s) => (s.id === ms ? { ...s, items: work.items } : s)),
      dropped: work.dropped,
      nextDropId: work.nextDropId,
    },
    events,
  }
}
