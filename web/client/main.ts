// The one script every page loads: it enhances the forms, then starts the page's own module, chosen by
// <body data-page="...">. Each page module exports a start function and is listed here.
import { enhanceForms } from './forms.js'
import { startLog } from './log.js'
import { startReplay } from './replay.js'
import { startVerify } from './verify.js'

const pages: Record<string, () => void> = { replay: startReplay, verify: startVerify }

function boot(): void {
  enhanceForms()
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('[data-log-for]'))) startLog(section)
  pages[document.body.dataset.page ?? '']?.()
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot)
else boot()
