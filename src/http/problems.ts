// Domain errors and their application/problem+json form (RFC 9457). Routes throw these; one error
// handler turns them into responses. Nothing else decides a status code.
import type { OrderError } from '../engine/ruleset.js'

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail)
  }
}

export const badRequest = (detail: string, extra: Record<string, unknown> = {}) =>
  new Problem(400, 'Bad request', detail, extra)
export const unauthorized = (detail = 'sign in first: send "Authorization: Bearer <access token>"') =>
  new Problem(401, 'Unauthorized', detail)
export const forbidden = (detail: string) => new Problem(403, 'Forbidden', detail)
export const notFound = (detail: string) => new Problem(404, 'Not found', detail)
export const conflict = (detail: string, extra: Record<string, unknown> = {}) =>
  new Problem(409, 'Conflict', detail, extra)
export const payloadTooLarge = (detail: string, limit: number) =>
  new Problem(413, 'Payload too large', detail, { limit })
export const tooManyRequests = (detail: string) => new Problem(429, 'Too many requests', detail)

/**
 * 422: the request was understood, and every order error is listed with the rule it breaks (and its
 * line, for text). `ignored`: lines of an emailed reply that were not read as orders.
 */
export function invalidOrders(errors: OrderError[], ignored: Array<{ line: number; text: string }> = []): Problem {
  const first = errors[0]
  const where = first?.line !== undefined && !/^line \d+/.test(first.message) ? `line ${first.line}: ` : ''
  const detail =
    errors.length === 1 && first
      ? `${where}${first.rule}: ${first.message}`
      : `${errors.length} orders break the rules; each is listed in "errors"`
  return new Problem(422, 'Orders refused', detail, { errors, ...(ignored.length ? { ignored } : {}) })
}

export function problemBody(p: Problem, instance: string): Record<string, unknown> {
  return { type: 'about:blank', title: p.title, status: p.status, detail: p.detail, instance, ...p.extra }
}
