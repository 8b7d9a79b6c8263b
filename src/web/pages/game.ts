// The game page /g/:id: the summary, the map as inline SVG (the same model as the email's picture, from the
// reader's seat), and for a player whose move it is, the order box. It reads through the same use cases as
// GET /games/:id, /games/:id/view and /games/:id/map.svg; the browser then plays through the JSON API.
import type { FastifyInstance } from 'fastify'
import { mailSecret } from '../../config.js'
import { gameOptions, gameSummary, gameView } from '../../games/reads.js'
import { catalogues, translate, type Locale } from '../../i18n/index.js'
import { canModerate, moderatorAccount } from '../../games/moderation-access.js'
import { callerOf, GameId } from '../../http/routes/shared.js'
import { mapAccess } from '../../notify/map-access.js'
import { mapModelAt, webMapSvg } from '../../notify/map-cache.js'
import { SIDE_MARKS, sideMark } from '../../notify/map/svg-counters.js'
import { isTableMap } from '../../present/map-model.js'
import { browserLocale, pageViewer, renderPage } from '../context.js'
import { ruleSystem } from '../../rulesets/index.js'

type Summary = Awaited<ReturnType<typeof gameSummary>>

/** The words the browser's module needs, as written in locales/<locale>/web-game.json ("client"). */
function clientWords(locale: Locale): Record<string, string> {
  return (catalogues().getResource(locale, 'web-game', 'client') ?? {}) as Record<string, string>
}

/** A side's mark as a small picture beside its name, the same shape its counters carry on the map. */
function markPicture(index: number, colour: string): string {
  return (
    `<svg class="side-mark" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">` +
    `<rect x="1" y="1" width="22" height="22" rx="3" fill="${/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#5b6573'}" ` +
    `stroke="#1b2129" stroke-width="1.5"/>${sideMark(index, { x: 12, y: 12 }, 5)}</svg>`
  )
}

function sidesOf(summary: Summary, modelSides: Array<{ id: string; name: string; colour: string }>, locale: Locale) {
  const ids = [...new Set([...modelSides.map((s) => s.id), ...summary.seats.map((s) => s.side)])]
  return ids.map((id) => {
    const index = modelSides.findIndex((s) => s.id === id)
    const model = modelSides[index]
    const shape = SIDE_MARKS[Math.max(0, index) % SIDE_MARKS.length]!
    return {
      id,
      name: model?.name ?? id,
      mark: model ? markPicture(index, model.colour) : '',
      shape: model ? translate(locale, 'web-game', `shapes.${shape}`) : '',
      mine: summary.yourSeats.some((seat) => summary.seats.find((s) => s.seat === seat)?.side === id),
      seats: summary.seats
        .filter((s) => s.side === id)
        .map((s) => ({ ...s, mine: summary.yourSeats.includes(s.seat) })),
    }
  })
}

export async function gamePages(app: FastifyInstance) {
  app.get('/g/:id', { schema: { hide: true, params: GameId } }, async (request, reply) => {
    const { id } = request.params as { id: string }
    const viewer = await pageViewer(app, request)
    const caller = callerOf(request)
    const locale = viewer?.locale ?? browserLocale(request)
    // A game the reader may not see throws the API's not-found: the pages answer it with the 404 page.
    // An invite link (/g/:id?invite=CODE, from an invite email) shows a private game to its invitee.
    const rawInvite = (request.query as { invite?: unknown }).invite
    const invite = typeof rawInvite === 'string' && rawInvite.length <= 64 ? rawInvite : undefined
    const summary = await gameSummary(app.db, id, caller, { publicUrl: app.config.publicUrl, locale, invite })
    const started = summary.logSeq > 0
    let view: { seq: number; seat: string | null; view?: unknown } | null = null
    let map: string | null = null
    let modelSides: Array<{ id: string; name: string; colour: string }> = []
    let table = false
    if (started) {
      view = JSON.parse(await gameView(app.db, id, caller, undefined, locale)) as {
        seq: number
        seat: string | null
        view?: unknown
      }
      const access = await mapAccess(app.db, mailSecret(app.config), id, caller, {})
      map = await webMapSvg(app.db, access.meta, access.seq, access.seat)
      const model = await mapModelAt(app.db, access.meta, access.seq, access.seat)
      modelSides = model?.sides ?? []
      table = model !== null && isTableMap(model)
    }
    const seat = view?.seat ?? null
    const player = summary.yourSeats.length > 0
    const active = summary.status === 'ACTIVE'
    const paused = summary.pausedAt !== null
    const mustAct =
      active &&
      !paused &&
      summary.pending.some((p) => p.seats.some((s) => summary.yourSeats.includes(s) && !p.submitted.includes(s)))
    // The seat's options in short, as its email lists them: open where the map cannot be clicked for them (a
    // table), folded under the unit-by-unit panel elsewhere.
    let shortOptions: { lines: string[]; legend: string | null; open: boolean } | null = null
    if (mustAct) {
      const system = ruleSystem(summary.ruleset)
      const opts = await gameOptions(app.db, id, caller, undefined, locale)
      const compact = system?.compactOptions(opts.options, locale)
      if (compact && compact.lines.length > 0)
        shortOptions = { lines: compact.lines, legend: system?.optionsLegend?.(locale) ?? null, open: table }
    }
    const freeSeats = summary.seats.filter((s) => s.player === null)
    const join =
      summary.status === 'OPEN' && !player && freeSeats.length > 0
        ? {
            invite: invite ?? '',
            seats: freeSeats.map((s) => ({ seat: s.seat, side: s.side })),
            back: `/g/${id}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
          }
        : null
    // Messages and draw offers: the players, and the game's moderators (who read every message).
    const moderator =
      !player &&
      viewer !== null &&
      canModerate(await moderatorAccount(app.db, viewer.id), {
        gameMasterId: summary.gameMaster?.id ?? null,
        // The summary does not carry the club and season; only a signed-in non-player reaches this read.
        ...((await app.db.game.findUnique({ where: { id }, select: { clubId: true, seasonId: true } })) ?? {
          clubId: null,
          seasonId: null,
        }),
        seats: summary.seats.map((s) => ({ userId: s.player?.id ?? null })),
      })
    const mySides = [
      ...new Set(summary.seats.filter((s) => summary.yourSeats.includes(s.seat)).map((s) => s.side)),
    ].join(' ')
    const talk =
      player || moderator
        ? { seated: player, canWrite: true, over: summary.status === 'FINISHED', sides: mySides }
        : null
    const outcome = summary.outcome as { winner?: string | null; reason?: string } | null
    return renderPage(app, request, reply, 'game', viewer, summary.title, {
      page: 'game',
      titleText: summary.title,
      game: summary,
      id,
      started,
      seat,
      player,
      active,
      paused,
      mustAct,
      finished: summary.status === 'FINISHED',
      statusText: translate(locale, 'web-game', `status.${summary.status}`),
      outcome,
      sides: sidesOf(summary, modelSides, locale),
      pending: summary.pending.map((p) => ({
        ...p,
        playerNames: p.players.filter((n) => n !== null).join(', '),
        submittedNames: p.submittedPlayers.filter((n) => n !== null).join(', '),
      })),
      map,
      shortOptions,
      panel: started && view ? (ruleSystem(summary.ruleset)?.statusPanel?.(view.view, locale) ?? null) : null,
      join,
      talk,
      loginUrl: `/login?next=${encodeURIComponent(`/g/${id}`)}`,
      data: {
        id,
        seq: summary.logSeq,
        ruleset: summary.ruleset,
        seat,
        mustAct,
        player,
        words: clientWords(locale),
      },
    })
  })
}
