// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import type { At, RbScenario } from './types.js'

/** RB-4.4: the speeds the AT may choose now; the placeholder keeps the current speed. */
export function speedChoices(scn: RbScenario, at: At): number[] {
  void scn
  return [at.speed]
}
