// The one script every page loads: it enhances the forms, then starts the page's own module, chosen by
// <body data-page="...">. Each page module exports a start function and is listed here.
import { enhanceForms } from './forms.js'
import { startModeration } from './moderation.js'

const pages: Record<string, () => void> = {
  'moderation-game': startModeration,
}

function boot(): void {
  enhanceForms()
  pages[document.body.dataset.page ?? '']?.()
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot)
else boot()
