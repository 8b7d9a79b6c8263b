// How a GREEN NOA game ended, in the reader's language. The engine writes the reason in English
// (engine/sequence.ts `outcome`, kept in the log as it is); this reads its known form back and says it
// from the catalogue. A reason of another form is shown as written.
import type { Outcome } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { words } from './words.js'

const SCORE = /^AEUG (\d+), Titans (\d+) victory points(: a draw)?$/

export function describeOutcome(outcome: Outcome, locale: Locale): string {
  const m = SCORE.exec(outcome.reason)
  if (!m) return outcome.reason
  return words(locale)(m[3] ? 'outcome.draw' : 'outcome.score', { aeug: Number(m[1]), titans: Number(m[2]) })
}
