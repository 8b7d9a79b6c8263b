// Real Battle campaign: maintenance actions as they arrive from the API (untrusted JSON) checked for their
// shape before any rule is applied: an object of a known kind (RB-24.4) with exactly the fields of that kind,
// each of the right type and within bounds. The rules themselves (money, ownership, the five actions) are
// the engine's validateAction.
import type { CampaignRefusal } from '../../contract.js'
import { refuseCampaign, type CampaignAction } from '../engine/campaign/index.js'
import type { Mount } from '../engine/types.js'

export type Kind = CampaignAction['kind']

/** The rule each kind of action follows (RB-24.4 lists them; loans RB-24.19/21; mounting GAP-RB-2). */
export const RULE_OF: Readonly<Record<Kind, string>> = {
  'buy-at': 'RB-24.5',
  'buy-weapon': 'RB-24.5',
  'buy-magazine': 'RB-24.6',
  repair: 'RB-24.7',
  resupply: 'RB-24.8',
  scout: 'RB-24.9',
  borrow: 'RB-24.19',
  repay: 'RB-24.21',
  mount: 'GAP-RB-2',
  unmount: 'GAP-RB-2',
  field: 'RB-24.10',
}

export const KINDS = Object.keys(RULE_OF) as Kind[]

export const MOUNTS: readonly Mount[] = [
  'handR',
  'handL',
  'armR',
  'armL',
  'shoulderR',
  'shoulderL',
  'torsoR',
  'torsoL',
  'none',
]

/** Ids of cards and of a team's things: lower-case letters, digits and "-", at most 40 characters. */
export const ID = /^[a-z0-9][a-z0-9-]{0,39}$/

/** A pilot's name: 1 to 40 characters, no control character and no double quote (the notation quotes it). */
export function isName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() === value &&
    [...value].length >= 1 &&
    [...value].length <= 40 &&
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    !/[\u0000-\u001f\u007f"「」“”]/.test(value) &&
    // Something to read: not only spaces and invisible format characters (zero-width space, bidi marks).
    /[^\s\p{Cf}]/u.test(value) &&
    !/[\u202a-\u202e\u2066-\u2069]/.test(value)
  )
}

/** House bounds of the numbers an action carries. */
export const NUMBER_BOUNDS = {
  amount: [1, 10_000_000], // RB-24.19, 24.21: at most the largest maxDebt a season may set
  maxFee: [0, 100_000], // RB-24.9: a contract costs 1d6 × G100
  minPp: [1, 12], // RB-24.9: the scouting table gives 6 to 12
} as const

type FieldType = 'id' | 'amount' | 'maxFee' | 'minPp' | 'boolean' | 'name' | 'mount'

/** Each kind's fields: required ones, then optional ones (a trailing `?`). */
const FIELDS: Readonly<Record<Kind, Record<string, FieldType>>> = {
  'buy-at': { card: 'id' },
  'buy-weapon': { card: 'id' },
  'buy-magazine': { weapon: 'id' },
  repair: { at: 'id' },
  resupply: { weapon: 'id' },
  scout: { 'accept?': 'boolean', 'maxFee?': 'maxFee', 'minPp?': 'minPp', 'name?': 'name', 'nameJa?': 'name' },
  borrow: { amount: 'amount' },
  repay: { amount: 'amount' },
  mount: { weapon: 'id', at: 'id', 'mount?': 'mount' },
  unmount: { weapon: 'id', at: 'id' },
  field: { at: 'id', pilot: 'id' },
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The action, or why its shape is wrong (`order`: its index in the batch; `field`: the field at fault). */
export function checkShape(value: unknown, order: number): { action: CampaignAction } | { refusal: CampaignRefusal } {
  const refusal = (
    rule: string,
    key: Parameters<typeof refuseCampaign>[1],
    params: Record<string, string | number>,
    field: string,
  ) => ({
    refusal: { ...refuseCampaign(rule, key, { order, ...params }), order, field },
  })
  if (!isObject(value) || typeof value.kind !== 'string')
    return refusal('RB-24.4', 'realbattle.campaign.shape.notObject', {}, 'kind')
  const kind = value.kind as Kind
  if (!KINDS.includes(kind))
    return {
      refusal: {
        ...refuseCampaign('RB-24.4', 'realbattle.campaign.unknownKind', { kind: String(value.kind).slice(0, 40) }),
        order,
        field: 'kind',
      },
    }
  const rule = RULE_OF[kind]
  const fields = FIELDS[kind]
  for (const field of Object.keys(value))
    if (field !== 'kind' && !(field in fields) && !(`${field}?` in fields))
      return refusal(rule, 'realbattle.campaign.shape.extra', { kind, field: field.slice(0, 40) }, field)
  for (const [spec, type] of Object.entries(fields)) {
    const optional = spec.endsWith('?')
    const field = optional ? spec.slice(0, -1) : spec
    const v = value[field]
    if (v === undefined) {
      if (optional) continue
      return refusal(rule, 'realbattle.campaign.shape.missing', { kind, field }, field)
    }
    if (type === 'id' && !(typeof v === 'string' && ID.test(v)))
      return refusal(rule, 'realbattle.campaign.shape.id', { field }, field)
    if (type === 'boolean' && typeof v !== 'boolean')
      return refusal(rule, 'realbattle.campaign.shape.boolean', { field }, field)
    if (type === 'name' && !isName(v)) return refusal(rule, 'realbattle.campaign.shape.name', { field }, field)
    if (type === 'mount' && !(typeof v === 'string' && (MOUNTS as string[]).includes(v)))
      return refusal(rule, 'realbattle.campaign.shape.mount', { field, mounts: MOUNTS.join(', ') }, field)
    if (type === 'amount' || type === 'maxFee' || type === 'minPp') {
      const [min, max] = NUMBER_BOUNDS[type]
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max))
        return refusal(rule, 'realbattle.campaign.shape.integer', { field, min, max }, field)
    }
  }
  return { action: structuredClone(value) as unknown as CampaignAction }
}
