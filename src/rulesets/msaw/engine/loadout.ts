// MS@W loadouts (MS-5, MS-6, GAP-M-2): the catalogue look-ups, the items a squad suit carries and where they
// are (held, stowed or fixed), the standing orders' defaults and default positions. Set-up (setup.ts) builds
// the suits from them, and the deploy step (sequence.ts) places what a seat holds.
import { fillTemplate } from '../../../engine/messages.js'
import type { Seat } from '../../../engine/ruleset.js'
import { MESSAGES, type MessageKey } from './messages.js'
import {
  MS_VERSION,
  type Hand,
  type ItemPlace,
  type ItemState,
  type ItemType,
  type MsOptions,
  type MsScenario,
  type Policy,
  type Pt,
  type SquadSuit,
  type SuitType,
} from './types.js'

export const MS_VERSIONS: readonly string[] = [MS_VERSION]

/** §8: the standing orders a suit starts with. */
export const DEFAULT_POLICY: Policy = { shield: 'always', counter: 'best' }

/** A suit's disc is 1.00" across (GAP-M-1): its radius in hundredths. */
export const RADIUS = 50

/** The seats of a game of `players` (the scenario's layout for that count). */
export function seatLayout(scn: MsScenario, players: number): Seat[] {
  const layout = scn.seatLayouts.find((l) => l.players === players)
  if (!layout) throw new Error(`GAP-M-11: scenario ${scn.id} has no seat layout for ${players} players`)
  return layout.seats.map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] }))
}

/** The catalogue entry of an item type; throws naming the scenario when the data lacks it. */
export function itemType(scn: MsScenario, id: string): ItemType {
  const t = scn.items[id]
  if (!t) throw new Error(`MS-6: scenario ${scn.id} names item type ${id}, which its catalogue lacks`)
  return t
}

/** The catalogue entry of a suit type; throws naming the scenario when the data lacks it. */
export function suitType(scn: MsScenario, id: string): SuitType {
  const t = scn.suits[id]
  if (!t) throw new Error(`MS-6: scenario ${scn.id} names suit type ${id}, which its catalogue lacks`)
  return t
}

/**
 * MS-5.1, MS-5.4: the item types a squad suit carries: its built-ins with the alternatives taken, then the
 * items bought.
 */
export function carriedTypes(scn: MsScenario, squad: SquadSuit): string[] {
  const type = suitType(scn, squad.type)
  const builtIn = [...type.builtIn]
  for (const taken of squad.alternatives ?? []) {
    const alt = (type.alternatives ?? []).find((a) => a.with === taken)
    if (!alt) throw new Error(`MS-5.4: scenario ${scn.id}, suit ${squad.id}: ${squad.type} has no alternative ${taken}`)
    const i = builtIn.indexOf(alt.replace)
    if (i < 0) throw new Error(`MS-5.4: scenario ${scn.id}, suit ${squad.id}: no ${alt.replace} to replace`)
    builtIn[i] = alt.with
  }
  return [...builtIn, ...squad.bought]
}

/** The suit's items, not yet placed: ids are the type id, then `-2`, `-3` for repeats; ammo and body full. */
export function newItems(scn: MsScenario, options: MsOptions, types: readonly string[]): ItemState[] {
  const seen: Record<string, number> = {}
  return types.map((typeId) => {
    const t = itemType(scn, typeId)
    const n = (seen[typeId] = (seen[typeId] ?? 0) + 1)
    const item: ItemState = { id: n === 1 ? typeId : `${typeId}-${n}`, type: typeId, place: 'stowed' }
    if (t.ammo !== undefined) item.ammo = t.ammo
    // AMB-M-11: the Gouf's shield body is the game's option (40 as printed, or 10).
    if (t.kind === 'shield') item.body = typeId === 'gouf-shield' ? options.goufShieldBody : (t.body ?? 0)
    return item
  })
}

/** Why a hold cannot be: a message key, its rule and values. */
export interface HoldProblem {
  rule: string
  key: MessageKey
  params: Record<string, string | number>
}

/** The item a hold names: an item id of the suit, else the first item of that type not yet held. */
function findHeld(items: readonly ItemState[], name: string, taken: readonly string[]): ItemState | undefined {
  return (
    items.find((i) => i.id === name) ?? items.find((i) => i.type === name && !taken.includes(i.id) && i.id !== name)
  )
}

/**
 * GAP-M-2, MS-2.2: the items placed as the hold says: fixed items `fixed`, held hand items in their hand (a
 * two-handed one `LR`), the other hand items stowed, which each must be able to be. The problem otherwise.
 */
export function placeItems(
  scn: MsScenario,
  type: SuitType,
  ms: string,
  items: readonly ItemState[],
  hold: { L?: string; R?: string },
): { items: ItemState[] } | { problem: HoldProblem } {
  const typeOf = (i: ItemState) => itemType(scn, i.type)
  const places: Record<string, ItemPlace> = {}
  const taken: string[] = []
  for (const hand of ['L', 'R'] as Hand[]) {
    const name = hold[hand]
    if (name === undefined) continue
    const item = findHeld(items, name, taken)
    if (!item) return { problem: { rule: 'GAP-M-2', key: 'msaw.frame.hold.unknown', params: { ms, item: name } } }
    const t = typeOf(item)
    if (t.carry !== 'hand')
      return { problem: { rule: 'GAP-M-2', key: 'msaw.frame.hold.notHand', params: { ms, item: item.id } } }
    if ((type.blockedHands ?? []).includes(hand))
      return { problem: { rule: 'GAP-M-2', key: 'msaw.frame.hold.blocked', params: { ms, hand } } }
    if (t.hands === 2) {
      const other = hold[hand === 'L' ? 'R' : 'L']
      const otherItem = other === undefined ? undefined : findHeld(items, other, [])
      if (other !== undefined && otherItem?.id !== item.id)
        return { problem: { rule: 'MS-2.2', key: 'msaw.frame.hold.twoHands', params: { ms, item: item.id } } }
      if ((type.blockedHands ?? []).length > 0)
        return { problem: { rule: 'GAP-M-2', key: 'msaw.frame.hold.blocked', params: { ms, hand: 'LR' } } }
      places[item.id] = 'LR'
      taken.push(item.id)
      continue
    }
    if (taken.includes(item.id))
      return { problem: { rule: 'MS-2.2', key: 'msaw.frame.hold.same', params: { ms, item: item.id } } }
    places[item.id] = hand
    taken.push(item.id)
  }
  const placed: ItemState[] = []
  for (const item of items) {
    const t = typeOf(item)
    let place: ItemPlace
    if (t.carry === 'fixed') place = 'fixed'
    else if (places[item.id] !== undefined) place = places[item.id]!
    else if (t.stowable) place = 'stowed'
    else return { problem: { rule: 'MS-2.2', key: 'msaw.frame.hold.unstowable', params: { ms, item: item.id } } }
    placed.push({ ...item, place })
  }
  return { items: placed }
}

/**
 * GAP-M-2: what a suit holds when its scenario does not say: the hand items that cannot be stowed, in the
 * free hands (right first; a two-handed one takes both). The players' deployment may change it.
 */
export function defaultHold(scn: MsScenario, type: SuitType, items: readonly ItemState[]): { L?: string; R?: string } {
  const free = (['R', 'L'] as Hand[]).filter((h) => !(type.blockedHands ?? []).includes(h))
  const hold: { L?: string; R?: string } = {}
  for (const item of items) {
    const t = itemType(scn, item.type)
    if (t.carry !== 'hand' || t.stowable) continue
    if (t.hands === 2) {
      if (free.length < 2) continue
      hold.L = hold.R = item.id
      free.length = 0
    } else {
      const hand = free.shift()
      if (hand) hold[hand] = item.id
    }
  }
  return hold
}

/** A hold problem in English. */
/** A hold problem's message in English. */
export const holdMessage = (p: HoldProblem): string => fillTemplate(MESSAGES, MESSAGES[p.key], p.params)

/** The zone's centre row: where suits stand when their seat deploys none (GAP-M-4), 1.5" apart. */
export function defaultPositions(scn: MsScenario, side: string, count: number): Pt[] {
  const data = scn.sides.find((s) => s.id === side)
  if (!data) throw new Error(`GAP-M-4: scenario ${scn.id} has no side ${side}`)
  const z = data.zone
  const cx = Math.round((z.x0 + z.x1) / 2)
  const cy = Math.round((z.y0 + z.y1) / 2)
  const step = 150
  const across = z.x1 - z.x0 >= z.y1 - z.y0
  return Array.from({ length: count }, (_, i) => {
    const offset = Math.round((i - (count - 1) / 2) * step)
    return across ? { x: cx + offset, y: cy } : { x: cx, y: cy + offset }
  })
}
