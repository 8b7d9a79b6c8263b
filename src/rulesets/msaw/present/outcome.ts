// How an MS@W game ended, in the reader's language. The engine writes the reason in English (the log keeps it
// as it is); this reads the known kinds back (GAP-M-4: annihilation, the round limit with the enemy cost each
// side destroyed, a draw) and says them from the catalogue. Any other reason is shown as written.
import type { Outcome } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { words } from './words.js'

const KINDS: Array<{ kind: string; test: RegExp }> = [
  { kind: 'roundLimit', test: /round[ -]?limit|rounds? (were|was|are|have been)? ?played|last round/i },
  { kind: 'draw', test: /\bdraw\b|no side (has )?suits?|all sides? (were |are )?destroyed|mutual/i },
  { kind: 'annihilation', test: /annihilat|only (one )?side (left|with suits)|one side left|no (enemy )?suits? left/i },
  { kind: 'annihilation', test: /(all|every) (the )?(enemy |other )?(suits?|sides?'?) .*destroyed/i },
]

/** "federation 250, zeon 100": the cost each side destroyed, as the engine's round-limit reason lists it. */
export function costsOf(reason: string): string {
  const colon = reason.indexOf(':')
  if (colon < 0) return ''
  const pairs = [...reason.slice(colon + 1).matchAll(/([A-Za-z][\w-]*)\D{0,12}?(\d+)/g)]
  return pairs.map((m) => `${m[1]} ${m[2]}`).join(', ')
}

/** The kind of a stored reason, or null when it is of no known kind. */
export function reasonKind(reason: string): string | null {
  return KINDS.find((k) => k.test.test(reason))?.kind ?? null
}

/**
 * The stored reason in the reader's words, or as written when it is of no known kind. The round limit names
 * the cost each side destroyed: `costs` when the caller knows them (from a view), else any the reason lists.
 */
export function describeReason(reason: string, locale: Locale, winner: string | null = null, costs = ''): string {
  const kind = reasonKind(reason)
  if (!kind) return reason
  const t = words(locale)
  // Annihilation with no side left is a draw (GAP-M-4).
  if (kind === 'annihilation' && winner === null) return t('why.draw')
  if (kind !== 'roundLimit') return t(`why.${kind}`)
  const listed = costs || costsOf(reason)
  const head = t(winner === null ? 'why.roundLimitEqual' : 'why.roundLimit')
  return listed ? t('why.withCosts', { head, costs: listed }) : head
}

/**
 * Why the game ended, in the reader's words (the stored reason when of no known kind). Only the why: the
 * emails and pages say who won and that it is over around it.
 */
export function describeOutcome(outcome: Outcome, locale: Locale): string {
  if (!reasonKind(outcome.reason)) return outcome.reason
  return describeReason(outcome.reason, locale, outcome.winner)
}
