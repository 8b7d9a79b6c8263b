// Forms on the pages. A form with data-api="METHOD /path" is sent to the JSON API (its fields as a JSON
// object; data-type="number|boolean|lines" on a field converts it) and shows the API's answer: the
// problem's words next to the form, the field at fault marked. On success it follows data-then: "reload",
// or a path to go to ("{id}" takes the answer's id).
import { api, ApiError } from './api.js'

function valueOf(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): unknown {
  const type = el.dataset.type
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked
  const raw = el.value
  if (type === 'number') return raw === '' ? undefined : Number(raw)
  if (type === 'boolean') return raw === 'true'
  if (type === 'lines')
    return raw
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
  return raw === '' && el.dataset.optional !== undefined ? undefined : raw
}

export function formJson(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement))
      continue
    if (!el.name || el.name === '_csrf' || el.disabled) continue
    if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) continue
    const value = valueOf(el)
    if (value !== undefined) out[el.name] = value
  }
  return out
}

export function showProblem(form: HTMLElement, error: unknown): void {
  const box = form.querySelector<HTMLElement>('[data-problem]') ?? form.appendChild(document.createElement('p'))
  box.dataset.problem = ''
  box.className = 'error'
  box.setAttribute('role', 'alert')
  for (const marked of Array.from(form.querySelectorAll('[aria-invalid="true"]')))
    marked.removeAttribute('aria-invalid')
  if (error instanceof ApiError) {
    box.textContent = error.problem.detail ?? error.message
    const field = String(error.problem.field ?? error.problem.errors?.[0]?.field ?? '')
      .replace(/^body\//, '')
      .split('/')[0]
    const input = field ? form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) : null
    if (input) {
      input.setAttribute('aria-invalid', 'true')
      input.focus()
    }
  } else box.textContent = error instanceof Error ? error.message : String(error)
}

export function clearProblem(form: HTMLElement): void {
  const box = form.querySelector<HTMLElement>('[data-problem]')
  if (box) box.textContent = ''
}

async function sendApiForm(form: HTMLFormElement): Promise<void> {
  const [method, path] = (form.dataset.api ?? '').split(' ')
  if (!method || !path) return
  const confirmText = form.dataset.confirm
  if (confirmText && !window.confirm(confirmText)) return
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button) button.disabled = true
  clearProblem(form)
  try {
    const res = await api<{ id?: string }>(method, path, formJson(form))
    const then = form.dataset.then ?? 'reload'
    if (then === 'reload') window.location.reload()
    else if (then === 'stay') {
      // The form is done: its confirmation (a [data-done] beside it) takes its place.
      const done = form.parentElement?.querySelector<HTMLElement>('[data-done]')
      if (done) {
        form.hidden = true
        done.hidden = false
        done.focus()
      }
    } else window.location.assign(then.replace('{id}', String(res.body?.id ?? '')))
    form.dispatchEvent(new CustomEvent('api:done', { detail: res.body }))
  } catch (e) {
    showProblem(form, e)
  } finally {
    if (button) button.disabled = false
  }
}

export function enhanceForms(root: ParentNode = document): void {
  for (const form of Array.from(root.querySelectorAll<HTMLFormElement>('form[data-api]'))) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void sendApiForm(form)
    })
  }
  for (const form of Array.from(root.querySelectorAll<HTMLFormElement>('form[data-timezone]'))) {
    const input = form.querySelector<HTMLInputElement>('input[name="timeZone"]')
    if (input && !input.value) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone
  }
}
