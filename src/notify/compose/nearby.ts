// Enemy units near the reader's, in words, for any rule system: what its own folder says "near" is
// (src/rulesets/<id>/). A system that does not say lists none, and its emails say so.
import { ruleSystem } from '../../rulesets/index.js'

export interface EnemiesNear {
  lines: string[]
  /** Enemy units left out, the furthest. */
  omitted: number
}

export function enemiesNear(system: string, view: unknown): EnemiesNear {
  return ruleSystem(system)?.enemiesNear?.(view) ?? { lines: [], omitted: 0 }
}
