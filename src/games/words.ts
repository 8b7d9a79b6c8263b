// The words of a game's answers in the reader's language: the rule system's own hooks, reached through
// the registry (describeStep for who must act, localiseOptions and localisePreview for a seat's options and
// an orders preview). English, or a system
// without the hook, leaves the engine's words as they are.
import type { Pending } from '../engine/ruleset.js'
import type { Locale } from '../i18n/index.js'
import { ruleSystem } from '../rulesets/index.js'
import type { Db } from '../store/db.js'

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

/** The same for a game known by its id (an answer that does not carry its rule system). */
export async function describePendingOf<P extends Pending>(
  db: Db,
  gameId: string,
  pending: readonly P[],
  locale: Locale,
): Promise<P[]> {
  const game = await db.game.findUnique({ where: { id: gameId }, select: { ruleset: true } })
  return game ? describePending(game.ruleset, pending, locale) : [...pending]
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
