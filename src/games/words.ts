// The words of a game's answers in the reader's language: the rule system's own hooks, reached through
// the registry (describeStep for who must act, localiseOptions and localisePreview for a seat's options and
// an orders preview). English, or a system
// without the hook, leaves the engine's words as they are.
import { LRUCache } from 'lru-cache'
import type { Outcome, Pending } from '../engine/ruleset.js'
import { DEFAULT_LOCALE, translate, type Locale } from '../i18n/index.js'
import { ruleSystem } from '../rulesets/index.js'
import type { Db } from '../store/db.js'
import { AGREED_DRAW_REASON } from './fold.js'

/** `pending` with each description in `locale`, as the game's rule system words it. */
export function describePending<P extends Pending>(ruleset: string, pending: readonly P[], locale: Locale): P[]
export function describePending<P extends Pending>(
  ruleset: string,
  pending: readonly P[] | null,
  locale: Locale,
): P[] | null
export function describePending<P extends Pending>(
  ruleset: string,
  pending: readonly P[] | null,
  locale: Locale,
): P[] | null {
  if (!pending) return null
  const describe = ruleSystem(ruleset)?.describeStep
  if (!describe) return [...pending]
  return pending.map((p) => ({ ...p, description: describe(p, locale) }))
}

/**
 * Why the game ended, in the reader's language: the server's own reason (a resignation, src/games/fold.ts)
 * from the email catalogue, a rule system's from its `describeOutcome`; else the stored words.
 */
export function outcomeReason(
  ruleset: string,
  outcome: { winner?: string | null; reason?: string; ref?: string },
  locale: Locale,
): string {
  if (!outcome.reason) return translate(locale, 'email', 'gameOver.reason.over')
  const resigned = outcome.ref === 'resign' ? /^(.+) resigned$/.exec(outcome.reason) : null
  if (resigned) return translate(locale, 'email', 'gameOver.reason.resigned', { side: resigned[1] })
  // A game lost on time (src/games/fold.ts forfeitVerdict).
  const lostOnTime = outcome.ref === 'timeout' ? /^(.+) lost on time$/.exec(outcome.reason) : null
  if (lostOnTime) return translate(locale, 'email', 'gameOver.reason.lostOnTime', { side: lostOnTime[1] })
  if (outcome.ref === 'timeout' && outcome.winner === null)
    return translate(locale, 'email', 'gameOver.reason.bothLate')
  // An agreed draw (src/games/draws.ts) keeps these words in its CORRECTION entry.
  if (outcome.ref === 'adjudicate' && outcome.winner === null && outcome.reason === AGREED_DRAW_REASON)
    return translate(locale, 'email', 'gameOver.reason.agreedDraw')
  const { winner = null, reason = '', ref = '' } = outcome
  return ruleSystem(ruleset)?.describeOutcome?.({ winner, reason, ref }, locale) ?? reason
}

/** `outcome` with its reason in `locale` (outcomeReason); English keeps the stored reason as it is. */
export function describeOutcomeIn(ruleset: string, outcome: Outcome | null, locale: Locale): Outcome | null {
  return outcome && locale !== DEFAULT_LOCALE
    ? { ...outcome, reason: outcomeReason(ruleset, outcome, locale) }
    : outcome
}

/** A game's rule system never changes once the game exists: kept per game, safe in any number of processes. */
const rulesets = new LRUCache<string, string>({ max: 10_000 })

async function rulesetOfGame(db: Db, gameId: string): Promise<string | null> {
  const known = rulesets.get(gameId)
  if (known) return known
  const rows = await db.$queryRaw<Array<{ ruleset: string }>>`SELECT ruleset FROM "Game" WHERE id = ${gameId}::uuid`
  if (rows[0]) rulesets.set(gameId, rows[0].ruleset)
  return rows[0]?.ruleset ?? null
}

/** An answer's `pending` and `outcome` in `locale`, for a game known by its id (the answer names no system). */
export async function localiseAnswer<A extends { pending?: Pending[]; outcome: Outcome | null }>(
  db: Db,
  gameId: string,
  answer: A,
  locale: Locale,
): Promise<A> {
  const ruleset = await rulesetOfGame(db, gameId)
  if (!ruleset) return answer
  return {
    ...answer,
    ...(answer.pending ? { pending: describePending(ruleset, answer.pending, locale) } : {}),
    outcome: describeOutcomeIn(ruleset, answer.outcome, locale),
  }
}

/** A seat's options (the ruleset's options()) with the words in them in `locale`. */
export function localiseOptions(ruleset: string, options: unknown, locale: Locale): unknown {
  const localise = ruleSystem(ruleset)?.localiseOptions
  return localise ? localise(options, locale) : options
}

/** An orders preview (the ruleset's preview()) with the words in it in `locale`. */
export function localisePreview(ruleset: string, preview: unknown, locale: Locale): unknown {
  const localise = ruleSystem(ruleset)?.localisePreview
  return localise ? localise(preview, locale) : preview
}
