// MS@W moderator adjustments (docs/moderation.md, docs/orders-msaw.md "Moderator adjustments"): a change to
// the state in the game's own words (a suit moved, its HP, destroyed or restored, an item's ammunition or a
// shield's body, system-error phases, what it holds, its standing orders), the state's invariants (check), and
// every suit's adjustable fields (unitsOf). Each change does what it says and nothing else: no rule runs after
// it, and the result must pass check().
import { Type, type TSchema } from '@sinclair/typebox'
import type { Adjusted, Adjustment, OrderError } from '../../../engine/ruleset.js'
import { discOnTable, dist2, formatInches, sweptDiscTouchesPolygon } from '../../../engine/table/index.js'
import { refuse, type MessageKey } from './messages.js'
import { ID_MAX } from './notation.js'
import { COORD_MAX } from './order-schema.js'
import { MS_ID, type ItemPlace, type ItemState, type ItemType, type MsState, type Pt, type Suit } from './types.js'

/** A suit's disc: 1.00" across (GAP-M-1), in hundredths. */
export const DISC = 100
export const RADIUS = DISC / 2
/** Bounds of what a change may set: HP, ammunition, body, system-error phases. */
export const VALUE_MAX = 999
export const ERROR_MAX = 99
/** At most this many changes in one adjustment. */
export const ADJUSTMENTS_MAX = 200

/** Where `hold` puts an item: a hand, both hands, or stowed on the suit. */
export type HoldPlace = 'L' | 'R' | 'both' | 'stowed'

/** One change, by kind (the JSON form; the text form is in adjust-notation.ts). */
export type MsAdjustment =
  | { kind: 'move'; ms: string; at: Pt }
  | { kind: 'hp'; ms: string; hp: number }
  | { kind: 'destroy'; ms: string }
  | { kind: 'restore'; ms: string }
  | { kind: 'ammo'; ms: string; item: string; ammo: number }
  | { kind: 'body'; ms: string; item: string; body: number }
  | { kind: 'error'; ms: string; rounds: number }
  | { kind: 'hold'; ms: string; item: string; hand: HoldPlace }

export const ADJUSTMENT_KINDS: readonly MsAdjustment['kind'][] = [
  'move',
  'hp',
  'destroy',
  'restore',
  'ammo',
  'body',
  'error',
  'hold',
]

const FIELDS: Record<MsAdjustment['kind'], string[]> = {
  move: ['at'],
  hp: ['hp'],
  destroy: [],
  restore: [],
  ammo: ['item', 'ammo'],
  body: ['item', 'body'],
  error: ['rounds'],
  hold: ['item', 'hand'],
}

// ---- Schema ---------------------------------------------------------------------------------------

const strict = { additionalProperties: false } as const
const Id = (what: string) =>
  Type.String({
    pattern: `^[A-Za-z][A-Za-z0-9-]{0,${ID_MAX - 1}}$`,
    description: `${what}: a letter, then letters, digits or "-", at most ${ID_MAX} in all`,
  })
const Ms = Id('a suit id')
const Item = Id('an item id of the suit')
const count = (max: number, what: string) =>
  Type.Integer({ minimum: 0, maximum: max, description: `${what}: a whole number from 0 to ${max}` })
const Coord = Type.Integer({ minimum: -COORD_MAX, maximum: COORD_MAX, description: 'hundredths of an inch' })

/** One adjustment: the `kind` picks the schema the rest is checked against. */
export const adjustmentSchema: TSchema = Type.Unsafe<MsAdjustment>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    Type.Object(
      {
        kind: Type.Literal('move'),
        ms: Ms,
        at: Type.Object({ x: Coord, y: Coord }, { ...strict, description: 'the point: { x, y } in hundredths' }),
      },
      strict,
    ),
    Type.Object({ kind: Type.Literal('hp'), ms: Ms, hp: count(VALUE_MAX, 'HP') }, strict),
    Type.Object({ kind: Type.Literal('destroy'), ms: Ms }, strict),
    Type.Object({ kind: Type.Literal('restore'), ms: Ms }, strict),
    Type.Object({ kind: Type.Literal('ammo'), ms: Ms, item: Item, ammo: count(VALUE_MAX, 'ammunition') }, strict),
    Type.Object({ kind: Type.Literal('body'), ms: Ms, item: Item, body: count(VALUE_MAX, 'shield body') }, strict),
    Type.Object({ kind: Type.Literal('error'), ms: Ms, rounds: count(ERROR_MAX, 'system-error phases') }, strict),
    Type.Object(
      {
        kind: Type.Literal('hold'),
        ms: Ms,
        item: Item,
        hand: Type.Union([Type.Literal('L'), Type.Literal('R'), Type.Literal('both'), Type.Literal('stowed')], {
          description: '"L", "R", "both" or "stowed"',
        }),
      },
      strict,
    ),
  ],
})

// ---- What a moderator reads -------------------------------------------------------------------------

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

/** A point as "x,y" in inches. */
const inches = (p: Pt): string => `${formatInches(p.x)},${formatInches(p.y)}`

function heldIn(suit: Suit, hand: 'L' | 'R'): string | null {
  return suit.items.find((i) => i.place === hand || i.place === 'LR')?.id ?? null
}

function suitRecord(suit: Suit): Record<string, unknown> {
  const ammo: Record<string, number> = {}
  const body: Record<string, number> = {}
  for (const item of suit.items) {
    if (item.ammo !== undefined) ammo[item.id] = item.ammo
    if (item.body !== undefined) body[item.id] = item.body
  }
  return {
    type: suit.type,
    side: suit.side,
    seat: suit.seat,
    at: inches(suit.at),
    hp: suit.hp,
    maxHp: suit.maxHp,
    destroyed: suit.destroyed,
    errorPhases: suit.errorPhases,
    aim: suit.aim ? `${suit.aim.target} (round ${suit.aim.round})` : null,
    held: { L: heldIn(suit, 'L'), R: heldIn(suit, 'R') },
    stowed: suit.items.filter((i) => i.place === 'stowed').map((i) => i.id),
    ammo,
    body,
  }
}

/** Every suit by id: what a moderator reads and adjusts, as plain JSON. */
export function unitsOf(state: MsState): Record<string, Record<string, unknown>> {
  return Object.fromEntries(state.suits.map((s) => [s.id, suitRecord(s)]))
}

// ---- Adjusting ------------------------------------------------------------------------------------

type Fail = (rule: string, key: MessageKey, params: Record<string, string | number>, field?: string) => void

const HOLD_PLACES: Record<HoldPlace, ItemPlace> = { L: 'L', R: 'R', both: 'LR', stowed: 'stowed' }

function itemTypeOf(state: MsState, item: ItemState): ItemType | undefined {
  return Object.hasOwn(state.scenario.items, item.type) ? state.scenario.items[item.type] : undefined
}

/** The most body a shield of this type has: the Gouf's follows the option (AMB-M-11). */
function bodyMax(state: MsState, type: ItemType): number {
  if (type.id === 'gouf-shield' && isInt(state.options.goufShieldBody)) return state.options.goufShieldBody
  return type.body ?? 0
}

function applyOne(next: MsState, change: Adjustment, fail: Fail): void {
  const kind = change.kind as MsAdjustment['kind']
  if (typeof kind !== 'string' || !ADJUSTMENT_KINDS.includes(kind))
    return fail('ADJ-kind', 'msaw.adjust.kind', { kind: String(kind) }, 'kind')
  const known = new Set(['kind', 'ms', ...FIELDS[kind]])
  for (const field of Object.keys(change))
    if (!known.has(field)) return fail('ADJ-field', 'msaw.adjust.field', { kind, field }, field)
  const id = change.ms
  if (typeof id !== 'string') return fail('ADJ-field', 'msaw.adjust.field', { kind, field: 'ms' }, 'ms')
  const suit = next.suits.find((s) => s.id === id)
  if (!suit) return fail('ADJ-unit', 'msaw.adjust.noSuit', { ms: id }, 'ms')
  const badField = (field: string) => fail('ADJ-field', 'msaw.adjust.field', { kind, field }, field)
  const intIn = (field: string, min: number, max: number): number | null => {
    const v = change[field]
    if (!isInt(v)) return (badField(field), null)
    if (v < min || v > max) return (fail('ADJ-range', 'msaw.adjust.range', { field, value: v, min, max }, field), null)
    return v
  }
  const itemOf = (): ItemState | null => {
    const name = change.item
    if (typeof name !== 'string') return (badField('item'), null)
    const item = suit.items.find((i) => i.id === name)
    if (!item) return (fail('ADJ-unit', 'msaw.adjust.noItem', { ms: id, item: name }, 'item'), null)
    return item
  }
  const before = JSON.stringify(suit)
  switch (kind) {
    case 'move': {
      const at = change.at as Partial<Pt> | undefined
      if (typeof at !== 'object' || at === null || !isInt(at.x) || !isInt(at.y) || Object.keys(at).length !== 2)
        return badField('at')
      for (const axis of ['x', 'y'] as const)
        if (Math.abs(at[axis]!) > COORD_MAX)
          return fail('ADJ-range', 'msaw.adjust.range', {
            field: axis,
            value: at[axis]!,
            min: -COORD_MAX,
            max: COORD_MAX,
          })
      suit.at = { x: at.x, y: at.y }
      break
    }
    case 'hp': {
      const hp = intIn('hp', 0, VALUE_MAX)
      if (hp === null) return
      suit.hp = hp
      break
    }
    case 'destroy':
      if (suit.destroyed) return fail('ADJ-state', 'msaw.adjust.destroyed', { ms: id }, 'ms')
      suit.destroyed = true
      if (suit.aim) suit.aim = null
      break
    case 'restore':
      if (!suit.destroyed) return fail('ADJ-state', 'msaw.adjust.inPlay', { ms: id }, 'ms')
      suit.destroyed = false
      break
    case 'ammo': {
      const item = itemOf()
      if (!item) return
      const type = itemTypeOf(next, item)
      if (item.ammo === undefined || type?.ammo === undefined)
        return fail('ADJ-unit', 'msaw.adjust.noAmmo', { ms: id, item: item.id }, 'item')
      const n = intIn('ammo', 0, type.ammo)
      if (n === null) return
      item.ammo = n
      break
    }
    case 'body': {
      const item = itemOf()
      if (!item) return
      const type = itemTypeOf(next, item)
      if (type?.kind !== 'shield' || type.body === undefined)
        return fail('ADJ-unit', 'msaw.adjust.notShield', { ms: id, item: item.id }, 'item')
      const n = intIn('body', 0, bodyMax(next, type))
      if (n === null) return
      item.body = n
      break
    }
    case 'error': {
      const n = intIn('rounds', 0, ERROR_MAX)
      if (n === null) return
      suit.errorPhases = n
      break
    }
    case 'hold': {
      const item = itemOf()
      if (!item) return
      const hand = change.hand
      if (typeof hand !== 'string' || !Object.hasOwn(HOLD_PLACES, hand)) return badField('hand')
      if (item.place === 'fixed' || itemTypeOf(next, item)?.carry === 'fixed')
        return fail('GAP-M-2', 'msaw.adjust.fixed', { ms: id, item: item.id }, 'item')
      item.place = HOLD_PLACES[hand as HoldPlace]
      break
    }
  }
  if (JSON.stringify(suit) === before) fail('ADJ-state', 'msaw.adjust.same', { ms: id, kind })
}

/** The state after the changes, in order; refused with every error, or when the result breaks check(). */
export function adjust(state: MsState, changes: readonly Adjustment[]): Adjusted<MsState> {
  const next = structuredClone(state)
  const errors: OrderError[] = []
  if (changes.length > ADJUSTMENTS_MAX)
    return {
      ok: false,
      errors: [
        refuse('ADJ-range', 'msaw.adjust.range', {
          field: 'changes',
          value: changes.length,
          min: 1,
          max: ADJUSTMENTS_MAX,
        }),
      ],
    }
  changes.forEach((change, index) => {
    const fail: Fail = (rule, key, params, field) =>
      errors.push(refuse(rule, key, params, { order: index, ...(field ? { field } : {}) }))
    if (typeof change !== 'object' || change === null || Array.isArray(change))
      return fail('ADJ-kind', 'msaw.adjust.kind', { kind: String(change) })
    applyOne(next, change, fail)
  })
  if (errors.length > 0) return { ok: false, errors }
  const broken = check(next)
  if (broken.length === 0) return { ok: true, state: next }
  // Each broken invariant is laid at the last change that named its suit.
  const lastOf = new Map<string, number>()
  changes.forEach((c, i) => lastOf.set(String(c.ms), i))
  return {
    ok: false,
    errors: broken.map((e) => {
      const at = lastOf.get(String(e.params?.ms)) ?? changes.length - 1
      return at >= 0 ? { ...e, order: at } : e
    }),
  }
}

// ---- Invariants -------------------------------------------------------------------------------------

const ID_RE = new RegExp(`^[A-Za-z][A-Za-z0-9-]{0,${ID_MAX - 1}}$`)
const PLACES: readonly ItemPlace[] = ['L', 'R', 'LR', 'stowed', 'fixed']
const isPt = (p: unknown): p is Pt => typeof p === 'object' && p !== null && isInt((p as Pt).x) && isInt((p as Pt).y)

/** The items of a suit: each id once, ammunition and body in range, each where its carry lets it be (MS-2.2). */
function checkItems(
  state: MsState,
  suit: Suit,
  err: (rule: string, key: MessageKey, p: Record<string, string | number>) => void,
) {
  const ms = suit.id
  const ids = new Set<string>()
  const inHand: Record<'L' | 'R', string[]> = { L: [], R: [] }
  const blocked = new Set(state.scenario.suits[suit.type]?.blockedHands ?? [])
  for (const item of suit.items) {
    if (ids.has(item.id)) err('GAP-M-2', 'msaw.check.itemId', { ms, item: item.id })
    ids.add(item.id)
    const type = itemTypeOf(state, item)
    if (!type) {
      err('MS-6', 'msaw.check.type', { ms, what: 'item', type: String(item.type) })
      continue
    }
    if (item.ammo !== undefined || type.ammo !== undefined) {
      const max = type.ammo ?? 0
      if (!isInt(item.ammo) || item.ammo < 0 || item.ammo > max)
        err('MS-3.9', 'msaw.check.ammo', { ms, item: item.id, value: String(item.ammo), max })
    }
    if (item.body !== undefined) {
      const max = bodyMax(state, type)
      if (!isInt(item.body) || item.body < 0 || item.body > max)
        err('MS-3.7', 'msaw.check.body', { ms, item: item.id, value: String(item.body), max })
    }
    const place = item.place
    if (!PLACES.includes(place) || (type.carry === 'fixed') !== (place === 'fixed')) {
      err('GAP-M-2', 'msaw.check.place', { ms, item: item.id, place: String(place), carry: type.carry })
      continue
    }
    if (place === 'stowed' && !type.stowable) err('MS-2.2', 'msaw.check.stowable', { ms, item: item.id })
    if ((type.hands ?? 1) === 2 && (place === 'L' || place === 'R'))
      err('MS-2.2', 'msaw.check.twoHanded', { ms, item: item.id, place })
    if ((type.hands ?? 1) === 1 && place === 'LR') err('MS-2.2', 'msaw.check.oneHanded', { ms, item: item.id })
    for (const hand of ['L', 'R'] as const)
      if (place === hand || place === 'LR') {
        inHand[hand].push(item.id)
        if (blocked.has(hand)) err('GAP-M-2', 'msaw.check.blocked', { ms, hand, item: item.id })
      }
  }
  for (const hand of ['L', 'R'] as const)
    if (inHand[hand].length > 1) err('MS-2.2', 'msaw.check.hand', { ms, hand, count: inHand[hand].length })
}

/** Every broken invariant of the state; [] when it is sound. Never throws, whatever the JSON holds. */
export function check(state: MsState): OrderError[] {
  const errors: OrderError[] = []
  const err = (rule: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    errors.push(refuse(rule, key, params))
  const game = (field: string, value: unknown) =>
    err('ADJ-game', 'msaw.check.game', { field, value: JSON.stringify(value) ?? 'undefined' })
  if (state?.system !== MS_ID) game('system', state?.system)
  if (!['deploy', 'action', 'react'].includes(state?.step)) game('step', state?.step)
  if (!isInt(state?.round) || state.round < 0) game('round', state?.round)
  const scn = state?.scenario
  if (!Array.isArray(state?.suits) || !scn?.table || !scn.items || !scn.suits) {
    game('suits', typeof state?.suits)
    return errors
  }
  const table = scn.table
  const ids = new Set<string>()
  const placed: Suit[] = []
  for (const suit of state.suits) {
    if (typeof suit !== 'object' || suit === null) {
      game('suit', suit)
      continue
    }
    const ms = String(suit.id)
    if (!ID_RE.test(ms)) game('suit', suit.id)
    if (ids.has(ms)) err('ADJ-unit', 'msaw.check.duplicate', { ms })
    ids.add(ms)
    if (!Object.hasOwn(scn.suits, suit.type))
      err('MS-6', 'msaw.check.type', { ms, what: 'suit', type: String(suit.type) })
    if (!Array.isArray(suit.items)) {
      game('items', suit.items)
      continue
    }
    checkItems(state, suit, err)
    if (!isInt(suit.errorPhases) || suit.errorPhases < 0)
      err('MS-4.4', 'msaw.check.errorPhases', { ms, value: String(suit.errorPhases) })
    if (suit.destroyed) continue
    if (!isInt(suit.hp) || !isInt(suit.maxHp) || suit.hp < 1 || suit.hp > suit.maxHp)
      err('GAP-M-5', 'msaw.check.hp', { ms, value: String(suit.hp), max: String(suit.maxHp) })
    // A seat still to deploy has not put its suits on the table yet.
    if (state.step === 'deploy' && !state.deployed?.includes(suit.seat)) continue
    if (!isPt(suit.at)) {
      game('at', suit.at)
      continue
    }
    const at = inches(suit.at)
    if (!discOnTable(suit.at, RADIUS, table))
      err('GAP-M-4', 'msaw.check.offTable', {
        ms,
        at,
        width: formatInches(table.width),
        height: formatInches(table.height),
      })
    for (const other of placed)
      if (dist2(suit.at, other.at) < DISC * DISC)
        err('GAP-M-1', 'msaw.check.overlap', { ms, at, other: other.id, otherAt: inches(other.at) })
    placed.push(suit)
    for (const piece of scn.terrain ?? []) {
      if (piece?.move !== 'impassable') continue
      // A disc at rest is a move of no length: the test the moves use (house reading: no overlap at any moment).
      let inside: boolean
      try {
        inside = sweptDiscTouchesPolygon(suit.at, suit.at, RADIUS, piece.polygon)
      } catch {
        game('terrain', piece.id)
        continue
      }
      if (inside) err('MS-2.1', 'msaw.check.impassable', { ms, at, piece: piece.name ?? piece.id })
    }
  }
  return errors
}
