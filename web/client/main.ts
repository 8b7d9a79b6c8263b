// The one script every page loads: it enhances the forms, starts the log and the messages wherever a page
// has them, then starts the page's own module, chosen by <body data-page="...">.
import { startCatalogue } from './catalogue.js'
import { enhanceForms } from './forms.js'
import { startGame } from './game.js'
import { startLog } from './log.js'
import { startModeration } from './moderation.js'
import { startPreferences } from './preferences.js'
import { startReplay } from './replay.js'
import { startTalk } from './talk.js'
import { startTeam } from './team.js'
import { startVerify } from './verify.js'

const pages: Record<string, () => void> = {
  catalogue: startCatalogue,
  game: startGame,
  'moderation-game': startModeration,
  preferences: startPreferences,
  replay: startReplay,
  'season-team': startTeam,
  verify: startVerify,
}

function boot(): void {
  enhanceForms()
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('[data-log-for]'))) startLog(section)
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-talk-for]'))) startTalk(el)
  pages[document.body.dataset.page ?? '']?.()
  // The page's script has run (its controls answer): tests wait for this.
  document.body.dataset.ready = 'true'
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot)
else boot()
