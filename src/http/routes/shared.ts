// What the game routes share: the game id in the path, the bearer security, the answer of a game whose
// rules this server does not play, and the caller as the use cases take it.
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { Caller } from '../../games/access.js'
import { badRequest } from '../problems.js'
import { problem } from '../schemas/problem.js'

export const GameId = Type.Object({ id: Type.String({ format: 'uuid' }) })

/** Routes that need an access token say so in the OpenAPI document. */
export const secured = [{ bearer: [] }]

/**
 * Routes that replay the game's log also answer 503 when this server does not play the game's rules
 * version (or its row and its log disagree on it): no request can fix that, only the server's operator.
 */
export const unplayable = {
  503: problem(
    "This server does not play the game's rules version: only its operator can fix it (docs/engine-versions.md)",
  ),
}

/** The caller as the use cases take it: the token's account and role, or nobody. */
export function callerOf(request: FastifyRequest): Caller {
  return { userId: request.viewer?.sub ?? null, role: request.viewer?.role ?? null }
}

/** An Idempotency-Key header as the order and message routes take it: 1–128 letters, digits or . _ : - */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  if (!/^[\w.:-]{1,128}$/.test(header))
    throw badRequest('Idempotency-Key must be 1–128 letters, digits or . _ : -', { field: 'Idempotency-Key' })
  return header
}
