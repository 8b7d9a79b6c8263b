// Real Battle moderator adjustments (docs/moderation.md): a change to the state in the game's own words (an
// AT moved, turned, its speed, durability, fallen or standing, destroyed or restored, a weapon's ammunition,
// its action PP), the state's invariants (check), and every AT's adjustable fields (unitsOf). Each change
// does what it says and nothing else: no rule runs after it.
import { Type, type TSchema } from '@sinclair/typebox'
import type { Adjusted, Adjustment, OrderError } from '../../../engine/ruleset.js'
import { inBounds, type Direction, type OffsetHex } from '../../../engine/hex/index.js'
import { refuse, type MessageKey } from './messages.js'
import { ID_MAX, PP_MAX, SPEED_MAX } from './order-schema.js'
import { hexLabel } from './sequence.js'
import { RB_VERSIONS } from './setup.js'
import { RB_ID, type At, type RbState } from './types.js'

export type RbAdjustment =
  | { kind: 'move'; at: string; hex: string; facing?: Direction }
  | { kind: 'face'; at: string; facing: Direction }
  | { kind: 'speed'; at: string; speed: number }
  | { kind: 'durability'; at: string; value: number }
  | { kind: 'fall'; at: string }
  | { kind: 'stand'; at: string }
  | { kind: 'destroy'; at: string }
  | { kind: 'restore'; at: string; hex: string; facing: Direction }
  | { kind: 'ammo'; at: string; weapon: string; ammo: number; magazines?: number }
  | { kind: 'pp'; at: string; actionPp: number }

export const ADJUSTMENT_KINDS = [
  'move',
  'face',
  'speed',
  'durability',
  'fall',
  'stand',
  'destroy',
  'restore',
  'ammo',
  'pp',
] as const

const FIELDS: Record<RbAdjustment['kind'], string[]> = {
  move: ['hex', 'facing'],
  face: ['facing'],
  speed: ['speed'],
  durability: ['value'],
  fall: [],
  stand: [],
  destroy: [],
  restore: ['hex', 'facing'],
  ammo: ['weapon', 'ammo', 'magazines'],
  pp: ['actionPp'],
}
const AMMO_MAX = 99
const DURABILITY_MAX = 99

const strict = { additionalProperties: false } as const
const AtId = Type.String({
  pattern: `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`,
  description: `an AT id: a letter, then letters or digits, at most ${ID_MAX} in all`,
})
const Hex = Type.String({ pattern: '^[0-9]{4}$', description: 'a hex as CCRR: column and row, two digits each' })
const Facing = Type.Integer({ minimum: 0, maximum: 5, description: 'facing: 0 north, then clockwise to 5' })
const count = (max: number, what: string) =>
  Type.Integer({ minimum: 0, maximum: max, description: `${what}: a whole number from 0 to ${max}` })

/** One adjustment: the `kind` picks the schema the rest is checked against. */
export const adjustmentSchema: TSchema = Type.Unsafe<RbAdjustment>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [
    Type.Object({ kind: Type.Literal('move'), at: AtId, hex: Hex, facing: Type.Optional(Facing) }, strict),
    Type.Object({ kind: Type.Literal('face'), at: AtId, facing: Facing }, strict),
    Type.Object(
      {
        kind: Type.Literal('speed'),
        at: AtId,
        speed: Type.Integer({ minimum: -SPEED_MAX, maximum: SPEED_MAX, description: 'the signed speed' }),
      },
      strict,
    ),
    Type.Object({ kind: Type.Literal('durability'), at: AtId, value: count(DURABILITY_MAX, 'durability') }, strict),
    Type.Object({ kind: Type.Literal('fall'), at: AtId }, strict),
    Type.Object({ kind: Type.Literal('stand'), at: AtId }, strict),
    Type.Object({ kind: Type.Literal('destroy'), at: AtId }, strict),
    Type.Object({ kind: Type.Literal('restore'), at: AtId, hex: Hex, facing: Facing }, strict),
    Type.Object(
      {
        kind: Type.Literal('ammo'),
        at: AtId,
        weapon: Type.String({ pattern: `^[a-z0-9][a-z0-9-]{0,${ID_MAX - 1}}$`, description: 'a weapon id of the AT' }),
        ammo: count(AMMO_MAX, 'rounds'),
        magazines: Type.Optional(count(AMMO_MAX, 'magazines')),
      },
      strict,
    ),
    Type.Object({ kind: Type.Literal('pp'), at: AtId, actionPp: count(PP_MAX, 'action PP') }, strict),
  ],
})

/** "CCRR" as a hex, or null when not four digits. */
export function parseHex(text: string): OffsetHex | null {
  if (!/^[0-9]{4}$/.test(text)) return null
  return { col: Number(text.slice(0, 2)), row: Number(text.slice(2)) }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

function atRecord(at: At): Record<string, unknown> {
  return {
    camp: at.camp,
    seat: at.seat,
    card: at.card,
    pilot: at.pilot.name,
    status: at.destroyed ? 'destroyed' : at.hex ? 'in play' : 'not deployed',
    hex: at.hex ? hexLabel(at.hex) : null,
    facing: at.facing,
    speed: at.speed,
    durability: at.durability,
    fallen: at.fallen,
    heavy: at.heavy,
    actionPp: at.actionPp,
    spentEnemyTurn: at.spentEnemyTurn,
    weapons: Object.fromEntries(
      at.weapons.map((w) => [w.id, { ammo: w.ammo, magazines: w.magazines, purged: w.purged }]),
    ),
  }
}

/** Every AT by id: what a moderator reads and adjusts, as plain JSON. */
export function unitsOf(state: RbState): Record<string, Record<string, unknown>> {
  return Object.fromEntries(state.ats.map((a) => [a.id, atRecord(a)]))
}

type Fail = (rule: string, key: MessageKey, params: Record<string, string | number>, field?: string) => void

function applyOne(next: RbState, change: Adjustment, fail: Fail): void {
  const kind = change.kind as RbAdjustment['kind']
  if (typeof kind !== 'string' || !(ADJUSTMENT_KINDS as readonly string[]).includes(kind))
    return fail('ADJ-kind', 'realbattle.adjust.kind', { kind: String(kind) }, 'kind')
  const known = new Set(['kind', 'at', ...FIELDS[kind]])
  for (const field of Object.keys(change))
    if (!known.has(field)) return fail('ADJ-field', 'realbattle.adjust.field', { kind, field }, field)
  const id = change.at
  if (typeof id !== 'string') return fail('ADJ-field', 'realbattle.adjust.field', { kind, field: 'at' }, 'at')
  const at = next.ats.find((a) => a.id === id)
  if (!at) return fail('ADJ-unit', 'realbattle.adjust.noAt', { at: id }, 'at')
  const badField = (field: string) => fail('ADJ-field', 'realbattle.adjust.field', { kind, field }, field)
  const intIn = (field: string, min: number, max: number, optional = false): number | null | undefined => {
    const v = change[field]
    if (v === undefined && optional) return undefined
    if (!isInt(v)) return (badField(field), null)
    if (v < min || v > max)
      return (fail('ADJ-range', 'realbattle.adjust.range', { field, value: v, min, max }, field), null)
    return v
  }
  const hexOf = (): OffsetHex | null => {
    const t = change.hex
    const hex = typeof t === 'string' ? parseHex(t) : null
    if (!hex) return (badField('hex'), null)
    if (!inBounds(next.scenario.map, hex))
      return (fail('ADJ-hex', 'realbattle.adjust.hex', { hex: t as string }, 'hex'), null)
    return hex
  }
  const alive = () => {
    if (at.destroyed) fail('ADJ-state', 'realbattle.adjust.destroyed', { at: id, kind }, 'at')
    return !at.destroyed
  }
  const before = JSON.stringify(at)
  switch (kind) {
    case 'move': {
      const hex = hexOf()
      const facing = intIn('facing', 0, 5, true)
      if (!hex || facing === null || !alive()) return
      at.hex = hex
      if (facing !== undefined) at.facing = facing as Direction
      break
    }
    case 'face': {
      const facing = intIn('facing', 0, 5)
      if (facing == null || !alive()) return
      at.facing = facing as Direction
      break
    }
    case 'speed': {
      const speed = intIn('speed', -SPEED_MAX, SPEED_MAX)
      if (speed == null || !alive()) return
      at.speed = speed
      break
    }
    case 'durability': {
      const value = intIn('value', 0, DURABILITY_MAX)
      if (value == null || !alive()) return
      at.durability = value
      break
    }
    case 'fall':
    case 'stand':
      if (!alive()) return
      at.fallen = kind === 'fall'
      if (at.fallen) at.speed = 0
      break
    case 'destroy':
      if (!alive()) return
      at.destroyed = true
      break
    case 'restore': {
      const hex = hexOf()
      const facing = intIn('facing', 0, 5)
      if (!hex || facing == null) return
      if (!at.destroyed) return fail('ADJ-state', 'realbattle.adjust.inPlay', { at: id }, 'at')
      at.destroyed = false
      at.destroyedBy = null
      at.hex = hex
      at.facing = facing as Direction
      return
    }
    case 'ammo': {
      const w = at.weapons.find((x) => x.id === change.weapon)
      if (!w) return fail('ADJ-unit', 'realbattle.adjust.noWeapon', { at: id, weapon: String(change.weapon) }, 'weapon')
      const ammo = intIn('ammo', 0, AMMO_MAX)
      const mags = intIn('magazines', 0, AMMO_MAX, true)
      if (ammo == null || mags === null) return
      w.ammo = ammo
      if (mags !== undefined) w.magazines = mags
      break
    }
    case 'pp': {
      const pp = intIn('actionPp', 0, PP_MAX)
      if (pp == null || !alive()) return
      at.actionPp = pp
      break
    }
  }
  if (JSON.stringify(at) === before) fail('ADJ-state', 'realbattle.adjust.same', { at: id, kind })
}

/** The state after the changes, in order; refused with every error, or when the result breaks check(). */
export function adjust(state: RbState, changes: readonly Adjustment[]): Adjusted<RbState> {
  const next = structuredClone(state)
  const errors: OrderError[] = []
  changes.forEach((change, index) => {
    const fail: Fail = (rule, key, params, field) =>
      errors.push(refuse(rule, key, params, { order: index, ...(field ? { field } : {}) }))
    if (typeof change !== 'object' || change === null || Array.isArray(change))
      return fail('ADJ-kind', 'realbattle.adjust.kind', { kind: String(change) })
    applyOne(next, change, fail)
  })
  if (errors.length > 0) return { ok: false, errors }
  const broken = check(next)
  if (broken.length === 0) return { ok: true, state: next }
  const lastOf = new Map<string, number>()
  changes.forEach((c, i) => lastOf.set(String(c.at), i))
  return {
    ok: false,
    errors: broken.map((e) => {
      const at = lastOf.get(String(e.params?.at)) ?? changes.length - 1
      return at >= 0 ? { ...e, order: at } : e
    }),
  }
}

const ID_RE = new RegExp(`^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`)

/** Every broken invariant of the state; [] when it is sound. Never throws, whatever the JSON holds. */
export function check(state: RbState): OrderError[] {
  const errors: OrderError[] = []
  const err = (rule: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    errors.push(refuse(rule, key, params))
  const game = (field: string, value: unknown) =>
    err('ADJ-game', 'realbattle.check.game', { field, value: JSON.stringify(value) ?? 'undefined' })
  if (state.system !== RB_ID) game('system', state.system)
  if (!RB_VERSIONS.includes(state.rulesVersion)) game('rulesVersion', state.rulesVersion)
  if (!['deploy', 'action', 'attack', 'plan'].includes(state.step)) game('step', state.step)
  if (!isInt(state.turn) || state.turn < 0) game('turn', state.turn)
  const map = state.scenario?.map
  if (!Array.isArray(state.ats) || !map) {
    game('ats', typeof state.ats)
    return errors
  }
  const obstacles = new Set(state.scenario.ignoreObstacles ? [] : map.obstacles)
  const ids = new Set<string>()
  for (const at of state.ats) {
    const id = String(at?.id)
    if (!ID_RE.test(id)) game('at', at?.id)
    if (ids.has(id)) err('ADJ-unit', 'realbattle.check.duplicate', { at: id })
    ids.add(id)
    if (at.destroyed) continue
    if (at.hex === null) {
      if (state.step !== 'deploy') err('RB-23.4', 'realbattle.check.notDeployed', { at: id })
    } else if (!isInt(at.hex?.col) || !isInt(at.hex?.row) || !inBounds(map, at.hex))
      err('RB-2.4', 'realbattle.check.offMap', { at: id, hex: JSON.stringify(at.hex) ?? 'none' })
    else if (obstacles.has(`${at.hex.col},${at.hex.row}`))
      err('RB-2.3', 'realbattle.check.obstacle', { at: id, hex: hexLabel(at.hex) })
    if (!isInt(at.facing) || at.facing < 0 || at.facing > 5)
      err('RB-7', 'realbattle.check.facing', { at: id, facing: String(at.facing) })
    const max = state.scenario.cards[at.card]?.durability ?? 0
    if (!isInt(at.durability) || at.durability < 0 || at.durability > max)
      err('RB-16.4', 'realbattle.check.durability', { at: id, value: String(at.durability), max })
    for (const field of ['actionPp', 'spentEnemyTurn'] as const)
      if (!isInt(at[field]) || at[field] < 0)
        err('RB-4.2', 'realbattle.check.pp', { at: id, field, value: String(at[field]) })
  }
  return errors
}
