// Enemy units near the reader's, in words, for any rule system: dispatches on the system id. A
// system that does not say what "near" is lists none, and its emails say so.
import { isAbaoaquView } from '../map/abaoaqu.js'
import { enemiesNearAbaoaqu } from './nearby-abaoaqu.js'

export interface EnemiesNear {
  lines: string[]
  /** Enemy units left out, the furthest. */
  omitted: number
}

export function enemiesNear(system: string, view: unknown): EnemiesNear {
  if (system === 'abaoaqu' && isAbaoaquView(view)) return enemiesNearAbaoaqu(view)
  return { lines: [], omitted: 0 }
}
