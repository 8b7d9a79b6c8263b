// A message another player wrote in the game (src/games/messages.ts, docs/messages.md). Its Reply-To
// carries a signed token naming this notification: a reply becomes a message to the same readers
// (src/notify/reply.ts), never orders.
import { makeReplyToken, replyAddress } from '../inbound/index.js'
import { messageById } from '../../games/messages.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { addressed, replyBinding, type Composer } from './core.js'
import { gameData } from './game.js'

/** How long a reply to a message email is taken: long after the game's last phase, short of forever. */
const REPLY_DAYS = 30

export const gameMessage: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'game-message'>
  const m = await messageById(env.ctx.db, p.message)
  if (!m) throw new Error(`no message ${p.message}`)
  const g = await gameData(env.ctx, n.gameId!, null)
  const now = env.ctx.now?.() ?? new Date()
  const exp = Math.floor(now.getTime() / 1000) + REPLY_DAYS * 86_400
  const replyTo = replyAddress(
    env.ctx.replyBase,
    makeReplyToken({ id: BigInt(n.id), exp, binding: replyBinding(n) }, env.ctx.secret),
  )
  const sideName = (side: string | null) => (side ? (g.sideNames.get(side) ?? side) : null)
  const composed = composeEmail('game-message', {
    ...addressed(env, g.ref),
    author: m.author.name,
    authorSide: sideName(m.author.side),
    byModerator: m.author.moderator,
    audience: m.to,
    side: sideName(m.side),
    text: m.text.split('\n'),
    at: m.createdAt,
    replyAddress: replyTo,
    messagesUrl: `${env.ctx.publicUrl}/games/${g.game.id}/messages`,
  })
  return { composed, replyTo }
}
