// A campaign team's page (/s/:id/teams/:entrant, src/web/pages/campaign.ts): its own player sends the
// period's maintenance actions (POST /seasons/:id/teams/:entrant/actions) and reads the answer where they
// typed: what happened (purchases, dice), or the refusal with its line and rule, the text kept. One
// Idempotency-Key per submission: a new one for a new text, the same one to retry the same text after the
// network failed. After an answer the team, the period and the history are drawn again from the server.
import { api, ApiError, idempotencyKey } from './api.js'
import { el, words, type Words } from './words.js'

interface Refusal {
  rule?: string
  message: string
  line?: number
}

interface Answer {
  narration: string[]
  refused: Refusal | null
  done: boolean
  used: number
  left: number
  team?: { money?: number } | null
}

let w: Words = (key) => key
let last: { body: string; key: string; failed: boolean } | null = null

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T | null

function money(n: number): string {
  const abs = Math.abs(n).toLocaleString('en-US')
  return n < 0 ? `−G${abs}` : `G${abs}`
}

function refusalText(r: Refusal): string {
  const where = r.line ? w('line', { line: r.line }) : ''
  if (!where) return r.rule ? `${r.rule}: ${r.message}` : r.message
  return r.rule
    ? w('problem', { where, rule: r.rule, message: r.message })
    : w('problemNoRule', { where, message: r.message })
}

/** The narration names a team by its entry id ("team 4023…"): the page names it by its player. */
function named(line: string): string {
  const names = JSON.parse($('team-names')?.textContent ?? '{}') as Record<string, string>
  return Object.entries(names).reduce(
    (text, [id, name]) => text.split(`team ${id}`).join(name).split(id).join(name),
    line,
  )
}

function answerBox(): HTMLElement | null {
  return $('actions-answer')
}

function say(...nodes: Node[]): void {
  answerBox()?.replaceChildren(...nodes)
}

function list(items: string[], className: string): HTMLUListElement {
  const ul = el('ul', className)
  for (const item of items) ul.append(el('li', '', item))
  return ul
}

/** The team, the period, the stage and the history again from the server; the form only once it is gone. */
async function refresh(): Promise<void> {
  const res = await fetch(window.location.pathname, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
  if (!res.ok) return
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html')
  const ids = ['team-now', 'history', 'team-stage']
  // The period is over for this team (it said done, or the show began): the form gives way to the notice.
  if (!doc.getElementById('actions-form')) ids.push('act')
  for (const id of ids) {
    const now = document.getElementById(id)
    const next = doc.getElementById(id)
    if (now && next) now.replaceWith(document.importNode(next, true))
  }
}

async function submit(form: HTMLFormElement): Promise<void> {
  const box = $<HTMLTextAreaElement>('actions-text')
  const doneBox = $<HTMLInputElement>('actions-done')
  const button = $<HTMLButtonElement>('actions-submit')
  const path = form.dataset.path
  if (!box || !path) return
  const text = box.value
  const done = doneBox?.checked === true
  box.removeAttribute('aria-invalid')
  if (text.trim() === '' && !done) {
    say(el('p', 'error', w('empty')))
    box.focus()
    return
  }
  const body: { text?: string; done?: boolean } = text.trim() === '' ? {} : { text }
  if (done) body.done = true
  const signature = JSON.stringify(body)
  const key = last && last.failed && last.body === signature ? last.key : idempotencyKey()
  last = { body: signature, key, failed: false }
  say(el('p', 'hint', w('sending')))
  if (button) button.disabled = true
  try {
    const res = await api<Answer>('POST', path, body, { 'idempotency-key': key })
    const a = res.body
    const out: Node[] = [el('p', 'ok', a.narration.length > 0 ? w('taken') : w('takenNothing'))]
    if (a.narration.length > 0) out.push(list(a.narration.map(named), 'narration'))
    if (typeof a.team?.money === 'number') out.push(el('p', '', w('moneyNow', { money: money(a.team.money) })))
    if (a.refused) {
      // The actions before the refused one stand (their dice were rolled); the rest of the text stays to fix.
      out.push(el('p', 'error', w('partly')), list([refusalText(a.refused)], 'refusals error'))
      if (a.refused.line)
        box.value = text
          .split(/\r?\n/)
          .slice(a.refused.line - 1)
          .join('\n')
      box.setAttribute('aria-invalid', 'true')
    } else box.value = ''
    if (a.done) out.push(el('p', 'ok', w('finished')))
    if (doneBox && !a.refused) doneBox.checked = false
    say(...out)
    await refresh()
  } catch (e) {
    if (!(e instanceof ApiError)) {
      last = { body: signature, key, failed: true }
      say(el('p', 'error', w('network')))
      return
    }
    const errors = (e.problem.errors ?? []) as Refusal[]
    if (errors.length > 0) {
      say(el('p', 'error', w('refused')), list(errors.map(refusalText), 'refusals error'))
      box.setAttribute('aria-invalid', 'true')
      box.focus()
    } else say(el('p', 'error', e.problem.detail ?? e.message))
  } finally {
    if (button) button.disabled = false
  }
}

export function startTeam(): void {
  w = words('team')
  // The form may be drawn again (refresh); one listener on the document serves every copy.
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || form.id !== 'actions-form') return
    event.preventDefault()
    void submit(form)
  })
}
