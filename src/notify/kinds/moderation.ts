// A moderator's (or the server operator's) change to a game, told to every player: who did what, why,
// and what changed (a game moved to other rules, src/games/rules-migration.ts).
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { inReaderWords, type KnownForm } from '../server-words.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { gameData } from './game.js'

/** What src/games/rules-migration.ts writes: who, what and what changed. */
const WHO: KnownForm[] = [
  { pattern: /^the server's operator$/, key: 'moderation.words.operator' },
  { pattern: /^a moderator$/, key: 'moderation.words.aModerator' },
]
const WHAT: KnownForm[] = [
  { pattern: /^moved the game to rules version (\S+)$/, key: 'moderation.words.migrated', values: ['to'] },
]
const CHANGES: KnownForm[] = [
  {
    pattern: /^The game played rules version (\S+); from log entry (\d+) on, it plays (\S+)\.$/,
    key: 'moderation.words.versions',
    values: ['from', 'seq', 'to'],
  },
  {
    pattern: /^Every step resolved before stays as it was; the next ones follow the new rules\.$/,
    key: 'moderation.words.stepsKept',
  },
]

export const moderation: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'moderation'>
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  const composed = composeEmail('moderation', {
    ...addressed(env, g.ref),
    moderator: inReaderWords(readerLocale(env), p.moderator, WHO),
    action: inReaderWords(readerLocale(env), p.action, WHAT),
    reason: p.reason,
    changes: p.changes.map((line) => inReaderWords(readerLocale(env), line, CHANGES)),
    at: p.at,
    entry: p.seq,
    logUrl: `${env.ctx.publicUrl}/games/${g.game.id}/log`,
  })
  return { composed }
}
