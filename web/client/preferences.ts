// The preferences page: saves through PATCH /me/preferences and POST /me/vacations, then reloads to show
// what the server kept (in the language just chosen). The browser's own time zone is offered.
import { api } from './api.js'
import { clearProblems, showFieldProblem } from './field-problems.js'

const DAY = 86_400_000

async function sending(form: HTMLFormElement, run: () => Promise<void>): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button) button.disabled = true
  clearProblems(form)
  try {
    await run()
  } catch (e) {
    showFieldProblem(form, e)
  } finally {
    if (button) button.disabled = false
  }
}

function preferencesBody(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const el of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))) {
    if (!el.name) continue
    if (el instanceof HTMLInputElement && el.type === 'checkbox') body[el.name] = el.checked
    else if (el instanceof HTMLInputElement && el.type === 'number')
      body[el.name] = el.value === '' ? NaN : Number(el.value)
    else body[el.name] = el.value
  }
  // A blank or unreadable number still goes to the server, which says what it must be.
  if (Number.isNaN(body.reminderHours))
    body.reminderHours = (form.elements.namedItem('reminderHours') as HTMLInputElement).value
  return body
}

function offerBrowserZone(form: HTMLFormElement): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const select = form.querySelector<HTMLSelectElement>('select[name="timeZone"]')
  const offer = form.querySelector<HTMLElement>('[data-browser-zone]')
  if (!zone || !select || !offer || select.value === zone) return
  if (!Array.from(select.options).some((o) => o.value === zone)) return
  offer.querySelector<HTMLElement>('[data-zone-name]')!.textContent = zone
  offer.hidden = false
  offer.querySelector<HTMLButtonElement>('[data-use-zone]')!.addEventListener('click', () => {
    select.value = zone
    select.focus()
  })
}

/** A vacation from a day in this browser's calendar: today starts now, a later day at its midnight. */
function vacationSpan(start: string, days: number): { startsAt: string; endsAt: string } {
  const [y, m, d] = start.split('-').map(Number)
  const midnight = new Date(y!, m! - 1, d!)
  const begins = Math.max(midnight.getTime(), Date.now() + 5_000)
  return { startsAt: new Date(begins).toISOString(), endsAt: new Date(midnight.getTime() + days * DAY).toISOString() }
}

function today(): string {
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function startPreferences(): void {
  const prefs = document.querySelector<HTMLFormElement>('form#prefs-form')
  if (prefs) {
    offerBrowserZone(prefs)
    prefs.addEventListener('submit', (event) => {
      event.preventDefault()
      void sending(prefs, async () => {
        await api('PATCH', '/me/preferences', preferencesBody(prefs))
        window.location.assign('/preferences?saved=preferences')
      })
    })
  }
  const vacation = document.querySelector<HTMLFormElement>('form#vacation-form')
  if (vacation) {
    const start = vacation.querySelector<HTMLInputElement>('input[name="start"]')!
    const days = vacation.querySelector<HTMLInputElement>('input[name="days"]')!
    if (!start.value) start.value = today()
    start.min = today()
    vacation.addEventListener('submit', (event) => {
      event.preventDefault()
      void sending(vacation, async () => {
        const count = Number(days.value)
        if (!start.value || !Number.isInteger(count) || count < 1) {
          // Nothing the server could read: say so next to the field, as the server would.
          const field = !start.value ? start : days
          field.setAttribute('aria-invalid', 'true')
          const slot = vacation.querySelector<HTMLElement>(`[data-error-for="${field.dataset.field}"]`)!
          slot.textContent = field.validationMessage
          field.focus()
          return
        }
        await api('POST', '/me/vacations', vacationSpan(start.value, count))
        window.location.assign('/preferences?saved=vacation')
      })
    })
  }
}
