// A moderator's (or the server operator's) change to a game, told to every player: who did what, why,
// and what changed (a game moved to other rules, src/games/rules-migration.ts).
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { addressed, type Composer } from './core.js'
import { gameData } from './game.js'

export const moderation: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'moderation'>
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  const composed = composeEmail('moderation', {
    ...addressed(env, g.ref),
    moderator: p.moderator,
    action: p.action,
    reason: p.reason,
    changes: p.changes,
    at: p.at,
    entry: p.seq,
    logUrl: `${env.ctx.publicUrl}/games/${g.game.id}/log`,
  })
  return { composed }
}
