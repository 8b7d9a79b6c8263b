// Moderators' adjustments (docs/moderation.md, docs/orders-abaoaqu.md "Moderator adjustments"): changes to
// the state in the game's own words (move, remove, restore a unit; its morale state, face, pilot; a BD
// marker; the counters victory reads), each doing exactly what it says, and check(), the state's invariants.
import { Type, type TSchema } from '@sinclair/typebox'
import type { Adjusted, Adjustment, OrderError } from '../../../engine/ruleset.js'
import { BD_LIFETIME } from './bd-screen.js'
import { cloneState } from './context.js'
import { hexKey, hexLabel, onMap, sameHex } from './geometry.js'
import { refuse } from './messages.js'
import { STACK_LIMIT } from './movement.js'
import { HEX_MAX, ID_MAX, UNITS_MAX } from './order-schema.js'
import type { Face, Hex, Morale, Pilot, State, Unit } from './types.js'
import { stackClass, unitType } from './units.js'

/** The highest turn a change names: more than any scenario lasts (its `enterTurn` of a unit to come). */
export const ADJUST_TURN_MAX = 99
/** At most this many changes in one adjustment. */
export const ADJUSTMENTS_MAX = 500

export const MORALES: readonly Morale[] = ['N', 'C', 'D']
export const FACES: readonly Face[] = ['front', 'back']
export const PILOTS: readonly Exclude<Pilot, null>[] = ['N1', 'N2', 'N3', 'N4', 'E', 'S']

/** One change, by kind (the JSON form; the text form is in adjust-notation.ts). */
export type AbqAdjustment =
  | { kind: 'move'; unit: string; hex: Hex }
  | { kind: 'remove'; unit: string }
  | { kind: 'restore'; unit: string; hex: Hex }
  | { kind: 'morale'; unit: string; morale: Morale }
  | { kind: 'flip'; unit: string; face: Face }
  | { kind: 'pilot'; unit: string; pilot: Pilot }
  | { kind: 'spent'; unit: string; spent: boolean }
  | { kind: 'enter-turn'; unit: string; turn: number }
  | { kind: 'bd'; hex: Hex; turn: number }
  | { kind: 'bd-clear'; hex: Hex }
  | { kind: 'ships-destroyed'; side: string; count: number }
  | { kind: 'occupation'; side: string; streak: number }

export const ADJUSTMENT_KINDS: readonly AbqAdjustment['kind'][] = [
  'move',
  'remove',
  'restore',
  'morale',
  'flip',
  'pilot',
  'spent',
  'enter-turn',
  'bd',
  'bd-clear',
  'ships-destroyed',
  'occupation',
]

// ---- Schema ---------------------------------------------------------------------------------------

const strict = { additionalProperties: false } as const
const UnitId = Type.String({
  pattern: `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`,
  description: `a unit id: a letter, then letters or digits, at most ${ID_MAX} in all`,
})
const SideId = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,15}$', description: 'a side id, e.g. "FED"' })
const Coordinate = Type.Integer({ minimum: 0, maximum: HEX_MAX, description: `a whole number from 0 to ${HEX_MAX}` })
const HexField = Type.Array(Coordinate, { minItems: 2, maxItems: 2, description: 'a hex as [column, row]' })
const Turn = Type.Integer({ minimum: 1, maximum: ADJUST_TURN_MAX, description: `a turn from 1 to ${ADJUST_TURN_MAX}` })
const Count = Type.Integer({ minimum: 0, maximum: UNITS_MAX, description: `a whole number from 0 to ${UNITS_MAX}` })
const literals = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  )

const kindSchemas = [
  Type.Object({ kind: Type.Literal('move'), unit: UnitId, hex: HexField }, strict),
  Type.Object({ kind: Type.Literal('remove'), unit: UnitId }, strict),
  Type.Object({ kind: Type.Literal('restore'), unit: UnitId, hex: HexField }, strict),
  Type.Object({ kind: Type.Literal('morale'), unit: UnitId, morale: literals(MORALES, '"N", "C" or "D"') }, strict),
  Type.Object({ kind: Type.Literal('flip'), unit: UnitId, face: literals(FACES, '"front" or "back"') }, strict),
  Type.Object(
    {
      kind: Type.Literal('pilot'),
      unit: UnitId,
      pilot: Type.Union([...PILOTS.map((p) => Type.Literal(p)), Type.Null()], {
        description: '"N1" to "N4" (newtype), "E" (elite), "S" (student) or null (a regular pilot)',
      }),
    },
    strict,
  ),
  Type.Object({ kind: Type.Literal('spent'), unit: UnitId, spent: Type.Boolean() }, strict),
  Type.Object({ kind: Type.Literal('enter-turn'), unit: UnitId, turn: Turn }, strict),
  Type.Object({ kind: Type.Literal('bd'), hex: HexField, turn: Turn }, strict),
  Type.Object({ kind: Type.Literal('bd-clear'), hex: HexField }, strict),
  Type.Object({ kind: Type.Literal('ships-destroyed'), side: SideId, count: Count }, strict),
  Type.Object({ kind: Type.Literal('occupation'), side: SideId, streak: Count }, strict),
]

/** One adjustment: the `kind` picks the schema the rest is checked against (as orders do). */
export const adjustmentSchema: TSchema = Type.Unsafe<Adjustment>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: kindSchemas,
})

// ---- Reading a change defensively (adjust() may be given any JSON) ---------------------------------

class ChangeError extends Error {
  constructor(readonly error: OrderError) {
    super(error.message)
  }
}

function fail(error: OrderError): never {
  throw new ChangeError(error)
}

function field(change: Adjustment, name: string): unknown {
  return Object.hasOwn(change, name) ? change[name] : undefined
}

function hexOf(state: State, change: Adjustment, name = 'hex'): Hex {
  const v = field(change, name)
  const ok = Array.isArray(v) && v.length === 2 && v.every((x) => Number.isInteger(x))
  if (!ok) fail(refuse('ADJ-hex', 'abaoaqu.adjust.badHex', { field: name }, { field: name }))
  const hex: Hex = [v[0] as number, v[1] as number]
  const map = state.scenario.map
  if (!onMap(map, hex))
    fail(
      refuse(
        'ADJ-hex',
        'abaoaqu.movement.offMap',
        { hex: labelOf(hex), cols: map.cols, rows: map.rows },
        { field: name },
      ),
    )
  return hex
}

function unitOf(state: State, change: Adjustment): Unit {
  const v = field(change, 'unit')
  const id = typeof v === 'string' ? v.toUpperCase() : ''
  const unit = id ? state.units.find((u) => u.id === id) : undefined
  if (!unit) fail(refuse('ADJ-unit', 'abaoaqu.unknownUnit', { unit: String(v ?? '') }, { field: 'unit' }))
  return unit
}

function sideOf(state: State, change: Adjustment): string {
  const v = field(change, 'side')
  const side = state.scenario.sides.find((s) => s.id === v)
  if (!side)
    fail(
      refuse(
        'ADJ-side',
        'abaoaqu.adjust.unknownSide',
        { side: String(v ?? ''), sides: state.scenario.sides.map((s) => s.id).join(', ') },
        { field: 'side' },
      ),
    )
  return side.id
}

function oneOf<T>(change: Adjustment, name: string, values: readonly T[], shown = values.map(String)): T {
  const v = field(change, name) as T
  if (!values.includes(v))
    fail(
      refuse(
        'ADJ-range',
        'abaoaqu.adjust.badValue',
        { field: name, value: String(v), values: shown.join(', ') },
        { field: name },
      ),
    )
  return v
}

function integer(change: Adjustment, name: string, min: number, max: number): number {
  const v = field(change, name)
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    fail(refuse('ADJ-range', 'abaoaqu.adjust.range', { field: name, value: String(v), min, max }, { field: name }))
  return v
}

function unchanged(subject: string, name: string, value: string): never {
  fail(refuse('ADJ-unchanged', 'abaoaqu.adjust.unchanged', { subject, field: name, value }, { field: name }))
}

/** The notation's hex label; three-digit coordinates (no map has them) are written col.row. */
export function labelOf(h: Hex): string {
  return h[0] > 99 || h[1] > 99 ? `${h[0]}.${h[1]}` : hexLabel(h)
}

// ---- Applying ---------------------------------------------------------------------------------------

function typeName(state: State, u: Unit): string {
  return unitType(state, u).name
}

/** Ships of the side's opponents: the most the side can have destroyed. */
function enemyShips(state: State, side: string, onlyGone: boolean): number {
  return state.units.filter((u) => u.side !== side && stackClass(state, u) === 'SHIP' && (!onlyGone || u.at === 'gone'))
    .length
}

function occupyRule(state: State, side: string) {
  return state.scenario.victory.find((v) => v.type === 'occupy' && v.side === side) as
    Extract<State['scenario']['victory'][number], { type: 'occupy' }> | undefined
}

/** Applies one change to the working copy `s` (mutated), or throws ChangeError. */
function apply(s: State, change: Adjustment): void {
  switch (change.kind) {
    case 'move': {
      const u = unitOf(s, change)
      const hex = hexOf(s, change)
      if (u.at === 'gone') fail(refuse('ADJ-state', 'abaoaqu.adjust.moveRemoved', { unit: u.id }, { field: 'unit' }))
      if (u.at === 'map' && sameHex(u.hex, hex)) unchanged(u.id, 'hex', labelOf(hex))
      u.at = 'map'
      u.hex = hex
      return
    }
    case 'remove': {
      const u = unitOf(s, change)
      if (u.at === 'gone') fail(refuse('ADJ-state', 'abaoaqu.adjust.alreadyRemoved', { unit: u.id }, { field: 'unit' }))
      u.at = 'gone'
      return
    }
    case 'restore': {
      const u = unitOf(s, change)
      const hex = hexOf(s, change)
      if (u.at !== 'gone') fail(refuse('ADJ-state', 'abaoaqu.adjust.inPlay', { unit: u.id }, { field: 'unit' }))
      u.at = 'map'
      u.hex = hex
      return
    }
    case 'morale': {
      const u = unitOf(s, change)
      const morale = oneOf(change, 'morale', MORALES)
      if (u.morale === morale) unchanged(u.id, 'morale', morale)
      u.morale = morale
      return
    }
    case 'flip': {
      const u = unitOf(s, change)
      const face = oneOf(change, 'face', FACES)
      if (!unitType(s, u).faces.back)
        fail(refuse('A-2-3', 'abaoaqu.adjust.singleSided', { unit: u.id, type: typeName(s, u) }, { field: 'unit' }))
      if (u.face === face) unchanged(u.id, 'face', face)
      u.face = face
      return
    }
    case 'pilot': {
      const u = unitOf(s, change)
      const pilot = oneOf<Pilot>(change, 'pilot', [...PILOTS, null], [...PILOTS, 'null'])
      if (u.pilot === pilot) unchanged(u.id, 'pilot', pilot ?? 'none')
      u.pilot = pilot
      return
    }
    case 'spent': {
      const u = unitOf(s, change)
      const spent = oneOf(change, 'spent', [true, false])
      if (!unitType(s, u).satelliteMissile)
        fail(refuse('A-16-2', 'abaoaqu.adjust.notMissile', { unit: u.id, type: typeName(s, u) }, { field: 'unit' }))
      if (u.spent === spent) unchanged(u.id, 'spent', String(spent))
      u.spent = spent
      return
    }
    case 'enter-turn': {
      const u = unitOf(s, change)
      const turn = integer(change, 'turn', 1, ADJUST_TURN_MAX)
      if (u.entry === null) fail(refuse('A-4-6b', 'abaoaqu.adjust.noEntryTurn', { unit: u.id }, { field: 'unit' }))
      if (u.enterTurn === turn) unchanged(u.id, 'enterTurn', String(turn))
      u.enterTurn = turn
      return
    }
    case 'bd': {
      const hex = hexOf(s, change)
      const turn = integer(change, 'turn', Math.max(1, s.turn - BD_LIFETIME + 1), s.turn)
      s.bd.push({ hex, turn })
      return
    }
    case 'bd-clear': {
      const hex = hexOf(s, change)
      if (!s.bd.some((m) => sameHex(m.hex, hex)))
        fail(refuse('ADJ-marker', 'abaoaqu.adjust.noMarker', { hex: labelOf(hex) }, { field: 'hex' }))
      s.bd = s.bd.filter((m) => !sameHex(m.hex, hex))
      return
    }
    case 'ships-destroyed': {
      const side = sideOf(s, change)
      const count = integer(change, 'count', 0, enemyShips(s, side, false))
      if ((s.shipsDestroyed[side] ?? 0) === count) unchanged(side, 'shipsDestroyed', String(count))
      s.shipsDestroyed[side] = count
      return
    }
    case 'occupation': {
      const side = sideOf(s, change)
      const rule = occupyRule(s, side)
      if (!rule || !s.occupation[side])
        fail(refuse('ADJ-side', 'abaoaqu.adjust.notOccupier', { side }, { field: 'side' }))
      const streak = integer(change, 'streak', 0, rule.consecutiveTurns)
      if (s.occupation[side].streak === streak) unchanged(side, 'streak', String(streak))
      s.occupation[side].streak = streak
      return
    }
    default:
      fail(
        refuse(
          'ADJ-kind',
          'abaoaqu.adjust.unknownKind',
          { kind: String(change.kind), kinds: ADJUSTMENT_KINDS.join(', ') },
          { field: 'kind' },
        ),
      )
  }
}

/**
 * The state after the changes, applied in order to a copy (the state given is never touched). Refused with
 * every change's error; when every change applied, refused with check()'s errors if the result is unsound.
 */
export function adjust(state: State, changes: Adjustment[]): Adjusted<State> {
  const s = cloneState(state)
  const errors: OrderError[] = []
  changes.forEach((change, order) => {
    try {
      if (change === null || typeof change !== 'object') fail(refuse('ADJ-kind', 'abaoaqu.adjust.notObject'))
      apply(s, change)
    } catch (e) {
      if (!(e instanceof ChangeError)) throw e
      errors.push({ ...e.error, order })
    }
  })
  if (errors.length) return { ok: false, errors }
  const broken = check(s).map((e) => blame(s, changes, e))
  return broken.length ? { ok: false, errors: broken } : { ok: true, state: s }
}

/**
 * A broken invariant blamed on the last change that can have broken it, so that it has a line: an
 * over-stacked hex on the last move or restore into it, a side's counter on its last change.
 */
function blame(state: State, changes: Adjustment[], e: OrderError): OrderError {
  const p = e.params ?? {}
  const into = (c: Adjustment) =>
    (c.kind === 'move' || c.kind === 'restore') &&
    Array.isArray(c.hex) &&
    labelOf([Number(c.hex[0]), Number(c.hex[1])]) === p.hex &&
    state.units.find((u) => u.id === String(c.unit).toUpperCase())?.side === p.side
  const find =
    e.key === 'abaoaqu.check.stack'
      ? into
      : e.key === 'abaoaqu.check.shipsDestroyed'
        ? (c: Adjustment) => c.kind === 'ships-destroyed' && c.side === p.side
        : null
  const order = find ? changes.findLastIndex(find) : -1
  return order < 0 ? e : { ...e, order, field: e.key === 'abaoaqu.check.stack' ? 'hex' : 'count' }
}

// ---- Invariants -------------------------------------------------------------------------------------

/** Every invariant the state breaks, each citing its rule. */
export function check(state: State): OrderError[] {
  const errors: OrderError[] = []
  const map = state.scenario.map
  const sides = new Set(state.scenario.sides.map((s) => s.id))
  const groups = new Set(state.scenario.groups.map((g) => g.id))
  const seen = new Map<string, number>()
  const stacks = new Map<string, { side: string; hex: Hex; MS: number; SHIP: number }>()
  for (const u of state.units) {
    seen.set(u.id, (seen.get(u.id) ?? 0) + 1)
    const type = state.scenario.unitTypes[u.type]
    if (!type) {
      errors.push(refuse('ADJ-unit', 'abaoaqu.check.unknownType', { unit: u.id, type: String(u.type) }))
      continue
    }
    const bad = (name: string, value: unknown, values: readonly unknown[], rule: string) => {
      if (!values.includes(value))
        errors.push(
          refuse(rule, 'abaoaqu.check.badField', {
            unit: u.id,
            field: name,
            value: String(value),
            values: values.map(String).join(', '),
          }),
        )
    }
    bad('side', u.side, [...sides], 'ADJ-unit')
    bad('group', u.group, [...groups], 'ADJ-unit')
    bad('at', u.at, ['reserve', 'map', 'gone'], 'A-2-6')
    bad('morale', u.morale, MORALES, 'A-2-6')
    bad('face', u.face, FACES, 'A-2-6')
    bad('pilot', u.pilot, [...PILOTS, null], 'A-2-2')
    bad('spent', u.spent, [true, false], 'A-16-2')
    if (u.face === 'back' && !type.faces.back)
      errors.push(refuse('A-2-3', 'abaoaqu.check.backFace', { unit: u.id, type: type.name }))
    if (u.spent === true && !type.satelliteMissile)
      errors.push(refuse('A-16-2', 'abaoaqu.check.spent', { unit: u.id, type: type.name }))
    if (!Number.isInteger(u.enterTurn) || u.enterTurn < 1)
      errors.push(refuse('ADJ-range', 'abaoaqu.check.enterTurn', { unit: u.id, value: String(u.enterTurn) }))
    if (u.entry !== null && !(Number.isInteger(u.entry) && state.scenario.entries[u.entry]))
      errors.push(refuse('A-4-6b', 'abaoaqu.check.noEntry', { unit: u.id }))
    if (u.at === 'reserve') {
      if (u.hex !== null) errors.push(refuse('A-4-6b', 'abaoaqu.check.reserveHex', { unit: u.id, hex: labelOf(u.hex) }))
      if (u.entry === null) errors.push(refuse('A-4-6b', 'abaoaqu.check.noEntry', { unit: u.id }))
    }
    if (u.at !== 'map') continue
    if (!Array.isArray(u.hex) || !onMap(map, u.hex)) {
      errors.push(
        u.hex
          ? refuse('A-4-6a', 'abaoaqu.check.offMap', { unit: u.id, hex: String(u.hex), cols: map.cols, rows: map.rows })
          : refuse('A-4-6a', 'abaoaqu.check.noHex', { unit: u.id }),
      )
      continue
    }
    const key = `${u.side}|${hexKey(u.hex)}`
    const stack = stacks.get(key) ?? { side: u.side, hex: u.hex, MS: 0, SHIP: 0 }
    stack[stackClass(state, u)]++
    stacks.set(key, stack)
  }
  for (const [unit, count] of seen)
    if (count > 1) errors.push(refuse('ADJ-unit', 'abaoaqu.check.duplicate', { unit, count }))
  for (const stack of stacks.values())
    for (const cls of ['MS', 'SHIP'] as const)
      if (stack[cls] > STACK_LIMIT[cls])
        errors.push(
          refuse('A-5-2', 'abaoaqu.check.stack', {
            hex: labelOf(stack.hex),
            units: stack[cls],
            class: cls,
            side: stack.side,
            limit: STACK_LIMIT[cls],
          }),
        )
  for (const m of state.bd) {
    if (!onMap(map, m.hex)) errors.push(refuse('A-18-3', 'abaoaqu.check.markerOffMap', { hex: String(m.hex) }))
    else if (!Number.isInteger(m.turn) || m.turn < 1 || m.turn > state.turn || m.turn + BD_LIFETIME <= state.turn)
      errors.push(
        refuse('A-18-6', 'abaoaqu.check.markerTurn', {
          hex: labelOf(m.hex),
          placed: String(m.turn),
          turn: state.turn,
          lifetime: BD_LIFETIME - 1,
        }),
      )
  }
  for (const side of sides) {
    const count = state.shipsDestroyed[side] ?? 0
    const max = enemyShips(state, side, true)
    if (!Number.isInteger(count) || count < 0 || count > max)
      errors.push(refuse('GAP-A-8', 'abaoaqu.check.shipsDestroyed', { side, value: String(count), max }))
  }
  for (const [side, entry] of Object.entries(state.occupation)) {
    const rule = occupyRule(state, side)
    const max = rule?.consecutiveTurns ?? 0
    if (!Number.isInteger(entry.streak) || entry.streak < 0 || entry.streak > max)
      errors.push(refuse('AMB-A-21', 'abaoaqu.check.streak', { side, value: String(entry.streak), max }))
  }
  const ids = new Set(state.units.map((u) => u.id))
  for (const d of state.declared)
    for (const id of [...d.attackers, ...d.targets])
      if (!ids.has(id)) errors.push(refuse('ADJ-unit', 'abaoaqu.check.declaredUnit', { attack: d.id, unit: id }))
  for (const id of Object.keys(state.used))
    if (!ids.has(id)) errors.push(refuse('ADJ-unit', 'abaoaqu.check.usedUnit', { unit: id }))
  return errors
}

// ---- What a moderator reads ---------------------------------------------------------------------------

/**
 * Every unit by id: status ("map", "reserve": still to come, or "removed": eliminated or spent), hex as
 * the map writes it (null off the map), morale state, face (double-sided units), pilot, entry turn (units
 * that enter), spent (Satellite Missiles).
 */
export function unitsOf(state: State): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const u of state.units) {
    const type = state.scenario.unitTypes[u.type]
    out[u.id] = {
      type: u.type,
      name: type?.name ?? u.type,
      side: u.side,
      group: u.group,
      status: u.at === 'gone' ? 'removed' : u.at,
      hex: u.at === 'map' && u.hex ? labelOf(u.hex) : null,
      morale: u.morale,
      ...(type?.faces.back ? { face: u.face } : {}),
      pilot: u.pilot,
      ...(u.entry !== null ? { enterTurn: u.enterTurn } : {}),
      ...(type?.satelliteMissile ? { spent: u.spent } : {}),
    }
  }
  return out
}
