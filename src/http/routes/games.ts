// Games: create, join, resign, read, and submit orders. Use cases live in src/games/.
import { createHash } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { inviteByEmail } from '../../games/invites.js'
import { MAP_WIDTHS, mapPng, mapSvg } from '../../notify/map-cache.js'
import { mapAccess, type MapRequest } from '../../notify/map-access.js'
import { mailSecret } from '../../config.js'
import { createGame, joinGame, MISSED_POLICIES, resign } from '../../games/lifecycle.js'
import { SUBMISSION_MAX_BYTES } from '../../games/order-check.js'
import { submitOrders } from '../../games/orders.js'
import { previewOrders } from '../../games/preview.js'
import { localiseOrderErrors } from '../../i18n/orders.js'
import { knownReaderLocale, readerLocale } from '../locale.js'
import { listGames } from '../../games/list.js'
import { isModeratorOf, moderatorState } from '../../games/corrections.js'
import { ModeratorState } from '../schemas/moderation.js'
import { localiseAnswer } from '../../games/words.js'
import { gameLog, gameOptions, gameSummary, gameView, gameViewBytes, verifyGame } from '../../games/reads.js'
import { canonicalJson } from '../../store/log.js'
import { badRequest, notFound } from '../problems.js'
import { LogPosition } from '../schemas.js'
import {
  GameList,
  GameSummary,
  GameView,
  Joined,
  LogPage,
  Preview,
  Resigned,
  SeatOptions,
  Submitted,
  VerifyReport,
} from '../schemas/games.js'
import { binary, text } from '../schemas/media.js'
import { problems } from '../schemas/problem.js'
import { callerOf, GameId, idempotencyKey, secured, unplayable } from './shared.js'

const Id = GameId
const caller = callerOf
const Anything = Type.Object({}, { additionalProperties: true })
// Option values are short words, small numbers or switches (each is then checked against the rule system's list).
const OptionValue = Type.Union([
  Type.String({ maxLength: 64 }),
  Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }),
  Type.Boolean(),
])
const OrdersBody = Type.Object(
  {
    orders: Type.Optional(Type.Array(Anything, { description: 'orders as JSON objects of the rule system' })),
    text: Type.Optional(Type.String({ description: "orders in the rule system's text notation, one per line" })),
    seat: Type.Optional(Type.String({ description: 'the seat to act for, when you hold several' })),
    pass: Type.Optional(
      Type.Boolean({
        description:
          'pass the step even though the orders decide nothing in it (standing orders only); in text, a "pass" line',
      }),
    ),
  },
  { additionalProperties: false },
)
const errors = problems(400, 401, 403, 404, 409, 422)
/** A route that takes a body also answers 413 (too large) and 415 (a content type it does not take). */
const bodyErrors = problems(400, 401, 403, 404, 409, 413, 415, 422)

/** The caller of a route that requires a token (after app.authenticate). */
function signedIn(request: FastifyRequest): { userId: string; role: string } {
  return { userId: request.viewer!.sub, role: request.viewer!.role }
}

/** If-Match: "12" or 12 — the log position the client expects. */
/** What an Idempotency-Key is bound to: the game and the submission, canonically (computed only with a key). */
function submissionHash(gameId: string, body: ReturnType<typeof ordersFrom>): string {
  return createHash('sha256')
    .update(canonicalJson({ game: gameId, ...body }))
    .digest('hex')
}

function expectedSeq(header: string | undefined): number | undefined {
  if (header === undefined) return undefined
  const m = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header)
  if (!m) throw badRequest('If-Match must be the log position you expect, e.g. If-Match: "12"', { field: 'If-Match' })
  return Number(m[1])
}

function ordersFrom(request: { body: unknown }): { orders?: unknown[]; text?: string; seat?: string; pass?: boolean } {
  if (typeof request.body === 'string') return { text: request.body }
  const body = (request.body ?? {}) as { orders?: unknown[]; text?: string; seat?: string; pass?: boolean }
  if (body.orders === undefined && body.text === undefined)
    throw badRequest('send {"orders": [...]} or {"text": "..."}, or the text notation as text/plain', { field: 'body' })
  if (body.orders !== undefined && body.text !== undefined)
    throw badRequest('send the orders once: as {"orders": [...]} or as {"text": "..."}, not both', { field: 'text' })
  return body
}

/**
 * A strong validator of a kept view: a digest of its bytes, made once per kept body (bodies are kept, and
 * never changed, in games/reads.ts), so a phone polling with If-None-Match is answered 304 without them.
 */
const viewTags = new WeakMap<Buffer, string>()
function viewTag(body: Buffer): string {
  let tag = viewTags.get(body)
  if (tag === undefined) {
    // Over the view's canonical JSON, not its bytes: a process that loaded the state from a snapshot lists
    // its keys in another order than one that resolved it, and the same view must have one tag on all.
    const content = canonicalJson(JSON.parse(body.toString('utf8')))
    tag = `"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`
    viewTags.set(body, tag)
  }
  return tag
}

/** If-None-Match names this tag (weak comparison, as for GET: W/ prefixes ignored), or is "*". */
function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)
}

/** Orders as JSON, or the text notation as text/plain (validated per content type, listed in /docs). */
const OrdersOrText = {
  content: {
    'application/json': { schema: OrdersBody },
    'text/plain': { schema: Type.String({ description: "The rule system's order notation, one order per line" }) },
  },
} as unknown as typeof OrdersBody

export const gameRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // No limit of its own: the order routes set theirs (bodyLimit), which the 413 answer then names.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  app.get(
    '/games',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary: 'Open public games, and yours',
        querystring: Type.Object({
          status: Type.Optional(Type.Union([Type.Literal('OPEN'), Type.Literal('ACTIVE'), Type.Literal('FINISHED')])),
          mine: Type.Optional(Type.Boolean()),
        }),
        response: { 200: GameList, ...problems(400, 401) },
      },
    },
    async (request) => {
      return { games: await listGames(app.db, request.viewer?.sub, request.query, await readerLocale(app, request)) }
    },
  )

  app.post(
    '/games',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary: 'Create a game from a scenario; you take a seat',
        security: secured,
        body: Type.Object(
          {
            ruleset: Type.String(),
            scenario: Type.String(),
            title: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 120,
                pattern: '^[^\\u0000-\\u001f\\u007f]+$',
                description: 'One line: no control characters (it is shown in email subjects)',
              }),
            ),
            players: Type.Optional(Type.Integer({ minimum: 2, maximum: 6 })),
            options: Type.Optional(Type.Record(Type.String(), OptionValue)),
            phaseHours: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: 24 * 14,
                description: 'Hours each side has for a phase (default 24)',
              }),
            ),
            missedPolicy: Type.Optional(
              Type.Union(
                MISSED_POLICIES.map((p) => Type.Literal(p)),
                {
                  description:
                    'When a deadline passes: pass, extend once then pass, or call the moderator (default pass)',
                },
              ),
            ),
            webhookUrl: Type.Optional(
              Type.String({
                format: 'uri',
                pattern: '^https?://',
                maxLength: 2000,
                description: 'A Discord-compatible webhook told whose phase it is',
              }),
            ),
            private: Type.Optional(Type.Boolean()),
            seat: Type.Optional(Type.String()),
            gameMaster: Type.Optional(
              Type.String({
                minLength: 3,
                maxLength: 254,
                description: 'The email of an account to moderate the game (its game master); it holds no seat',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 201: GameSummary, ...bodyErrors },
      },
    },
    async (request, reply) => {
      const id = await createGame(app.db, request.viewer!.sub, request.body)
      return reply
        .status(201)
        .header('location', `/games/${id}`)
        .send(
          await gameSummary(app.db, id, caller(request), {
            publicUrl: app.config.publicUrl,
            locale: await readerLocale(app, request),
          }),
        )
    },
  )

  app.get(
    '/games/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary:
          'Status, current step, who must act, deadline (with ?invite=CODE from an invite link: a private game too)',
        params: Id,
        querystring: Type.Object({ invite: Type.Optional(Type.String()) }),
        response: { 200: GameSummary, ...errors },
      },
    },
    async (request, reply) => {
      const summary = await gameSummary(app.db, request.params.id, caller(request), {
        publicUrl: app.config.publicUrl,
        invite: request.query.invite,
        locale: await readerLocale(app, request),
      })
      return reply.header('etag', `"${summary.logSeq}"`).send(summary)
    },
  )

  app.post(
    '/games/:id/join',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary: 'Take a seat (the game starts when every seat is taken)',
        security: secured,
        params: Id,
        body: Type.Object({ seat: Type.Optional(Type.String()), invite: Type.Optional(Type.String()) }),
        response: { 200: Joined, ...bodyErrors },
      },
    },
    async (request) => {
      const seat = await joinGame(
        app.db,
        request.viewer!.sub,
        request.params.id,
        request.body ?? {},
        request.viewer!.role,
      )
      return {
        seat,
        game: await gameSummary(app.db, request.params.id, caller(request), {
          publicUrl: app.config.publicUrl,
          locale: await readerLocale(app, request),
        }),
      }
    },
  )

  app.post(
    '/games/:id/invites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary: 'Invite someone by email to a game that is still open (once per address)',
        security: secured,
        params: Id,
        body: Type.Object(
          {
            email: Type.String({ format: 'email', maxLength: 254 }),
            seat: Type.Optional(Type.String({ description: 'A free seat to suggest' })),
            message: Type.Optional(Type.String({ maxLength: 500, description: 'A personal note, shown in the email' })),
          },
          { additionalProperties: false },
        ),
        response: {
          202: Type.Object({ invited: Type.String(), alreadyInvited: Type.Boolean(), inviteUrl: Type.String() }),
          ...bodyErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await inviteByEmail(app.db, signedIn(request), request.params.id, request.body, app.config.publicUrl)),
  )

  app.post(
    '/games/:id/resign',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary:
          'Resign: your side concedes (any seat of a side resigns for all of it); ' +
          'the answer carries the receipt of the log',
        security: secured,
        params: Id,
        response: { 200: Resigned, ...errors, ...unplayable },
      },
    },
    async (request) =>
      localiseAnswer(
        app.db,
        request.params.id,
        await resign(app.db, request.viewer!.sub, request.params.id, request.viewer!.role),
        await readerLocale(app, request),
      ),
  )

  app.get(
    '/games/:id/view',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary:
          "The game as you see it (other seats' sealed orders never appear); `at` a past position, and for " +
          "moderators `as` another seat's eyes",
        params: Id,
        querystring: Type.Object({
          at: Type.Optional(LogPosition({ minimum: 1 })),
          as: Type.Optional(Type.String({ maxLength: 64, description: 'the seat whose view to see' })),
        }),
        response: {
          200: GameView(),
          304: {
            type: 'null',
            description: 'Not Modified: the view is the one whose ETag the request named in If-None-Match (no body)',
          },
          ...errors,
          ...unplayable,
        },
      },
    },
    async (request, reply) => {
      // The kept bytes, sent as they are (a string would be measured and encoded on every request).
      const body = await gameViewBytes(
        app.db,
        request.params.id,
        caller(request),
        request.query.at,
        knownReaderLocale(request) ?? (await readerLocale(app, request)),
        request.query.as,
      )
      const tag = viewTag(body)
      // The typed reply takes the schema's shapes; this JSON is made already (the schema documents it).
      const untyped = reply as FastifyReply
      if (noneMatch(request.headers['if-none-match'], tag)) return untyped.code(304).header('etag', tag).send()
      return untyped.type('application/json; charset=utf-8').header('etag', tag).send(body)
    },
  )

  app.get(
    '/games/:id/state',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary:
          'The game after log entry `at` (default: now): your view; for its moderators, the whole state, hidden ' +
          'information included',
        security: secured,
        params: Id,
        querystring: Type.Object({ at: Type.Optional(LogPosition({ minimum: 1 })) }),
        response: {
          200: Type.Union([GameView(), ModeratorState], {
            description: 'a player sees their own view (GameView); a moderator of the game the whole state',
          }),
          ...errors,
          ...unplayable,
        },
      },
    },
    async (request, reply) => {
      const who = caller(request)
      const body = (await isModeratorOf(app.db, request.params.id, who))
        ? JSON.stringify(await moderatorState(app.db, request.params.id, who, request.query.at))
        : await gameView(app.db, request.params.id, who, request.query.at, await readerLocale(app, request))
      return reply.type('application/json; charset=utf-8').send(body)
    },
  )

  app.get(
    '/games/:id/options',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['games'],
        summary: 'Your legal options now: reachable hexes, attacks with odds',
        security: secured,
        params: Id,
        querystring: Type.Object({ seat: Type.Optional(Type.String()) }),
        response: { 200: SeatOptions(), ...errors, ...unplayable },
      },
    },
    async (request) =>
      gameOptions(app.db, request.params.id, caller(request), request.query.seat, await readerLocale(app, request)),
  )

  app.post(
    '/games/:id/orders',
    {
      onRequest: app.authenticate,
      bodyLimit: SUBMISSION_MAX_BYTES,
      schema: {
        tags: ['games'],
        summary: 'Submit orders (JSON or text); resolved at once when the step is complete',
        security: secured,
        params: Id,
        headers: Type.Object({
          'idempotency-key': Type.Optional(Type.String()),
          'if-match': Type.Optional(Type.String()),
        }),
        body: OrdersOrText,
        response: { 200: Submitted, ...bodyErrors, ...unplayable },
      },
    },
    async (request) => {
      const body = ordersFrom(request)
      const key = idempotencyKey(request.headers['idempotency-key'])
      const submitted = await submitOrders(app.db, {
        gameId: request.params.id,
        userId: request.viewer!.sub,
        role: request.viewer!.role,
        ...body,
        expectedSeq: expectedSeq(request.headers['if-match']),
        snapshotEvery: app.config.snapshotEvery,
        ...(key ? { idempotency: { key, requestHash: submissionHash(request.params.id, body) } } : {}),
      })
      // Stored (for a replay) in the engine's words; answered in the reader's.
      return localiseAnswer(app.db, request.params.id, submitted, await readerLocale(app, request))
    },
  )

  app.post(
    '/games/:id/orders/preview',
    {
      onRequest: app.authenticate,
      bodyLimit: SUBMISSION_MAX_BYTES,
      schema: {
        tags: ['games'],
        summary: 'Check orders and see the odds; no dice, nothing stored',
        security: secured,
        params: Id,
        body: OrdersOrText,
        response: { 200: Preview(), ...bodyErrors, ...unplayable },
      },
    },
    async (request) => {
      const locale = await readerLocale(app, request)
      const preview = await previewOrders(app.db, request.params.id, signedIn(request), ordersFrom(request), locale)
      return { ...preview, errors: localiseOrderErrors(locale, preview.errors) }
    },
  )

  const MapQuery = Type.Object({
    at: Type.Optional(
      LogPosition({ minimum: 1, description: "A past log entry (the game's players and moderators only)" }),
    ),
    as: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'The seat whose eyes to see the map through: a moderator of the game any seat, a player their own',
      }),
    ),
    width: Type.Optional(
      Type.Union(
        MAP_WIDTHS.map((w) => Type.Literal(w)),
        { description: `PNG width in pixels: ${MAP_WIDTHS.join(', ')} (default: the map's own size)` },
      ),
    ),
    seat: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'With `key`: the seat whose map an email linked to' }),
    ),
    ranges: Type.Optional(
      Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], {
        description:
          "`1` (or `true`): draw each unit's move range, where the rule system has ranges to draw " +
          '(the table games); a hex map ignores it. Default: none',
      }),
    ),
    key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'The key of a map link in an email: opens that position as that seat saw it, without signing in',
      }),
    ),
  })
  const mapAccessOf = (request: FastifyRequest, gameId: string, query: MapRequest) =>
    mapAccess(app.db, mailSecret(app.config), gameId, caller(request), query)
  const noMap = (ruleset: string) => notFound(`this game's rule system (${ruleset}) draws no map`)
  app.get(
    '/games/:id/map.png',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary: "The map as you see it, as PNG (the last phase's moves as arrows, attacks as lines)",
        params: Id,
        querystring: MapQuery,
        response: { 200: binary('image/png', 'The map, as PNG'), ...errors, ...unplayable },
      },
    },
    async (request, reply) => {
      const { meta, seat, seq } = await mapAccessOf(request, request.params.id, request.query)
      const ranges = { ranges: request.query.ranges === true || request.query.ranges === 1 }
      const png = await mapPng(app.db, meta, seq, seat, request.query.width, ranges)
      if (!png) throw noMap(meta.ruleset)
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=60')
        .header('etag', `"${seq}-${seat ?? ''}${ranges.ranges ? '-ranges' : ''}"`)
        .send(png)
    },
  )
  app.get(
    '/games/:id/map.svg',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary: 'The map as you see it, as SVG',
        params: Id,
        querystring: MapQuery,
        response: { 200: text('image/svg+xml', 'The map, as SVG'), ...errors, ...unplayable },
      },
    },
    async (request, reply) => {
      const { meta, seat, seq } = await mapAccessOf(request, request.params.id, request.query)
      const svg = await mapSvg(app.db, meta, seq, seat, {
        ranges: request.query.ranges === true || request.query.ranges === 1,
      })
      if (!svg) throw noMap(meta.ruleset)
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'private, max-age=60').send(svg)
    },
  )

  app.get(
    '/games/:id/log',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary: 'The log, with dice and events (told in your language as `narration`); sealed orders hidden',
        params: Id,
        querystring: Type.Object({
          after: Type.Optional(LogPosition({ default: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        }),
        response: { 200: LogPage(), ...errors },
      },
    },
    async (request) =>
      gameLog(
        app.db,
        request.params.id,
        caller(request),
        request.query.after ?? 0,
        request.query.limit ?? 100,
        await readerLocale(app, request),
      ),
  )

  app.get(
    '/games/:id/verify',
    {
      onRequest: app.identify,
      schema: {
        tags: ['games'],
        summary:
          'The record checked: hash chain, the game against its log, every entry against the rules, rolls, replay, ' +
          'snapshots; with ?receipt=, that a receipt you kept is still part of the log (docs/verification.md). ' +
          'The seed is shown once the game is over.',
        params: Id,
        querystring: Type.Object({
          receipt: Type.Optional(
            Type.String({
              maxLength: 100,
              description: 'A receipt from an email or an answer: "position:hash" (at least 16 hex digits)',
            }),
          ),
        }),
        response: { 200: VerifyReport, ...errors },
      },
    },
    async (request) => verifyGame(app.db, request.params.id, caller(request), request.query.receipt),
  )
}
