// A dispute's news (src/games/disputes.ts, docs/disputes.md): raised (to the moderators), a new
// message (to the other side), ruled with no change (to the players). One template, `dispute`.
import { translate } from '../../i18n/index.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { gameData } from './game.js'

type Payload = OutboxPayload<'dispute-raised'>

const EVENTS = { 'dispute-raised': 'raised', 'dispute-message': 'message', 'dispute-ruled': 'ruled' } as const

const KNOWN_ENTRIES = new Set(['SETUP', 'ORDERS', 'RESOLUTION', 'RESIGN', 'TIMEOUT', 'MODERATION', 'CORRECTION'])

/** What the entry disputed is, in the reader's words: "orders of FED". */
function entryLabel(locale: ReturnType<typeof readerLocale>, kind: string, seat: string | null): string {
  if (!KNOWN_ENTRIES.has(kind)) return kind
  const key = (kind === 'ORDERS' || kind === 'RESIGN') && seat === null ? `${kind}_noSeat` : kind
  return translate(locale, 'email', `dispute.entry.${key}`, seat === null ? {} : { seat })
}

const lines = (text: string) => text.split(/\r?\n/).filter((l) => l.trim() !== '')

export const dispute: Composer = async (env, n) => {
  const p = n.payload as Payload
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  const plays =
    n.userId !== null && (await env.ctx.db.seat.count({ where: { gameId: g.game.id, userId: n.userId } })) > 0
  const composed = composeEmail('dispute', {
    ...addressed(env, g.ref),
    event: EVENTS[n.kind as keyof typeof EVENTS],
    entry: p.seq,
    entryLabel: entryLabel(readerLocale(env), p.entryKind, p.entrySeat),
    by: p.by,
    byModerator: p.byModerator,
    text: lines(p.text),
    disputeText: lines(p.disputeText),
    at: p.at,
    // A player finds it on the game's page, a moderator in the moderation inbox.
    disputeUrl: env.page(
      plays ? `/g/${g.game.id}#dispute-${p.disputeId}` : `/moderation/disputes/${encodeURIComponent(p.disputeId)}`,
    ),
    disputeApiUrl: `${env.ctx.publicUrl}/disputes/${p.disputeId}`,
    because: plays ? null : translate(readerLocale(env), 'email', 'dispute.becauseModerator', { title: g.ref.title }),
  })
  return { composed }
}
