// The one script every page loads: it enhances the forms, then starts the page's own module, chosen by
// <body data-page="...">. Each page module exports a start function and is listed here.
import { startCatalogue } from './catalogue.js'
import { enhanceForms } from './forms.js'
import { startGame } from './game.js'
import { startPreferences } from './preferences.js'
import { startTalk } from './talk.js'

const pages: Record<string, () => void> = {
  catalogue: startCatalogue,
  game: startGame,
  preferences: startPreferences,
}

function boot(): void {
  enhanceForms()
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-talk-for]'))) startTalk(el)
  pages[document.body.dataset.page ?? '']?.()
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot)
else boot()
