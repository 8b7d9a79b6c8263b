// How a Real Battle game ended, in the reader's language. The engine writes the reason in English (the log
// keeps it as it is); this reads the known kinds back (RB-23.7 every enemy AT destroyed, the turn limit, a
// campaign show's first kill RB-24.12) and says them from the catalogue. Any other reason is shown as written.
import type { Outcome } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { campName, words } from './words.js'

const KINDS: Array<{ kind: string; test: RegExp }> = [
  { kind: 'turnLimit', test: /turn ?limit|turns? (were|was|are)? ?played|last turn/i },
  { kind: 'firstKill', test: /first (kill|AT destroyed)|an AT (was|is) destroyed|endOnFirstKill|RB-24\.12/i },
  { kind: 'annihilation', test: /all (the )?(enemy |opposing )?ATs?.*destroyed|no AT left|every (enemy )?AT/i },
]

/** The stored reason in the reader's words, or as written when it is of no known kind. */
export function describeReason(reason: string, locale: Locale): string {
  const hit = KINDS.find((k) => k.test.test(reason))
  return hit ? words(locale)(`why.${hit.kind}`) : reason
}

export function describeOutcome(outcome: Outcome, locale: Locale): string {
  if (!KINDS.some((k) => k.test.test(outcome.reason))) return outcome.reason
  const reason = describeReason(outcome.reason, locale)
  const t = words(locale)
  return outcome.winner === null
    ? t('outcome.draw', { reason })
    : t('outcome.won', { camp: campName(locale, null, outcome.winner), reason })
}
