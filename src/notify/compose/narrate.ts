// Narration for any rule system: dispatches on the system id. A system without a narrator still
// gets a line per event, so a new rule system's emails are plain but never empty or broken.
import type { GameEvent } from '../../engine/ruleset.js'
import type { View } from '../../engine/rulesets/abaoaqu/view.js'
import { narrateAbaoaqu, narrationContext } from './narrate-abaoaqu.js'
import { fallbackLine } from './narrate-fallback.js'

function isAbaoaquView(view: unknown): view is View {
  const v = view as Partial<View> | null
  return (
    !!v &&
    v.system === 'abaoaqu' &&
    Array.isArray(v.units) &&
    typeof v.unitTypes === 'object' &&
    Array.isArray(v.scenario?.sides)
  )
}

/** What happened, one sentence a line, from the events and the reader's view of the game. */
export function narrate(system: string, events: readonly GameEvent[], view: unknown): string[] {
  if (system === 'abaoaqu' && isAbaoaquView(view)) return narrateAbaoaqu(events, narrationContext(view))
  return events.map(fallbackLine)
}
