// Errors as application/problem+json (RFC 9457). Use cases throw domain errors (src/games/errors.ts),
// mapped here by kind; the HTTP layer's own refusals (a header, a token, a rate limit) are Problems.
// One error handler turns both into responses. Nothing else decides a status code.
import type { DomainError, DomainErrorKind } from '../games/errors.js'

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
export const unauthorized = (
  detail = 'sign in first: send "Authorization: Bearer <access token>"',
  extra: Record<string, unknown> = {},
) => new Problem(401, 'Unauthorized', detail, extra)
export const forbidden = (detail: string) => new Problem(403, 'Forbidden', detail)
export const notFound = (detail: string) => new Problem(404, 'Not found', detail)
export const conflict = (detail: string, extra: Record<string, unknown> = {}) =>
  new Problem(409, 'Conflict', detail, extra)
export const gone = (detail: string, extra: Record<string, unknown> = {}) => new Problem(410, 'Gone', detail, extra)
export const payloadTooLarge = (detail: string, limit: number) =>
  new Problem(413, 'Payload too large', detail, { limit })
export const tooManyRequests = (detail: string) => new Problem(429, 'Too many requests', detail)

const STATUS: Record<DomainErrorKind, { status: number; title: string }> = {
  'invalid-input': { status: 400, title: 'Bad request' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict' },
  'too-large': { status: 413, title: 'Payload too large' },
  'orders-refused': { status: 422, title: 'Orders refused' },
  'precondition-required': { status: 428, title: 'Precondition required' },
  'key-reused': { status: 422, title: 'Idempotency-Key reused' },
  'too-many-invitations': { status: 429, title: 'Too many invitations' },
  'too-many': { status: 429, title: 'Too many requests' },
  // 503, not 409: nothing the client sends can fix it; the operator must (docs/engine-versions.md).
  'rules-unplayable': { status: 503, title: 'Rules version not played by this server' },
  // 503 as well: the stored log was altered; only the operator can restore it.
  'log-unverified': { status: 503, title: 'Game log does not verify' },
}

/** A use case's error as the answer to a request: its kind gives the status and title, its details stay in the body. */
export function problemOf(e: DomainError): Problem {
  const { status, title } = STATUS[e.kind]
  return new Problem(status, title, e.message, e.details)
}

export function problemBody(p: Problem, instance: string): Record<string, unknown> {
  return { type: 'about:blank', title: p.title, status: p.status, detail: p.detail, instance, ...p.extra }
}
