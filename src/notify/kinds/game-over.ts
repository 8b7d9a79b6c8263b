// "Game over": who won and why, the last events, and the dice seed revealed so anyone can verify
// the game.
import { composeEmail, narrate } from '../compose/index.js'
import { addressed, type Composer } from './core.js'
import { eventsBetween } from './game.js'
import { mapOf, positionOf, viewOf, type Position } from './position.js'
import { turnOf } from './system-specific.js'

interface Outcome {
  winner?: string | null
  reason?: string
}

/** The outcome stored with the game, else the one the notification carries. */
function outcomeOf(pos: Position, payload: Record<string, unknown>): Outcome {
  return pos.g.game.outcome ?? payload.outcome ?? {}
}

export const gameOver: Composer = async (env, n) => {
  const pos = await positionOf(env.ctx, n)
  const { g } = pos
  const outcome = outcomeOf(pos, n.payload)
  const events = await eventsBetween(env.ctx.db, g.game.id, Math.max(0, pos.seq - 2), pos.seq)
  const map = await mapOf(env, pos)
  const composed = composeEmail('game-over', {
    ...addressed(env, g.ref),
    winner: outcome.winner ? (g.sideNames.get(outcome.winner) ?? outcome.winner) : null,
    reason: outcome.reason ?? 'the game is over',
    ...(pos.side ? { yourSide: pos.sideName } : {}),
    turn: turnOf(g.game.ruleset, pos.state),
    happened: narrate(g.game.ruleset, events, viewOf(pos)),
    seed: g.game.seed,
    seedCommitment: g.game.seedCommitment,
    verifyUrl: `${env.ctx.publicUrl}/games/${g.game.id}/verify`,
    ...map.fields,
  })
  return { composed, attachments: map.attachments }
}
