// "Game over": who won and why, the last events, and the dice seed revealed so anyone can verify
// the game.
import type { Locale } from '../../i18n/index.js'
import { composeEmail, narrate } from '../compose/index.js'
import { outcomeReason } from '../../games/words.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { eventsBetween } from './game.js'
import { mapOf, positionOf, viewOf, type Position } from './position.js'
import { turnOf } from './system-specific.js'

interface Outcome {
  winner?: string | null
  reason?: string
  ref?: string
}

/** The outcome stored with the game, else the one the notification carries. */
function outcomeOf(pos: Position, payload: Record<string, unknown>): Outcome {
  return pos.g.game.outcome ?? payload.outcome ?? {}
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The reason as a reader says it: the server writes some with side ids ("ZEON resigned"); the email
 * names the sides. Only the words of the email change, never the stored outcome (the log verifies).
 */
export function reasonWithNames(reason: string, sideNames: ReadonlyMap<string, string>): string {
  const ids = [...sideNames.keys()].filter((id) => id !== '').sort((a, b) => b.length - a.length)
  if (ids.length === 0) return reason
  const pattern = new RegExp(`(?<![\\w-])(?:${ids.map(escaped).join('|')})(?![\\w-])`, 'g')
  return reason.replace(pattern, (id) => sideNames.get(id) ?? id)
}

/** Why the game ended, in the reader's language (src/games/words.ts). */
export function reasonIn(system: string, outcome: Outcome, locale: Locale): string {
  return outcomeReason(system, outcome, locale)
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
    reason: reasonWithNames(reasonIn(g.game.ruleset, outcome, readerLocale(env)), g.sideNames),
    ...(pos.side ? { yourSide: pos.sideName } : {}),
    turn: turnOf(g.game.ruleset, pos.state),
    happened: narrate(g.game.ruleset, events, viewOf(pos), readerLocale(env)),
    seed: g.game.seed,
    seedCommitment: g.game.seedCommitment,
    verifyUrl: env.page(`/g/${g.game.id}/verify`),
    ...map.fields,
  })
  return { composed, attachments: map.attachments }
}
