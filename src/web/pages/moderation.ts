// The moderators' pages (docs/moderation.md, docs/disputes.md): the disputes inbox, a dispute with its
// conversation and its rulings, and a game at any entry through any seat's eyes, with the corrections
// form, its preview as a before/after pair of maps and a difference table, and the audit list.
// Everything is read through the same use cases as the API (src/games/*); the browser changes things by
// calling the API itself (web/client/moderation.ts). One page route of its own answers JSON: the preview
// of a correction, run through the same use case as POST /games/:id/corrections/preview, answered with
// the preview and the fragment of page that shows it, so that the maps and the table come from one preview.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Handlebars from 'handlebars'
import {
  correctionAction,
  isModeratorOf,
  KIND_FIELDS,
  moderatorState,
  previewCorrection,
  type CorrectionPreview,
} from '../../games/corrections.js'
import { getDispute, gameDisputes, moderatesAnyGame, moderationInbox } from '../../games/disputes.js'
import { DomainError, Forbidden } from '../../games/errors.js'
import { CORRECTION_KINDS, type CorrectionKind } from '../../games/fold.js'
import { moderationAudit } from '../../games/moderation-audit.js'
import { gameLog, gameSummary, gameView } from '../../games/reads.js'
import { describePending } from '../../games/words.js'
import type { GameEvent } from '../../engine/ruleset.js'
import { translate, type Locale } from '../../i18n/index.js'
import { buildMapModel, hasMap, renderSvg, unitsOnMap, type MapModel } from '../../notify/map/index.js'
import { mapModelAt } from '../../notify/map-cache.js'
import { Problem, problemBody, problemOf, unauthorized } from '../../http/problems.js'
import { callerOf } from '../../http/routes/shared.js'
import { CorrectionBody } from '../../http/schemas/moderation.js'
import { gameMetaRow } from '../../store/games.js'
import { loginRedirect, pageViewer, renderPage, type PageViewer } from '../context.js'
import { createPageHandlebars, webDir } from '../render.js'

const NS = 'web-moderation'
const Uuid = Type.String({ format: 'uuid' })
const InboxQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('ruled'), Type.Literal('all')])),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
})
const GameQuery = Type.Object({
  at: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  as: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  dispute: Type.Optional(Uuid),
  applied: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
})
const PreviewBody = Type.Object(
  {
    as: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'the seat whose maps to draw' })),
    correction: CorrectionBody,
  },
  { additionalProperties: false },
)

/** The inputs of each field a correction kind takes (KIND_FIELDS), as the form shows them. */
const FIELD_INPUT: Record<string, 'number' | 'textarea' | 'seat' | 'email' | 'winner' | null> = {
  toSeq: 'number',
  seq: 'number',
  hours: 'number',
  text: 'textarea',
  seat: 'seat',
  email: 'email',
  winner: 'winner',
  // adjust takes its changes as JSON or as text: the form takes the text notation.
  changes: null,
}

const t = (locale: Locale, key: string, values: Record<string, unknown> = {}) => translate(locale, NS, key, values)

/** Renders one of these pages: <body data-page> is the page's name, its title in the reader's language. */
function show(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: PageViewer,
  page: string,
  data: Record<string, unknown>,
  status = 200,
) {
  const title = t(viewer.locale, `title.${page}`)
  return renderPage(app, request, reply, page, viewer, title, { ...data, page, titleText: title }, status)
}

/** The answer of a page that a reader may not use: 403, saying why, in the reader's language. */
function refused(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: PageViewer,
  why: 'nothing' | 'plays' | 'notModerator',
  game: { id: string; title: string } | null = null,
) {
  return show(app, request, reply, viewer, 'moderation-refused', { why, game }, 403)
}

/** A dispute's status and ruling in words. */
function labels(locale: Locale, d: { status: string; ruling: { ruling: string } | null }) {
  return {
    statusLabel: t(locale, `status.${d.status}`),
    rulingLabel: d.ruling ? t(locale, `ruling.${d.ruling.ruling}`) : null,
  }
}

/** A value of the rule system's data in a table cell: strings as they are, the rest as JSON, none as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A log entry in a few words, for the lists of entries. */
function entryLine(locale: Locale, e: { kind: string; seat: string | null; payload: unknown }): string {
  const kind = t(locale, `entryKind.${e.kind}`)
  const p = (e.payload ?? null) as Record<string, unknown> | null
  if (e.kind === 'CORRECTION' && p && typeof p.kind === 'string') return `${kind}: ${correctionAction(p as never)}`
  if (e.kind === 'MODERATION' && p?.action === 'ruling') return `${kind}: ${t(locale, 'entry.ruling', { seq: p.seq })}`
  return e.seat ? `${kind} (${e.seat})` : kind
}

let fragment: Handlebars.TemplateDelegate | null = null
/** The preview's fragment of page, drawn by the pages' own Handlebars helpers (read once in production). */
function previewFragment(app: FastifyInstance): Handlebars.TemplateDelegate {
  if (fragment && app.config.env !== 'development') return fragment
  const hbs = createPageHandlebars()
  fragment = hbs.compile(readFileSync(join(webDir(), 'views', 'pages', 'moderation-preview.hbs'), 'utf8'))
  return fragment
}

/** The events a correction's entries carry (a resolution's moves and attacks), for the arrows of the after-map. */
function eventsOf(preview: CorrectionPreview): GameEvent[] {
  for (const e of [...preview.entries].reverse()) {
    const events = (e.payload as { events?: GameEvent[] } | null)?.events
    if (Array.isArray(events)) return events
  }
  return []
}

function framed(model: MapModel, units: readonly string[], text: string): MapModel {
  const onMap = unitsOnMap(model, units)
  return onMap.length ? { ...model, highlight: { units: onMap, text } } : model
}

const svgData = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`

export async function moderationPages(app: FastifyInstance) {
  // ---- the inbox ----------------------------------------------------------------------------------
  app.get('/moderation', { schema: { hide: true, querystring: InboxQuery } }, async (request, reply) => {
    const viewer = await pageViewer(app, request)
    if (!viewer) return loginRedirect(request, reply)
    if (!(await moderatesAnyGame(app.db, viewer.id))) return refused(app, request, reply, viewer, 'nothing')
    const q = request.query as Static<typeof InboxQuery>
    const status = q.status ?? 'open'
    const page = await moderationInbox(app.db, viewer.id, { status, limit: 25, cursor: q.cursor })
    return show(app, request, reply, viewer, 'moderation-inbox', {
      status,
      statuses: (['open', 'ruled', 'all'] as const).map((s) => ({
        value: s,
        label: t(viewer.locale, `inbox.status.${s}`),
        selected: s === status,
      })),
      emptyText: t(viewer.locale, `inbox.empty.${status}`),
      disputes: page.disputes.map((d) => ({
        ...d,
        excerpt: [...d.text].slice(0, 160).join(''),
        ...labels(viewer.locale, d),
      })),
      next: page.next ? `/moderation?status=${status}&cursor=${encodeURIComponent(page.next)}` : null,
      first: q.cursor ? `/moderation?status=${status}` : null,
    })
  })

  // ---- a dispute ----------------------------------------------------------------------------------
  app.get(
    '/moderation/disputes/:id',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const viewer = await pageViewer(app, request)
      if (!viewer) return loginRedirect(request, reply)
      const caller = callerOf(request)
      const { id } = request.params as { id: string }
      let dispute
      try {
        dispute = await getDispute(app.db, id, caller)
      } catch (e) {
        if (e instanceof Forbidden) return refused(app, request, reply, viewer, 'notModerator')
        throw e
      }
      const game = await gameSummary(app.db, dispute.gameId, caller, { locale: viewer.locale })
      if (!(await isModeratorOf(app.db, dispute.gameId, caller)))
        return refused(app, request, reply, viewer, game.yourSeats.length ? 'plays' : 'notModerator', game)
      const entry = (await gameLog(app.db, dispute.gameId, caller, dispute.seq - 1, 1)).entries[0]
      return show(app, request, reply, viewer, 'moderation-dispute', {
        dispute: {
          ...dispute,
          ...labels(viewer.locale, dispute),
          messages: dispute.messages.map((m) => ({ ...m, asLabel: t(viewer.locale, `dispute.as.${m.as}`) })),
        },
        game,
        entry: entry
          ? {
              ...entry,
              line: entryLine(viewer.locale, entry),
              payloadJson: JSON.stringify(entry.payload, null, 2),
            }
          : null,
        open: dispute.status === 'open',
        settleHref: `/moderation/games/${dispute.gameId}?at=${dispute.seq}&dispute=${dispute.id}#correct`,
      })
    },
  )

  // ---- a game at any entry, through any seat's eyes --------------------------------------------------
  app.get(
    '/moderation/games/:id',
    { schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 64 }) }), querystring: GameQuery } },
    async (request, reply) => {
      const viewer = await pageViewer(app, request)
      if (!viewer) return loginRedirect(request, reply)
      const caller = callerOf(request)
      const { id } = request.params as { id: string }
      const q = request.query as Static<typeof GameQuery>
      let full
      try {
        full = await moderatorState(app.db, id, caller, q.at)
      } catch (e) {
        if (!(e instanceof Forbidden)) throw e
        const meta = await gameMetaRow(app.db, id)
        const plays = meta?.seats.some((s) => s.userId === viewer.id) ?? false
        return refused(app, request, reply, viewer, plays ? 'plays' : 'notModerator', meta ?? null)
      }
      const locale = viewer.locale
      const game = await gameSummary(app.db, id, caller, { locale })
      const seats = full.seats
      const as = q.as ?? seats[0] ?? undefined
      // The seat's own view, through the view's access check (an unknown seat is not found).
      const view = JSON.parse(await gameView(app.db, id, caller, full.seq, locale, as)) as { view: unknown }
      const meta = (await gameMetaRow(app.db, id))!
      const kinds = await app.db.logEntry.findMany({
        where: { gameId: id },
        select: { seq: true, kind: true, seat: true },
        orderBy: { seq: 'asc' },
      })
      const from = Math.max(0, full.seq - 5)
      const around = (await gameLog(app.db, id, caller, from, 10)).entries
      const disputes = (await gameDisputes(app.db, id, caller)).disputes
      const audit = (await moderationAudit(app.db, id, caller)).actions
      const sides = [...new Set(game.seats.map((s) => s.side))]
      const pending = describePending(meta.ruleset, full.pending, locale)
      const here = (extra: Record<string, string | number>) => {
        const params = new URLSearchParams({ at: String(full.seq), ...(as ? { as } : {}) })
        for (const [k, v] of Object.entries(extra)) params.set(k, String(v))
        if (q.dispute && !('dispute' in extra)) params.set('dispute', q.dispute)
        return `/moderation/games/${id}?${params.toString()}`
      }
      return show(app, request, reply, viewer, 'moderation-game', {
        game,
        at: full.seq,
        head: full.head,
        atHead: full.seq === full.head,
        as,
        supersededBy: full.supersededBy,
        outcome: full.outcome,
        pending,
        submitted: Object.entries(full.submitted).map(([seat, orders]) => ({
          seat,
          orders: JSON.stringify(orders, null, 1),
        })),
        viewJson: JSON.stringify(view.view, null, 1),
        stateJson: JSON.stringify(full.state, null, 1),
        hasMap: hasMap(meta.ruleset),
        mapSrc: `/games/${id}/map.svg?${new URLSearchParams({ at: String(full.seq), ...(as ? { as } : {}) })}`,
        entries: kinds.map((e) => ({
          seq: e.seq,
          label: `${e.seq} · ${t(locale, `entryKind.${e.kind}`)}${e.seat ? ` (${e.seat})` : ''}`,
          selected: e.seq === full.seq,
        })),
        seatOptions: seats.map((s) => ({ seat: s, selected: s === as })),
        around: around.map((e) => ({
          seq: e.seq,
          createdAt: e.createdAt,
          line: entryLine(locale, e),
          current: e.seq === full.seq,
          supersededBy: (e as { supersededBy?: number }).supersededBy ?? null,
          disputes: ((e as { disputes?: unknown[] }).disputes ?? []).length,
          href: here({ at: e.seq }),
        })),
        prev: full.seq > 1 ? here({ at: full.seq - 1 }) : null,
        next: full.seq < full.head ? here({ at: full.seq + 1 }) : null,
        headHref: here({ at: full.head }),
        disputes,
        openDisputes: disputes.filter((d) => d.status === 'open').map((d) => ({ ...d, selected: d.id === q.dispute })),
        dispute: q.dispute ?? null,
        applied: q.applied ?? null,
        kinds: CORRECTION_KINDS.map((kind: CorrectionKind) => ({
          kind,
          label: t(locale, `kind.${kind}`),
          hint: t(locale, `kindHint.${kind}`),
          selected: kind === 'adjust',
          fields: KIND_FIELDS[kind]
            .filter((f) => FIELD_INPUT[f])
            .map((f) => ({ name: f, input: FIELD_INPUT[f], id: `f-${kind}-${f}`, label: t(locale, `field.${f}`) })),
        })),
        sides,
        boardSeats: seats,
        finished: game.status === 'FINISHED',
        audit,
        words: {
          applied: t(locale, 'correct.appliedAt'),
          moved: t(locale, 'correct.moved'),
          previewFirst: t(locale, 'correct.previewFirst'),
          working: t(locale, 'correct.working'),
        },
      })
    },
  )

  // ---- a correction's preview, with its maps -------------------------------------------------------
  app.post(
    '/moderation/games/:id/preview',
    {
      // As the API's routes: 401 without a session or token, 403 for a session cookie without its CSRF token.
      onRequest: app.authenticate,
      schema: { hide: true, params: Type.Object({ id: Type.String({ maxLength: 64 }) }), body: PreviewBody },
      // Called by the page's script, which reads problems as the API words them.
      errorHandler: (error: FastifyError | Problem | DomainError, request, reply) => {
        const problem =
          error instanceof DomainError
            ? problemOf(error)
            : error instanceof Problem
              ? error
              : error.validation
                ? new Problem(400, 'Bad request', error.message, {
                    errors: error.validation.map((v) => ({
                      field: `body${v.instancePath}`.replace(/^body\/correction/, 'body'),
                      message: v.message ?? 'invalid',
                    })),
                  })
                : null
        if (!problem) {
          request.log.error({ err: error }, 'correction preview failed')
          void reply.status(500).type('application/problem+json').send({ status: 500, title: 'Server error' })
          return
        }
        void reply.status(problem.status).type('application/problem+json').send(problemBody(problem, request.url))
      },
    },
    async (request, reply) => {
      const viewer = await pageViewer(app, request)
      if (!viewer) throw unauthorized()
      const caller = callerOf(request)
      const { id } = request.params as { id: string }
      const body = request.body as Static<typeof PreviewBody>
      const preview = await previewCorrection(app.db, id, caller, body.correction)
      const meta = (await gameMetaRow(app.db, id))!
      const locale = viewer.locale
      const seats = Object.keys(preview.after.views)
      const seat = body.as && seats.includes(body.as) ? body.as : (seats[0] ?? null)
      const changed = preview.units.map((u) => u.unit)
      const frame = t(locale, 'preview.framed')
      let maps: { before: string; after: string } | null = null
      if (hasMap(meta.ruleset) && seat) {
        const before = await mapModelAt(app.db, meta, preview.seq, seat)
        const after = buildMapModel(meta.ruleset, preview.after.views[seat], eventsOf(preview))
        if (before)
          maps = {
            before: svgData(renderSvg(framed(before, changed, frame))),
            after: svgData(renderSvg(framed(after, changed, frame))),
          }
      }
      const html = previewFragment(app)({
        locale,
        timeZone: viewer.timeZone,
        preview,
        seat,
        maps,
        rows: preview.units.flatMap((u) =>
          Object.entries(u.fields).map(([field, v], i) => ({
            unit: u.unit,
            first: i === 0,
            span: Object.keys(u.fields).length,
            change: u.change,
            field,
            before: shown(v.before),
            after: shown(v.after),
          })),
        ),
        pending: describePending(meta.ruleset, preview.after.pending, locale),
        payloadJson: JSON.stringify(preview.entries[0]?.payload ?? null, null, 1),
      })
      return reply.header('cache-control', 'no-store').send({ seq: preview.seq, at: preview.at, html })
    },
  )
}
