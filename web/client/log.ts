// The game's log as narrated events, for <section data-log-for="GAME_ID"> (web/views/partials/logSection.hbs):
// newest first (on a phone, what just happened is what one opens the log for), a page at a time from
// GET /games/:id/log, each entry with the rule system's narration in the reader's language, every die with
// its face, purpose and rule, the disputes raised on it, and for a seated reader a form to dispute it
// (POST /games/:id/disputes).
import type { DieRoll } from '../../src/engine/dice.js'
import { api, ApiError } from './api.js'
import { clearProblem, showProblem } from './forms.js'
import { el, pageLocale, words, type Words } from './words.js'

/** A die as the log records it: the engine's own type. */
export type { DieRoll }

export interface Dispute {
  id: string
  seq: number
  raisedBy: { id: string; name: string }
  text: string
  status: 'open' | 'ruled'
  createdAt: string
  ruling: null | { ruling: 'no-change' | 'correction'; reason: string; correctionSeq: number | null }
}

export interface LogEntry {
  seq: number
  kind: 'SETUP' | 'ORDERS' | 'RESOLUTION' | 'RESIGN' | 'TIMEOUT' | 'MODERATION' | 'CORRECTION'
  seat: string | null
  createdAt: string
  payload: Record<string, unknown> | null
  supersededBy?: number
  disputes?: Dispute[]
  narration?: string[]
}

export interface LogPage {
  entries: LogEntry[]
  next: number | null
  head: { seq: number; hash: string; receipt: string } | null
}

/** Entries after `after`, at most `limit` (the API's own limit is 500). */
export async function fetchLog(gameId: string, after: number, limit: number): Promise<LogPage> {
  const res = await api<LogPage>('GET', `/games/${encodeURIComponent(gameId)}/log?after=${after}&limit=${limit}`)
  return res.body
}

/** The whole log, oldest first. */
export async function fetchWholeLog(gameId: string): Promise<LogEntry[]> {
  const all: LogEntry[] = []
  let after = 0
  for (;;) {
    const page = await fetchLog(gameId, after, 500)
    all.push(...page.entries)
    if (page.next === null) return all
    after = page.next
  }
}

const names = new Map<string, Promise<Map<string, string>>>()

/** Who holds each seat ("FED" → "Alice"), from the game's summary; asked once per game and page. */
export function seatNames(gameId: string): Promise<Map<string, string>> {
  let found = names.get(gameId)
  if (!found) {
    found = api<{ seats: Array<{ seat: string; player: { name: string } | null }> }>(
      'GET',
      `/games/${encodeURIComponent(gameId)}`,
    )
      .then((res) => new Map(res.body.seats.flatMap((s) => (s.player ? [[s.seat, s.player.name] as const] : []))))
      .catch(() => new Map<string, string>())
    names.set(gameId, found)
  }
  return found
}

/** Every die the entry records (a resolution's, a re-resolve's). */
export function rollsOf(entry: LogEntry): DieRoll[] {
  const rolls = entry.payload?.rolls
  return Array.isArray(rolls) ? (rolls as DieRoll[]) : []
}

function when(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length
  if (value && typeof value === 'object') return Object.values(value).reduce<number>((n, v) => n + count(v), 0)
  return 0
}

/** What the entry itself says, beyond its narration: orders sealed or sent, a result, a moderator's reason. */
function summaryLines(entry: LogEntry, w: Words): string[] {
  const p = entry.payload
  const lines: string[] = []
  if (entry.kind === 'ORDERS') {
    if (!p) return [w('sealed')]
    const n = count(p.orders) + count(p.private)
    lines.push(p.missedDeadline ? w('missed') : n === 0 ? w('passed') : w('ordersCount', { count: n }))
  } else if (!p && entry.kind !== 'SETUP') lines.push(w('sealed'))
  if (entry.kind === 'RESIGN' && p)
    lines.push(typeof p.winner === 'string' ? w('winner', { winner: p.winner }) : w('noWinner'))
  // A game lost on time (missed-phase policy "forfeit"): who was late, and the result.
  if (entry.kind === 'TIMEOUT' && p?.event === 'forfeit') {
    const seats = Array.isArray(p.seats) ? p.seats.join(', ') : ''
    const sides = Array.isArray(p.sides) ? p.sides.join(', ') : ''
    lines.push(typeof p.winner === 'string' ? w('forfeit', { sides, seats }) : w('forfeitDraw', { seats }))
    lines.push(typeof p.winner === 'string' ? w('winner', { winner: p.winner }) : w('noWinner'))
  }
  if ((entry.kind === 'CORRECTION' || entry.kind === 'MODERATION') && typeof p?.reason === 'string')
    lines.push(w('reason', { reason: p.reason }))
  return lines
}

function disputeLine(d: Dispute, w: Words): HTMLLIElement {
  const li = el('li', 'dispute')
  // Emails link a dispute as /g/:id#dispute-<id>.
  li.id = `dispute-${d.id}`
  li.append(el('p', '', w('disputeBy', { name: d.raisedBy.name, text: d.text })))
  const ruling = d.ruling
  li.append(
    el(
      'p',
      d.status === 'open' ? 'dispute-open' : 'dispute-ruled',
      !ruling
        ? w('disputeOpen')
        : ruling.ruling === 'correction'
          ? w('disputeCorrection', { seq: ruling.correctionSeq ?? '?', reason: ruling.reason })
          : w('disputeNoChange', { reason: ruling.reason }),
    ),
  )
  return li
}

export interface EntryOptions {
  gameId: string
  /** The reader holds a seat: they may dispute the entry. */
  seated: boolean
  /** The heading level of the entry (3 in the log, 3 in the replay's panel too). */
  level?: 3 | 4
  /** Give the entry's elements ids (only one rendering of an entry per page may). */
  ids?: boolean
  /** Who holds each seat, to name them beside the seat. */
  names?: Map<string, string>
}

function disputeForm(entry: LogEntry, opts: EntryOptions, w: Words, list: HTMLUListElement, status: HTMLElement) {
  const wrap = el('div', 'dispute-raise')
  const open = el('button', 'secondary', w('dispute'))
  open.type = 'button'
  open.setAttribute('aria-expanded', 'false')
  const form = el('form', 'stack dispute-form')
  form.hidden = true
  const id = `dispute-${entry.seq}`
  const label = el('label', '', w('disputeLabel', { seq: entry.seq }))
  label.htmlFor = id
  const text = el('textarea')
  text.id = id
  text.name = 'text'
  text.required = true
  text.maxLength = 4000
  text.rows = 3
  const send = el('button', '', w('disputeSend'))
  send.type = 'submit'
  const cancel = el('button', 'secondary', w('disputeCancel'))
  cancel.type = 'button'
  const problem = el('p', 'error')
  problem.dataset.problem = ''
  const buttons = el('div', 'dispute-buttons')
  buttons.append(send, cancel)
  form.append(label, text, buttons, problem)
  open.id = `${id}-open`
  form.setAttribute('aria-labelledby', open.id)
  const toggle = (show: boolean) => {
    form.hidden = !show
    open.setAttribute('aria-expanded', String(show))
    if (show) text.focus()
    else open.focus()
  }
  open.addEventListener('click', () => toggle(form.hidden))
  cancel.addEventListener('click', () => toggle(false))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void (async () => {
      send.disabled = true
      clearProblem(form)
      try {
        const res = await api<Dispute>('POST', `/games/${encodeURIComponent(opts.gameId)}/disputes`, {
          seq: entry.seq,
          text: text.value,
        })
        list.append(disputeLine(res.body, w))
        list.hidden = false
        list.previousElementSibling?.removeAttribute('hidden')
        text.value = ''
        status.textContent = w('disputeSent')
        toggle(false)
      } catch (e) {
        showProblem(form, e instanceof ApiError ? e : new Error(String(e)))
      } finally {
        send.disabled = false
      }
    })()
  })
  wrap.append(open, form)
  return wrap
}

/** One entry as an <article>: what it is, when, what happened, its dice and disputes. */
export function renderEntry(entry: LogEntry, opts: EntryOptions, w: Words): HTMLElement {
  const article = el('article', 'log-entry')
  article.dataset.seq = String(entry.seq)
  if (opts.ids) article.id = `entry-${entry.seq}`
  const head = el(opts.level === 4 ? 'h4' : 'h3', 'log-entry-head')
  const holder = entry.seat ? opts.names?.get(entry.seat) : undefined
  const kind = w(`kind${entry.kind}`, { seat: holder ? `${entry.seat} (${holder})` : (entry.seat ?? '') })
  head.append(el('span', 'log-seq', w('entry', { seq: entry.seq })), document.createTextNode(' · '), kind)
  const time = el('time', 'log-when', when(entry.createdAt))
  time.dateTime = entry.createdAt
  article.append(head, time)
  if (entry.supersededBy !== undefined)
    article.append(el('p', 'log-superseded', w('superseded', { seq: entry.supersededBy })))
  for (const line of summaryLines(entry, w)) article.append(el('p', 'log-summary', line))
  if (entry.narration?.length) {
    const ul = el('ul', 'log-narration')
    for (const line of entry.narration) ul.append(el('li', '', line))
    article.append(ul)
  }
  const rolls = rollsOf(entry)
  if (rolls.length) {
    const sub = opts.level === 4 ? 'h5' : 'h4'
    article.append(el(sub, 'log-sub', w('dice')))
    const ol = el('ol', 'log-dice')
    rolls.forEach((r, i) => {
      const li = el('li', 'log-die')
      const face = el('span', 'die-face', String(r.face))
      face.setAttribute('aria-hidden', 'true')
      li.append(
        face,
        el('span', '', w('die', { n: i + 1, sides: r.sides, purpose: r.purpose, ref: r.ref, face: r.face })),
      )
      ol.append(li)
    })
    article.append(ol)
  }
  const disputes = entry.disputes ?? []
  const sub = opts.level === 4 ? 'h5' : 'h4'
  const disputesHeading = el(sub, 'log-sub', w('disputes'))
  const list = el('ul', 'log-disputes')
  for (const d of disputes) list.append(disputeLine(d, w))
  disputesHeading.hidden = list.hidden = disputes.length === 0
  article.append(disputesHeading, list)
  if (opts.seated) {
    const status = el('p', 'ok')
    status.setAttribute('role', 'status')
    article.append(disputeForm(entry, opts, w, list, status), status)
  }
  return article
}

const PAGE = 50

/** Fills a [data-log-for] section with the game's log, newest first, PAGE entries at a time. */
export function startLog(section: HTMLElement): void {
  const gameId = section.dataset.logFor
  if (!gameId) return
  const seated = section.dataset.seated === 'true'
  const w = words('log', section)
  const status = section.querySelector<HTMLElement>('[data-log-status]') ?? section.appendChild(el('p'))
  const list = section.querySelector<HTMLOListElement>('[data-log-entries]') ?? section.appendChild(el('ol'))
  const older = section.querySelector<HTMLButtonElement>('[data-log-older]')
  let oldest = 0

  const show = async (after: number, upTo: number) => {
    const [page, names] = await Promise.all([fetchLog(gameId, after, upTo - after), seatNames(gameId)])
    for (const entry of [...page.entries].reverse()) {
      const li = el('li')
      li.append(renderEntry(entry, { gameId, seated, ids: true, names }, w))
      list.append(li)
    }
    oldest = after + 1
    if (older) older.hidden = after === 0
  }

  const fail = (e: unknown) => {
    status.textContent = w('failed', { detail: e instanceof Error ? e.message : String(e) })
  }

  older?.addEventListener('click', () => {
    older.disabled = true
    const upTo = oldest - 1
    show(Math.max(0, upTo - PAGE), upTo)
      .catch(fail)
      .finally(() => (older.disabled = false))
  })

  status.textContent = w('loading')
  void (async () => {
    try {
      const head = Number(section.dataset.logHead) || (await fetchLog(gameId, 0, 1)).head?.seq || 0
      if (head === 0) {
        status.textContent = w('empty')
        return
      }
      await show(Math.max(0, head - PAGE), head)
      status.textContent = ''
      section.dataset.logReady = 'true'
      // The address names an entry or a dispute drawn only now: bring it into view.
      const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null
      if (target && section.contains(target)) target.scrollIntoView()
    } catch (e) {
      fail(e)
    }
  })()
}
