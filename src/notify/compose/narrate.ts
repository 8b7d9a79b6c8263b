// Narration for any rule system: its own narrator (src/rulesets/<id>/). A system the server does not
// know still gets a line per event, so an email is plain but never empty or broken.
import type { GameEvent } from '../../engine/ruleset.js'
import { ruleSystem } from '../../rulesets/index.js'
import { fallbackLine } from '../../present/narrate-fallback.js'
import type { Locale } from '../../i18n/index.js'

/** What happened, one sentence a line, from the events and the reader's view of the game. */
export function narrate(system: string, events: readonly GameEvent[], view: unknown, locale: Locale): string[] {
  const narrator = ruleSystem(system)
  return narrator ? narrator.narrate(events, view, locale) : events.map(fallbackLine)
}
