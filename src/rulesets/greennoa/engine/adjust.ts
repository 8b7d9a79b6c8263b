// GREEN NOA moderator adjustments (docs/orders-greennoa.md, "Moderator adjustments"; docs/moderation.md): a
// change to the state in the system's own words (a unit moved, turned, removed, restored, its form, its S / M
// / F / C markers, its turns used), the state's invariants (check), and every unit's adjustable fields
// (unitsOf). Each change does what it says and nothing else: no rule runs after it.
import { Type, type TSchema } from '@sinclair/typebox'
import type { Adjusted, Adjustment, OrderError } from '../../../engine/ruleset.js'
import { inBounds, offsetKey, type Direction, type OffsetHex } from '../../../engine/hex/index.js'
import { combatSide } from './combat.js'
import { refuse, type MessageKey } from './messages.js'
import { FORM_MAX, ID_MAX } from './order-schema.js'
import { GN_VERSIONS } from './setup.js'
import { GN_ID, SIDES, type GnState, type PhaseNo, type Side, type Unit } from './types.js'
import { hexLabel, otherSide, turnLimit } from './units.js'

/** The state markers a unit carries for good (GN-7-7 M and F, GN-8-4 C). */
export type Mark = 'M' | 'F' | 'C'
export const MARKS: readonly Mark[] = ['M', 'F', 'C']

/** One moderator adjustment (JSON as the schema below describes it; the notation reads the same). */
export type GnAdjustment =
  | { kind: 'move'; unit: string; hex: string; facing?: Direction }
  | { kind: 'face'; unit: string; facing: Direction }
  | { kind: 'remove'; unit: string }
  | { kind: 'restore'; unit: string; hex: string; facing: Direction }
  | { kind: 'form'; unit: string; form: string }
  | { kind: 'mark'; unit: string; mark: Mark }
  | { kind: 'unmark'; unit: string; mark: Mark | 'S' }
  | { kind: 'suppress'; unit: string; inning: number; phase: PhaseNo }
  | { kind: 'turns'; unit: string; used: number }

export const ADJUSTMENT_KINDS = [
  'move',
  'face',
  'remove',
  'restore',
  'form',
  'mark',
  'unmark',
  'suppress',
  'turns',
] as const

/** Innings a scenario may last, and turns a unit may make in one, at most: bounds of the schema. */
const INNING_MAX = 99
const TURNS_MAX = 20

// ---------------------------------------------------------------------------------------------------------
// Schema of one adjustment

const strict = { additionalProperties: false } as const
const UnitId = Type.String({
  pattern: `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`,
  description: `a unit id: a letter, then letters or digits, at most ${ID_MAX} in all`,
})
const Hex = Type.String({ pattern: '^[0-9]{4}$', description: 'a hex as CCRR: column and row, two digits each' })
const Facing = Type.Integer({ minimum: 0, maximum: 5, description: 'facing: 0 north, then clockwise to 5' })
const MarkSchema = (marks: readonly string[], what: string) =>
  Type.Union(
    marks.map((m) => Type.Literal(m)),
    { description: what },
  )

const adjustmentSchemas = [
  Type.Object({ kind: Type.Literal('move'), unit: UnitId, hex: Hex, facing: Type.Optional(Facing) }, strict),
  Type.Object({ kind: Type.Literal('face'), unit: UnitId, facing: Facing }, strict),
  Type.Object({ kind: Type.Literal('remove'), unit: UnitId }, strict),
  Type.Object({ kind: Type.Literal('restore'), unit: UnitId, hex: Hex, facing: Facing }, strict),
  Type.Object(
    {
      kind: Type.Literal('form'),
      unit: UnitId,
      form: Type.String({
        pattern: `^[a-z][a-z0-9]{0,${FORM_MAX - 1}}$`,
        description: 'a form id of the unit\'s type ("normal", "launcher", "ms", "ma")',
      }),
    },
    strict,
  ),
  Type.Object(
    { kind: Type.Literal('mark'), unit: UnitId, mark: MarkSchema(MARKS, 'M (cannot move), F (fire), C (melee)') },
    strict,
  ),
  Type.Object(
    { kind: Type.Literal('unmark'), unit: UnitId, mark: MarkSchema(['S', ...MARKS], 'S, M, F or C') },
    strict,
  ),
  Type.Object(
    {
      kind: Type.Literal('suppress'),
      unit: UnitId,
      inning: Type.Integer({ minimum: 1, maximum: INNING_MAX, description: 'S lasts to the end of this inning…' }),
      phase: Type.Integer({ minimum: 1, maximum: 9, description: '…phase (1 to 9, GN-3-2)' }),
    },
    strict,
  ),
  Type.Object(
    {
      kind: Type.Literal('turns'),
      unit: UnitId,
      used: Type.Integer({ minimum: 0, maximum: TURNS_MAX, description: 'turns made this inning (GN-4-5)' }),
    },
    strict,
  ),
]

/** One adjustment: the `kind` picks the schema the rest is checked against. */
export const adjustmentSchema: TSchema = Type.Unsafe<GnAdjustment>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: adjustmentSchemas,
})

// ---------------------------------------------------------------------------------------------------------
// Reading fields (adjust takes JSON the schema may not have checked)

/** "CCRR" as a hex, or null when not four digits. */
export function parseHex(text: string): OffsetHex | null {
  if (!/^[0-9]{4}$/.test(text)) return null
  return { col: Number(text.slice(0, 2)), row: Number(text.slice(2)) }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
const isFacing = (v: unknown): v is Direction => isInt(v) && v >= 0 && v <= 5

type Fail = (rule: string, key: MessageKey, params: Record<string, string | number>, field?: string) => void

function unitRecord(u: Unit): Record<string, unknown> {
  return {
    side: u.side,
    type: u.type,
    pilot: u.pilot,
    status: u.removed ? 'removed' : 'in play',
    hex: hexLabel(u.hex),
    facing: u.facing,
    form: u.form,
    S: u.s ? { inning: u.s.inning, phase: u.s.phase } : null,
    M: u.m,
    F: u.f,
    C: u.c,
    turnsUsed: u.turnsUsed,
  }
}

/** Every unit by id: what a moderator reads and adjusts, as plain JSON (a removed unit has status "removed"). */
export function unitsOf(state: GnState): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const u of state.units) out[u.id] = unitRecord(u)
  return out
}

// ---------------------------------------------------------------------------------------------------------
// adjust

/** Applies one change to `next` (a working copy) or reports why it cannot be made. */
function applyOne(next: GnState, change: Adjustment, fail: Fail): void {
  const kind = change.kind
  if (typeof kind !== 'string' || !(ADJUSTMENT_KINDS as readonly string[]).includes(kind))
    return fail('ADJ-kind', 'greennoa.adjust.kind', { kind: String(kind) }, 'kind')
  const known = new Set(['kind', 'unit', ...fieldsOf(kind as GnAdjustment['kind'])])
  for (const field of Object.keys(change))
    if (!known.has(field)) return fail('ADJ-field', 'greennoa.adjust.field', { kind, field }, field)
  const id = change.unit
  if (typeof id !== 'string') return fail('ADJ-field', 'greennoa.adjust.field', { kind, field: 'unit' }, 'unit')
  const unit = next.units.find((u) => u.id === id)
  if (!unit) return fail('ADJ-unit', 'greennoa.adjust.noUnit', { unit: id }, 'unit')
  const map = next.scenario.map
  const hexOf = (field: string): OffsetHex | null => {
    const text = change[field]
    const hex = typeof text === 'string' ? parseHex(text) : null
    if (!hex) {
      fail('ADJ-field', 'greennoa.adjust.field', { kind, field }, field)
      return null
    }
    if (!inBounds(map, hex)) {
      fail(
        'ADJ-hex',
        'greennoa.adjust.hex',
        { hex: text as string, last: hexLabel({ col: map.cols - 1, row: map.rows - 1 }) },
        field,
      )
      return null
    }
    return hex
  }
  const facingOf = (required: boolean): Direction | null | undefined => {
    const f = change.facing
    if (f === undefined && !required) return undefined
    if (!isFacing(f)) {
      if (isInt(f)) fail('ADJ-range', 'greennoa.adjust.facing', { facing: f }, 'facing')
      else fail('ADJ-field', 'greennoa.adjust.field', { kind, field: 'facing' }, 'facing')
      return null
    }
    return f
  }
  const inPlay = () => {
    if (unit.removed) fail('ADJ-state', 'greennoa.adjust.removed', { unit: id, kind }, 'unit')
    return !unit.removed
  }
  const before = JSON.stringify(unit)
  switch (kind as GnAdjustment['kind']) {
    case 'move': {
      const hex = hexOf('hex')
      const facing = facingOf(false)
      if (!hex || facing === null || !inPlay()) return
      unit.hex = hex
      if (facing !== undefined) unit.facing = facing
      break
    }
    case 'face': {
      const facing = facingOf(true)
      if (facing === null || facing === undefined || !inPlay()) return
      unit.facing = facing
      break
    }
    case 'remove':
      if (unit.removed) return fail('ADJ-state', 'greennoa.adjust.alreadyRemoved', { unit: id }, 'unit')
      unit.removed = true
      return
    case 'restore': {
      const hex = hexOf('hex')
      const facing = facingOf(true)
      if (!hex || facing === null || facing === undefined) return
      if (!unit.removed) return fail('ADJ-state', 'greennoa.adjust.inPlay', { unit: id }, 'unit')
      unit.removed = false
      unit.hex = hex
      unit.facing = facing
      return
    }
    case 'form': {
      const form = change.form
      if (typeof form !== 'string') return fail('ADJ-field', 'greennoa.adjust.field', { kind, field: 'form' }, 'form')
      const type = next.scenario.types[unit.type]
      if (!type || !Object.hasOwn(type.forms, form))
        return fail('ADJ-form', 'greennoa.adjust.form', { type: type?.name ?? unit.type, form }, 'form')
      unit.form = form
      break
    }
    case 'mark':
    case 'unmark': {
      const mark = change.mark
      const allowed: readonly string[] = kind === 'mark' ? MARKS : ['S', ...MARKS]
      if (typeof mark !== 'string' || !allowed.includes(mark))
        return fail('ADJ-field', 'greennoa.adjust.field', { kind, field: 'mark' }, 'mark')
      const set = kind === 'mark'
      const has = mark === 'S' ? unit.s !== null : unit[mark.toLowerCase() as 'm' | 'f' | 'c']
      if (has === set)
        return fail('ADJ-state', set ? 'greennoa.adjust.hasMark' : 'greennoa.adjust.noMark', { unit: id, mark }, 'mark')
      if (mark === 'S') unit.s = null
      else unit[mark.toLowerCase() as 'm' | 'f' | 'c'] = set
      return
    }
    case 'suppress': {
      const { inning, phase } = change
      let bad = false
      for (const [field, v, min, max] of [
        ['inning', inning, next.inning, next.inning + 1],
        ['phase', phase, 1, 9],
      ] as const) {
        if (!isInt(v)) fail('ADJ-field', 'greennoa.adjust.field', { kind, field }, field)
        else if (v < min || v > max) fail('ADJ-range', 'greennoa.adjust.range', { field, value: v, min, max }, field)
        else continue
        bad = true
      }
      if (bad) return
      unit.s = { inning: inning as number, phase: phase as PhaseNo }
      break
    }
    case 'turns': {
      const used = change.used
      if (!isInt(used)) return fail('ADJ-field', 'greennoa.adjust.field', { kind, field: 'used' }, 'used')
      const max = limitOf(next, unit)
      if (used < 0 || used > max)
        return fail('ADJ-range', 'greennoa.adjust.range', { field: 'used', value: used, min: 0, max }, 'used')
      unit.turnsUsed = used
      break
    }
  }
  if (JSON.stringify(unit) === before) fail('ADJ-state', 'greennoa.adjust.same', { unit: id, kind })
}

function fieldsOf(kind: GnAdjustment['kind']): string[] {
  switch (kind) {
    case 'move':
      return ['hex', 'facing']
    case 'face':
      return ['facing']
    case 'remove':
      return []
    case 'restore':
      return ['hex', 'facing']
    case 'form':
      return ['form']
    case 'mark':
    case 'unmark':
      return ['mark']
    case 'suppress':
      return ['inning', 'phase']
    case 'turns':
      return ['used']
  }
}

/** GN-4-5 with the ace's extra turn, or a large bound when the roster cannot say (check reports why). */
function limitOf(state: GnState, unit: Unit): number {
  try {
    return turnLimit(state.scenario, unit)
  } catch {
    return TURNS_MAX
  }
}

/**
 * The state after the changes, in order; refused with every error when a change cannot be made or when the
 * result breaks check(). An error of check() is laid at the last change of a unit it names, else at the last.
 * Pure: the input state is never changed.
 */
export function adjust(state: GnState, changes: readonly Adjustment[]): Adjusted<GnState> {
  const next = structuredClone(state)
  const errors: OrderError[] = []
  changes.forEach((change, index) => {
    const fail: Fail = (rule, key, params, field) =>
      errors.push(refuse(rule, key, params, { order: index, ...(field ? { field } : {}) }))
    if (typeof change !== 'object' || change === null || Array.isArray(change))
      return fail('ADJ-kind', 'greennoa.adjust.kind', { kind: String(change) })
    applyOne(next, change, fail)
  })
  if (errors.length > 0) return { ok: false, errors }
  const broken = check(next)
  if (broken.length === 0) return { ok: true, state: next }
  const lastOf = new Map<string, number>()
  changes.forEach((c, i) => lastOf.set(String(c.unit), i))
  return {
    ok: false,
    errors: broken.map((e) => {
      const named = [e.params?.unit, e.params?.other].flatMap((u) => (u === undefined ? [] : [lastOf.get(String(u))]))
      const at = Math.max(-1, ...named.filter((i) => i !== undefined))
      const order = at >= 0 ? at : changes.length - 1
      return order >= 0 ? { ...e, order } : e
    }),
  }
}

// ---------------------------------------------------------------------------------------------------------
// check

const ID_RE = new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`)
const isPhase = (v: unknown): v is PhaseNo => isInt(v) && v >= 1 && v <= 9

/** Every broken invariant of the state; [] when it is sound. Never throws, whatever the JSON holds. */
export function check(state: GnState): OrderError[] {
  const errors: OrderError[] = []
  const err = (rule: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    errors.push(refuse(rule, key, params))
  const game = (field: string, value: unknown) =>
    err('ADJ-game', 'greennoa.check.game', { field, value: JSON.stringify(value) ?? 'undefined' })
  const scenario = state.scenario
  if (state.system !== GN_ID) game('system', state.system)
  if (!GN_VERSIONS.includes(state.rulesVersion)) game('rulesVersion', state.rulesVersion)
  const innings = scenario?.innings
  if (!isInt(state.inning) || state.inning < 1 || !isInt(innings) || state.inning > innings)
    game('inning', state.inning)
  if (!isPhase(state.phase)) game('phase', state.phase)
  else if (!state.ended && ![2, 3, 4, 6, 7, 8].includes(state.phase)) game('phase', state.phase)
  if (!SIDES.includes(state.first)) game('first', state.first)
  if (typeof state.ended !== 'boolean') game('ended', state.ended)
  if (!Array.isArray(state.units) || !scenario?.map) {
    game('units', typeof state.units)
    return errors
  }
  const ids = new Set<string>()
  const live = new Map<string, Unit>()
  const map = scenario.map
  for (const u of state.units) {
    if (typeof u?.id !== 'string' || !ID_RE.test(u.id)) {
      err('ADJ-unit', 'greennoa.check.badId', { unit: String(u?.id) })
      continue
    }
    if (ids.has(u.id)) err('ADJ-unit', 'greennoa.check.duplicate', { unit: u.id })
    ids.add(u.id)
    const type = Object.hasOwn(scenario.types, u.type) ? scenario.types[u.type] : undefined
    if (!type) err('ADJ-unit', 'greennoa.check.type', { unit: u.id, type: String(u.type) })
    if (!Object.hasOwn(scenario.pilots, u.pilot))
      err('ADJ-unit', 'greennoa.check.pilot', { unit: u.id, pilot: String(u.pilot) })
    if (!SIDES.includes(u.side) || (type && type.side !== 'either' && type.side !== u.side))
      err('GN-3-1', 'greennoa.check.side', { unit: u.id, side: String(u.side) })
    if (type && !Object.hasOwn(type.forms, u.form))
      err('ADJ-form', 'greennoa.check.form', { unit: u.id, type: type.name, form: String(u.form) })
    const hexOk = isInt(u.hex?.col) && isInt(u.hex?.row) && inBounds(map, u.hex)
    if (!hexOk)
      err('GN-4-5a', 'greennoa.check.offMap', {
        unit: u.id,
        hex: isInt(u.hex?.col) && isInt(u.hex?.row) ? hexLabel(u.hex) : (JSON.stringify(u.hex) ?? 'none'),
      })
    if (!isFacing(u.facing)) err('GN-4-3', 'greennoa.check.facing', { unit: u.id, facing: String(u.facing) })
    for (const [field, v] of [
      ['M', u.m],
      ['F', u.f],
      ['C', u.c],
      ['removed', u.removed],
    ] as const)
      if (typeof v !== 'boolean') err('ADJ-range', 'greennoa.check.flag', { unit: u.id, field })
    if (type && Object.hasOwn(type.forms, u.form) && Object.hasOwn(scenario.pilots, u.pilot)) {
      const limit = turnLimit(scenario, u)
      if (!isInt(u.turnsUsed) || u.turnsUsed < 0 || u.turnsUsed > limit)
        err('GN-4-5', 'greennoa.check.turns', { unit: u.id, used: String(u.turnsUsed), limit })
    }
    if (u.removed === true) continue
    if (u.s !== null) {
      const s = u.s as { inning?: unknown; phase?: unknown } | undefined
      const ok =
        isInt(s?.inning) &&
        isPhase(s?.phase) &&
        // AMB-GN-6: an S lasts to the end of the same phase of the next inning at most, and ends with it.
        ((s.inning === state.inning + 1 && s.phase <= state.phase) ||
          (s.inning === state.inning && s.phase >= state.phase))
      if (!ok)
        err('AMB-GN-6', 'greennoa.check.s', {
          unit: u.id,
          untilInning: String(s?.inning),
          untilPhase: String(s?.phase),
          inning: state.inning,
          phase: state.phase,
        })
    }
    if (hexOk && SIDES.includes(u.side)) {
      const key = `${u.side}@${offsetKey(u.hex)}`
      const other = live.get(key)
      if (other) err('GN-5-1', 'greennoa.check.stack', { unit: u.id, other: other.id, hex: hexLabel(u.hex) })
      else live.set(key, u)
    }
  }
  if (state.ended === false)
    for (const side of SIDES)
      if (!state.units.some((u) => u?.side === side && u.removed === false))
        err('GAP-GN-6', 'greennoa.check.annihilated', { side })
  checkDeclared(state, ids, err)
  if (!Array.isArray(state.transformed)) game('transformed', state.transformed)
  else for (const id of state.transformed) if (!ids.has(id)) game('transformed', id)
  return errors
}

/** The declarations of ③ / ⑦ waiting for ⑤ / ⑨: only then, each of the declaring side at an enemy (GN-3-2). */
function checkDeclared(
  state: GnState,
  ids: Set<string>,
  err: (rule: string, key: MessageKey, params?: Record<string, string | number>) => void,
): void {
  if (!Array.isArray(state.declared)) {
    err('ADJ-game', 'greennoa.check.game', { field: 'declared', value: typeof state.declared })
    return
  }
  const waiting = !state.ended && (state.phase === 4 || state.phase === 8)
  const declarer: Side | null =
    waiting && SIDES.includes(state.first) ? otherSide(combatSide(state) ?? state.first) : null
  state.declared.forEach((d, i) => {
    const attacker = state.units.find((u) => u?.id === d?.unit)
    const target = state.units.find((u) => u?.id === d?.target)
    const ok =
      declarer !== null &&
      (d?.kind === 'fire' || d?.kind === 'melee') &&
      isInt(d?.diff) &&
      typeof d?.compulsory === 'boolean' &&
      attacker !== undefined &&
      target !== undefined &&
      ids.has(attacker.id) &&
      attacker.side === declarer &&
      target.side !== declarer
    if (!ok) err('GN-3-2', 'greennoa.check.declared', { n: i + 1, unit: String(d?.unit), target: String(d?.target) })
  })
}
