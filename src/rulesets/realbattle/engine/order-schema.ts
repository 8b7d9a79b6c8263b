// Real Battle orders as JSON: their schema (checked by the server before anything is stored) and their normal
// form. Every stored order is rebuilt field by field here or by the notation (notation.ts).
import { Type, type TSchema } from '@sinclair/typebox'
import type { ProgramStep, RbOrder } from './types.js'

/** AT ids are short (A1, B12); weapon ids are card ids with a digit (hmg, ml62). */
export const ID_MAX = 16
/** A program: at most one MP step per |speed| (7 at most) and a few steps without MP. */
export const STEPS_MAX = 32
/** A submission: a few orders per AT for the largest scenario (8 ATs a camp). */
export const ORDERS_MAX = 100
/** Planned PP, speeds, fall PP: far beyond any pilot (12 PP) or AT (±7). */
export const PP_MAX = 20
export const SPEED_MAX = 10
export const MISSILES_MAX = 10
export const MAP_MAX = 99

const strict = { additionalProperties: false } as const
const Id = (what: string) =>
  Type.String({
    pattern: `^[A-Za-z][A-Za-z0-9]{0,${ID_MAX - 1}}$`,
    description: `${what}: a letter, then letters or digits, at most ${ID_MAX} in all`,
  })
const WeaponId = Type.String({
  pattern: `^[a-z0-9][a-z0-9-]{0,${ID_MAX - 1}}$`,
  description: `a weapon id of the AT (e.g. "hmg", "ml6"): lower-case letters, digits or "-", at most ${ID_MAX}`,
})
const Pp = (what: string) =>
  Type.Integer({ minimum: 0, maximum: PP_MAX, description: `${what}: a whole number from 0 to ${PP_MAX}` })
const Side = Type.Union([Type.Literal('L'), Type.Literal('R')], { description: '"L" or "R"' })
const N = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: 'the pattern: 1, 2 or 3' })

const stepSchemas = [
  Type.Object({ op: Type.Literal('F') }, strict),
  Type.Object({ op: Type.Literal('B') }, strict),
  Type.Object({ op: Type.Literal('T'), n: N, side: Side }, strict),
  Type.Object({ op: Type.Literal('O'), n: N, side: Side }, strict),
  Type.Object({ op: Type.Literal('P'), n: N, side: Side }, strict),
  Type.Object(
    {
      op: Type.Literal('S'),
      side: Side,
      deg: Type.Union([Type.Literal(60), Type.Literal(120)], { description: '60 or 120 (degrees)' }),
    },
    strict,
  ),
  Type.Object({ op: Type.Literal('MAG'), weapon: WeaponId }, strict),
  Type.Object({ op: Type.Literal('PURGE'), weapon: WeaponId }, strict),
  Type.Object({ op: Type.Literal('RELOAD'), weapon: WeaponId }, strict),
  Type.Object({ op: Type.Literal('STAND') }, strict),
  Type.Object({ op: Type.Literal('SMOKE') }, strict),
]
const StepSchema = Type.Unsafe<ProgramStep>({
  type: 'object',
  required: ['op'],
  discriminator: { propertyName: 'op' },
  oneOf: stepSchemas,
  description: 'a program step (§6): F, B, T/O/P with n and side, S with side and deg, MAG/PURGE/RELOAD, STAND, SMOKE',
})

const Deploy = Type.Object(
  {
    kind: Type.Literal('deploy'),
    at: Id('an AT id'),
    // A pair as an array of two, not a tuple: OpenAPI 3.0 has no tuples.
    hex: Type.Unsafe<[number, number]>(
      Type.Array(Type.Integer({ minimum: 0, maximum: MAP_MAX }), {
        minItems: 2,
        maxItems: 2,
        description: '[column, row] of a yellow deployment hex of its end',
      }),
    ),
    facing: Type.Integer({ minimum: 0, maximum: 5, description: 'facing: 0 north, then clockwise to 5' }),
  },
  strict,
)
const PlanSchema = Type.Object(
  {
    kind: Type.Literal('plan'),
    at: Id('an AT id'),
    acc: Pp('accel PP'),
    dec: Pp('decel PP'),
    atk: Pp('attack PP'),
    def: Pp('defence PP'),
  },
  strict,
)
const Speed = Type.Object(
  {
    kind: Type.Literal('speed'),
    at: Id('an AT id'),
    speed: Type.Integer({
      minimum: -SPEED_MAX,
      maximum: SPEED_MAX,
      description: `the speed chosen: a whole number from -${SPEED_MAX} to ${SPEED_MAX}`,
    }),
  },
  strict,
)
const Program = Type.Object(
  {
    kind: Type.Literal('program'),
    at: Id('an AT id'),
    steps: Type.Array(StepSchema, { maxItems: STEPS_MAX, description: `at most ${STEPS_MAX} steps` }),
    collide: Type.Optional(
      Type.Union([Type.Literal('avoid'), Type.Literal('ram')], { description: '"avoid" or "ram"' }),
    ),
    target: Type.Optional(Id('the AT rammed')),
  },
  strict,
)
const Attack = Type.Object(
  {
    kind: Type.Literal('attack'),
    at: Id('an AT id'),
    target: Id('the target AT id'),
    weapon: Type.Optional(WeaponId),
    missiles: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MISSILES_MAX, description: `missiles fired: 1 to ${MISSILES_MAX}` }),
    ),
    volley: Type.Optional(Type.Boolean({ description: 'volley fire (RB-12.14)' })),
    arm: Type.Optional(Side),
  },
  strict,
)
const Policy = Type.Object(
  {
    kind: Type.Literal('policy'),
    at: Id('an AT id'),
    avoid: Type.Optional(
      Type.Union([Type.Literal('avoid-if-affordable'), Type.Literal('never')], {
        description: '"avoid-if-affordable" or "never"',
      }),
    ),
    fall: Type.Optional(
      Type.Union(
        [
          Type.Object({ kind: Type.Literal('spend'), pp: Pp('PP spent on each fall check') }, strict),
          Type.Object({ kind: Type.Literal('reach'), value: Pp('the fall value to reach') }, strict),
        ],
        { description: '{ kind: "spend", pp } or { kind: "reach", value }' },
      ),
    ),
  },
  strict,
)

/** One order: the `kind` picks the schema the rest is checked against. */
export const orderSchema = Type.Unsafe<RbOrder>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: [Deploy, PlanSchema, Speed, Program, Attack, Policy],
})

/** A submission: an array of orders. */
export const ordersSchema: TSchema = Type.Array(orderSchema, {
  maxItems: ORDERS_MAX,
  description: `at most ${ORDERS_MAX} orders`,
})

function normaliseStep(s: ProgramStep): ProgramStep {
  switch (s.op) {
    case 'F':
    case 'B':
    case 'STAND':
    case 'SMOKE':
      return { op: s.op }
    case 'T':
    case 'O':
    case 'P':
      return { op: s.op, n: s.n, side: s.side }
    case 'S':
      return { op: 'S', side: s.side, deg: s.deg }
    default:
      return { op: s.op, weapon: s.weapon }
  }
}

/** An order that passed the schema, rebuilt in the form parseOrders gives. */
export function normaliseOrder(o: RbOrder): RbOrder {
  switch (o.kind) {
    case 'deploy':
      return { kind: 'deploy', at: o.at, hex: [o.hex[0], o.hex[1]], facing: o.facing }
    case 'plan':
      return { kind: 'plan', at: o.at, acc: o.acc, dec: o.dec, atk: o.atk, def: o.def }
    case 'speed':
      return { kind: 'speed', at: o.at, speed: o.speed }
    case 'program':
      return {
        kind: 'program',
        at: o.at,
        steps: o.steps.map(normaliseStep),
        ...(o.collide ? { collide: o.collide } : {}),
        ...(o.target ? { target: o.target } : {}),
      }
    case 'attack':
      return {
        kind: 'attack',
        at: o.at,
        target: o.target,
        ...(o.weapon !== undefined ? { weapon: o.weapon } : {}),
        ...(o.missiles !== undefined ? { missiles: o.missiles } : {}),
        ...(o.volley ? { volley: true } : {}),
        ...(o.arm ? { arm: o.arm } : {}),
      }
    case 'policy':
      return {
        kind: 'policy',
        at: o.at,
        ...(o.avoid ? { avoid: o.avoid } : {}),
        ...(o.fall
          ? {
              fall: o.fall.kind === 'spend' ? { kind: 'spend', pp: o.fall.pp } : { kind: 'reach', value: o.fall.value },
            }
          : {}),
      }
  }
}
