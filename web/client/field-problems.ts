// A problem from the API shown where the reader looks for it: next to the field it names (the field marked
// invalid and focused), or above the form when it names none. A field answers to its name or data-field.
import { ApiError } from './api.js'

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The field a problem names: "body/title" → "title", "options.leadOff" stays. */
function fieldOf(error: unknown): string {
  if (!(error instanceof ApiError)) return ''
  return String(error.problem.field ?? error.problem.errors?.[0]?.field ?? '')
    .replace(/^body\//, '')
    .replace(/^options\//, 'options.')
    .split('/')[0]!
}

export function clearProblems(form: HTMLFormElement): void {
  for (const box of Array.from(form.querySelectorAll<HTMLElement>('[data-problem], [data-error-for]')))
    box.textContent = ''
  for (const marked of Array.from(form.querySelectorAll('[aria-invalid="true"]')))
    marked.removeAttribute('aria-invalid')
}

/** Shows a problem: in the slot of the field it names (marked invalid and focused), else above the form. */
export function showFieldProblem(form: HTMLFormElement, error: unknown): void {
  clearProblems(form)
  const text = error instanceof ApiError ? (error.problem.detail ?? error.message) : String(error)
  const field = fieldOf(error)
  const name = field ? CSS.escape(field) : ''
  const input = field ? form.querySelector<Field>(`[data-field="${name}"], [name="${name}"]`) : null
  const slot = field ? form.querySelector<HTMLElement>(`[data-error-for="${name}"]`) : null
  if (input && slot) {
    slot.textContent = text
    input.setAttribute('aria-invalid', 'true')
    const details = input.closest('details')
    if (details) details.open = true
    input.focus()
    return
  }
  const box = form.querySelector<HTMLElement>('[data-problem]')
  if (box) box.textContent = text
}
