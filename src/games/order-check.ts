// Orders as a client sent them are checked against the rule system's schema, then rebuilt by the
// rule system: what is stored is always the rebuilt value, never the request's own objects.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import type { OrderError } from '../engine/ruleset.js'
import type { MessageParams } from '../engine/messages.js'
import { TooLarge } from './errors.js'
import { refuse, type ServerMessageKey } from './order-messages.js'
import type { AnyRuleset } from '../rulesets/contract.js'

/** The largest submission, in bytes of its text or its orders as JSON: the HTTP body limit of the order routes too. */
export const SUBMISSION_MAX_BYTES = 64 * 1024

/** 413 when a submission is larger than any real one (a side's every unit moved fits in a few KB). */
export function checkSubmissionSize(what: 'text' | 'orders', bytes: number): void {
  if (bytes > SUBMISSION_MAX_BYTES) {
    throw new TooLarge(
      `the ${what === 'text' ? 'orders text' : 'orders'} take ${bytes} bytes; ` +
        `a submission may be at most ${SUBMISSION_MAX_BYTES} bytes`,
      SUBMISSION_MAX_BYTES,
    )
  }
}

// discriminator: each order is checked against the schema of its own kind only.
const ajv = new Ajv({ allErrors: true, verbose: true, discriminator: true, strict: true, strictRequired: false })
const validators = new WeakMap<object, ValidateFunction>()

function validatorOf(ruleset: AnyRuleset): ValidateFunction {
  let validate = validators.get(ruleset.ordersSchema)
  if (!validate) {
    validate = ajv.compile(ruleset.ordersSchema)
    validators.set(ruleset.ordersSchema, validate)
  }
  return validate
}

/** The kinds a discriminated schema allows, for the message about an unknown one. */
function kindsOf(schema: unknown): string[] {
  const branches =
    (schema as { oneOf?: Array<{ properties?: { kind?: { const?: unknown } } }> } | undefined)?.oneOf ?? []
  return branches.map((b) => String(b.properties?.kind?.const))
}

/** What is wrong, as a message key of the server's and its values (where: `at` and `n`, given by the caller). */
function messageOf(e: ErrorObject, field: string): { key: ServerMessageKey; params: MessageParams } {
  const params = e.params as { additionalProperty?: string; missingProperty?: string; tagValue?: unknown }
  const prefix = field ? `${field}/` : ''
  if (e.keyword === 'additionalProperties')
    return { key: 'server.order.unknownField', params: { name: `${prefix}${params.additionalProperty}` } }
  if (e.keyword === 'required')
    return { key: 'server.order.missingField', params: { name: `${prefix}${params.missingProperty}` } }
  if (e.keyword === 'discriminator')
    return {
      key: 'server.order.unknownKind',
      params: { kind: JSON.stringify(params.tagValue) ?? '', kinds: kindsOf(e.parentSchema).join(', ') },
    }
  const description = (e.parentSchema as { description?: string } | undefined)?.description
  const named: MessageParams = field ? { name: field } : {}
  if (description)
    return { key: field ? 'server.order.fieldMustBe' : 'server.order.mustBe', params: { ...named, description } }
  return {
    key: field ? 'server.order.fieldInvalid' : 'server.order.invalid',
    params: { ...named, detail: e.message ?? 'is invalid' },
  }
}

/** Where an error points: the value, or the field it names (an unknown or missing one). */
function locationOf(e: ErrorObject): string {
  const params = e.params as { additionalProperty?: string; missingProperty?: string }
  return `${e.instancePath}#${params.additionalProperty ?? params.missingProperty ?? ''}`
}

/** Schema errors as order errors: which order, which field, what is wrong; one per place. */
function orderErrors(errors: ErrorObject[]): OrderError[] {
  const byPlace = new Map<string, ErrorObject[]>()
  for (const e of errors) byPlace.set(locationOf(e), [...(byPlace.get(locationOf(e)) ?? []), e])
  return [...byPlace.values()].map((found) => {
    // A union fails once per alternative; its own error (anyOf) carries the description of them all.
    const e = found.find((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf') ?? found[0]!
    const [, index, ...rest] = e.instancePath.split('/')
    if (index === undefined) {
      const { key, params } = messageOf(e, '')
      return refuse('ORDER', key, { at: 'list', ...params })
    }
    const field = rest.join('/')
    const order = Number(index)
    const { key, params } = messageOf(e, field)
    return refuse('ORDER', key, { at: 'order', n: order + 1, ...params }, { order, ...(field ? { field } : {}) })
  })
}

const listValidators = new WeakMap<object, ValidateFunction>()

/** A list checked against the schema of one item (a moderator's adjustments, say): every error, one per place. */
export function listErrors(itemSchema: object, list: unknown, maxItems: number): OrderError[] {
  let validate = listValidators.get(itemSchema)
  if (!validate) {
    validate = ajv.compile({ type: 'array', maxItems, items: itemSchema })
    listValidators.set(itemSchema, validate)
  }
  return validate(list) ? [] : orderErrors(validate.errors ?? [])
}

/** The orders checked against the rule system's schema and rebuilt by it, or every error. */
export function readOrders(
  ruleset: AnyRuleset,
  orders: unknown,
): { ok: true; orders: unknown[] } | { ok: false; errors: OrderError[] } {
  const validate = validatorOf(ruleset)
  if (!validate(orders)) return { ok: false, errors: orderErrors(validate.errors ?? []) }
  return { ok: true, orders: (orders as unknown[]).map((o) => ruleset.normaliseOrder(o as never)) }
}
