// What can go wrong in a use case, as data: the kind of failure, a message for whoever caused it, and
// what is at fault (the field, the rule, the log position). The use cases throw these and know nothing
// of HTTP; src/http maps each kind to a status and a problem+json body.
import type { OrderError } from '../engine/ruleset.js'
import { refuse } from './order-messages.js'

export type DomainErrorKind =
  /** The input names something that does not exist or cannot be. */
  | 'invalid-input'
  /** The caller may not do this. */
  | 'forbidden'
  | 'not-found'
  /** The game (or account) is not in a state that allows it now. */
  | 'conflict'
  | 'too-large'
  | 'too-many-invitations'
  /** More of something in a day than one account may make (clubs). */
  | 'too-many'
  /** The request must say what it expects (If-Match: the position a correction was previewed at). */
  | 'precondition-required'
  /** Orders that break the rules: each error cites its rule. */
  | 'orders-refused'
  /** An Idempotency-Key sent again with a different request. */
  | 'key-reused'
  /**
   * The game's rules version is not one this server plays (or its row and its log disagree on it): no
   * request can fix that, only the server's operator (docs/engine-versions.md).
   */
  | 'rules-unplayable'
  /** The game's log, as stored, does not verify (an entry altered or missing): the operator must restore it. */
  | 'log-unverified'

/** What is at fault: `field` names the input; anything else (a limit, the current position) helps to fix it. */
export interface ErrorDetails {
  field?: string
  [name: string]: unknown
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message)
    this.name = new.target.name
  }

  get field(): string | undefined {
    return this.details.field
  }
}

export class InvalidInput extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('invalid-input', message, details)
  }
}

export class Forbidden extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('forbidden', message, details)
  }
}

export class NotFound extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('not-found', message, details)
  }
}

export class Conflict extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('conflict', message, details)
  }
}

export class PreconditionRequired extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('precondition-required', message, details)
  }
}

export class TooLarge extends DomainError {
  constructor(
    message: string,
    readonly limit: number,
  ) {
    super('too-large', message, { limit })
  }
}

export class TooManyInvitations extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('too-many-invitations', message, details)
  }
}

export class TooMany extends DomainError {
  constructor(message: string, details: ErrorDetails = {}) {
    super('too-many', message, details)
  }
}

export class IdempotencyKeyReused extends DomainError {
  constructor(key: string) {
    super('key-reused', `Idempotency-Key "${key}" was used for a different request; use a new key for new orders`, {
      field: 'Idempotency-Key',
    })
  }
}

/** Where an operator reads what to do with a game whose rules this server does not play. */
export const ENGINE_VERSIONS_DOC = 'docs/engine-versions.md'

/** A game this server cannot replay or play on under its rules version (a RulesVersionError of the fold). */
export class RulesUnplayable extends DomainError {
  constructor(gameId: string, rulesVersion: string, cause: Error) {
    super(
      'rules-unplayable',
      `${cause.message}. Game ${gameId} (rules version "${rulesVersion}") cannot be played on this server, and only ` +
        'its operator can fix that: by running a server that plays that version, ' +
        `or by moving the game to other rules (see ${ENGINE_VERSIONS_DOC})`,
      { gameId, rulesVersion, docs: ENGINE_VERSIONS_DOC },
    )
  }
}

/**
 * A game whose stored log does not verify where the server loaded it from: nothing is decided on it (no
 * order, no view of its state) until its operator restores the log. GET /games/:id/verify lists every problem.
 */
export class LogUnverified extends DomainError {
  constructor(gameId: string, seq: number, reason: string) {
    super(
      'log-unverified',
      `log entry ${seq} of game ${gameId} ${reason}: the stored log was altered, so nothing is decided on it ` +
        `until its operator restores it (GET /games/${gameId}/verify lists every problem)`,
      { gameId, seq },
    )
  }
}

/** The most errors a refusal lists; past them, one more error says how many were left out. */
export const MAX_LISTED_ERRORS = 50

/**
 * Orders refused: every error with the rule it breaks (and its line, for text), at most MAX_LISTED_ERRORS of
 * them and then `server.moreErrors` with the count of the rest. `ignored`: lines of an emailed reply that
 * were not read as orders. The message names the one error, or how many there are.
 */
export class OrdersRefused extends DomainError {
  readonly errors: OrderError[]

  constructor(
    errors: OrderError[],
    readonly ignored: Array<{ line: number; text: string }> = [],
    message = summary(errors),
  ) {
    const listed = listedErrors(errors)
    super('orders-refused', message, { errors: listed, ...(ignored.length ? { ignored } : {}) })
    this.errors = listed
  }
}

/** How many errors a refusal has, those left out of its list (`server.moreErrors`) counted. */
export function refusalCount(errors: readonly OrderError[]): number {
  const last = errors.at(-1)
  return last?.key === 'server.moreErrors' ? errors.length - 1 + Number(last.params?.count ?? 0) : errors.length
}

/** At most MAX_LISTED_ERRORS errors, then one saying how many more there were. */
export function listedErrors(errors: OrderError[]): OrderError[] {
  if (errors.length <= MAX_LISTED_ERRORS) return errors
  const count = errors.length - MAX_LISTED_ERRORS
  return [...errors.slice(0, MAX_LISTED_ERRORS), refuse('ORDER', 'server.moreErrors', { count })]
}

function summary(errors: OrderError[]): string {
  const first = errors[0]
  const where = first?.line !== undefined && !/^line \d+/.test(first.message) ? `line ${first.line}: ` : ''
  if (errors.length === 1 && first) return `${where}${first.rule}: ${first.message}`
  if (errors.length > MAX_LISTED_ERRORS)
    return `${errors.length} orders break the rules; the first ${MAX_LISTED_ERRORS} are listed in "errors"`
  return `${errors.length} orders break the rules; each is listed in "errors"`
}
