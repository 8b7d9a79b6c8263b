// Enemy units near the reader's, in words, for any rule system: what its own folder says "near" is
// (src/rulesets/<id>/). A system that does not say lists none, and its emails say so.
import { ruleSystem } from '../../rulesets/index.js'
import type { Locale } from '../../i18n/index.js'

export interface EnemiesNear {
  lines: string[]
  /** Enemy units left out, the furthest. */
  omitted: number
}

export function enemiesNear(system: string, view: unknown, locale: Locale): EnemiesNear {
  return ruleSystem(system)?.enemiesNear?.(view, locale) ?? { lines: [], omitted: 0 }
}
