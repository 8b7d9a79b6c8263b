// A player's rollback proposal (src/games/proposals.ts): the other players are asked to answer it; its
// proposer hears that it was rejected or lapsed, the others that it was withdrawn. An accepted one is
// told by the moderation email of the correction it writes.
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { addressed, type Composer } from './core.js'
import { gameData } from './game.js'

export const proposal: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'proposal'>
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  // Answering is an API call (the template says so); the log is the game's page.
  const base = `${env.ctx.publicUrl}/games/${g.game.id}`
  const composed = composeEmail('proposal', {
    ...addressed(env, g.ref),
    event: p.event,
    proposer: p.proposer,
    seat: p.seat,
    toSeq: p.toSeq,
    atSeq: p.seq,
    reason: p.reason,
    acceptUrl: `${base}/corrections/${p.proposal}/accept`,
    rejectUrl: `${base}/corrections/${p.proposal}/reject`,
    logUrl: env.page(`/g/${g.game.id}#log`),
  })
  return { composed }
}
