// The game page (/g/:id): select one of your units on the map (click, or Enter/Space on its counter) to
// see its options from GET /games/:id/options drawn over the map and listed beside it; pick one to add its
// order line to the order box; the box is checked as you type (POST /games/:id/orders/preview) and sent
// with an Idempotency-Key and If-Match (POST /games/:id/orders). A lost race (409) redraws the position
// and keeps what was typed. The page's words come in its #game-data block.
import { api, ApiError, idempotencyKey, type ProblemBody } from './api.js'
import { showProblem } from './forms.js'

interface GameData {
  id: string
  seq: number
  ruleset: string
  seat: string | null
  mustAct: boolean
  player: boolean
  words: Record<string, string>
}

/** One thing a selected unit can do: the hex it concerns, the order line, and how to say it. */
export interface Choice {
  kind: 'move' | 'attack'
  /** The hex as "col,row". */
  at: string
  line: string
  text: string
  /** A short mark drawn on the map at the hex (the odds' column for an attack). */
  mark: string
}

type Hex = [number, number]
interface AbaoaquAttack {
  order: { units: string[]; hex?: Hex; target?: { unit?: string; group?: string } }
  text: string
  column: string | null
}
interface AbaoaquUnit {
  id: string
  hex: Hex | null
  moves: Hex[]
  attacks: AbaoaquAttack[]
}
interface GnMove {
  col: number
  row: number
  facing: number
  steps: string
}
interface GnUnit {
  unit: string
  hex: { col: number; row: number } | null
  moves: GnMove[]
}
interface GnAttack {
  kind: string
  unit: string
  target: string
  diff: number
  odds: { result: string; in36: number }[]
}

let data: GameData
let options: { seq: number; body: unknown } | null = null
let selected: string | null = null
/** The key of the submission last sent and its text: reused only to retry the same text after a network error. */
let lastSend: { text: string; key: string; failed: boolean } | null = null
let previewTimer: ReturnType<typeof setTimeout> | undefined
let previewRun = 0

/** Fills `{{name}}` in a catalogue message. */
export function fill(message: string | undefined, values: Record<string, string | number> = {}): string {
  return (message ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ''))
}

const w = (key: string, values?: Record<string, string | number>) => fill(data.words[key] ?? key, values)
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)

function svg(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('#map svg')
}

/** The hex's label as players write it (the map's data-hex), from "col,row". */
export function labelOf(at: string): string {
  return (
    svg()
      ?.querySelector(`.hm-hexes [data-at="${CSS.escape(at)}"]`)
      ?.getAttribute('data-hex') ?? at
  )
}

/** Where a unit stands on the map ("col,row" of the hex its counter is in), or null. */
function hexOfUnit(unit: string): string | null {
  const counter = Array.from(svg()?.querySelectorAll<SVGGElement>('[data-units]') ?? []).find((g) =>
    (g.dataset.units ?? '').split(' ').includes(unit),
  )
  const label = counter?.dataset.hex
  if (!label) return null
  return (
    svg()
      ?.querySelector(`.hm-hexes [data-hex="${CSS.escape(label)}"]`)
      ?.getAttribute('data-at') ?? null
  )
}

/** What `unit` can do now, from the options answer of the game's rule system. */
export function choicesFor(ruleset: string, body: unknown, unit: string): Choice[] {
  const opts = (body as { options?: unknown }).options as Record<string, unknown> | undefined
  if (!opts) return []
  if (ruleset === 'greennoa') {
    const u = ((opts.units ?? []) as GnUnit[]).find((x) => x.unit === unit)
    const moves: Choice[] = (u?.moves ?? []).map((m) => {
      const at = `${m.col},${m.row}`
      return {
        kind: 'move',
        at,
        line: `${unit} move ${m.steps}`,
        text: w('moveToFacing', { unit, hex: labelOf(at), facing: m.facing, steps: m.steps }),
        mark: '→',
      }
    })
    const attacks: Choice[] = ((opts.attacks ?? []) as GnAttack[])
      .filter((a) => a.unit === unit)
      .map((a) => {
        const odds = a.odds.map((o) => `${o.result} ${o.in36}/36`).join(', ')
        const line = `${unit} ${a.kind} ${a.target}`
        return {
          kind: 'attack',
          at: hexOfUnit(a.target) ?? '',
          line,
          text: w('attack', { order: line, odds }),
          mark: `${a.diff >= 0 ? '+' : ''}${a.diff}`,
        }
      })
    return [...moves, ...attacks]
  }
  const units = (opts.units ?? []) as AbaoaquUnit[]
  const u = units.find((x) => x.id === unit)
  const moves: Choice[] = (u?.moves ?? []).map(([c, r]) => {
    const at = `${c},${r}`
    return {
      kind: 'move',
      at,
      line: `${unit} -> ${labelOf(at)}`,
      text: w('moveTo', { unit, hex: labelOf(at) }),
      mark: '→',
    }
  })
  const group = ((opts.groupAttacks ?? []) as AbaoaquAttack[]).filter((a) => a.order.units.includes(unit))
  const attacks: Choice[] = [...(u?.attacks ?? []), ...group].map((a) => {
    const [line = '', odds = ''] = a.text.split('#').map((s) => s.trim())
    const target = a.order.target?.unit
    const at = a.order.hex
      ? `${a.order.hex[0]},${a.order.hex[1]}`
      : ((target ? hexOfUnit(target) : null) ?? (u?.hex ? `${u.hex[0]},${u.hex[1]}` : ''))
    return { kind: 'attack', at, line, text: w('attack', { order: line, odds }), mark: a.column ?? '—' }
  })
  return [...moves, ...attacks]
}

/** Units of mine the options name that stand off the map (still to enter): the reserve list. */
function reserveUnits(body: unknown): string[] {
  const opts = (body as { options?: { units?: Array<AbaoaquUnit | GnUnit> } }).options
  return (opts?.units ?? [])
    .filter((u) => u.hex === null && ((u as AbaoaquUnit).moves?.length ?? 0) > 0)
    .map((u) => (u as AbaoaquUnit).id ?? (u as GnUnit).unit)
}

async function loadOptions(): Promise<unknown> {
  if (options && options.seq === data.seq) return options.body
  const res = await api<unknown>('GET', `/games/${data.id}/options`)
  options = { seq: data.seq, body: res.body }
  return res.body
}

const SVG_NS = 'http://www.w3.org/2000/svg'

function clearOverlay(): void {
  svg()?.querySelector('#hm-overlay')?.remove()
}

/** Draws the choices over the map: an outline and a mark at each hex (never colour alone). */
function drawOverlay(choices: Choice[], unitHex: string | null): void {
  clearOverlay()
  const root = svg()
  if (!root) return
  const layer = document.createElementNS(SVG_NS, 'g')
  layer.id = 'hm-overlay'
  layer.setAttribute('pointer-events', 'none')
  const shapeAt = (at: string) => root.querySelector<SVGPathElement>(`.hm-hexes [data-at="${CSS.escape(at)}"]`)
  const ring = (at: string, cls: string, mark: string) => {
    const hex = shapeAt(at)
    if (!hex) return
    const path = document.createElementNS(SVG_NS, 'path')
    path.setAttribute('d', hex.getAttribute('d') ?? '')
    path.setAttribute('class', cls)
    path.dataset.hex = hex.dataset.hex ?? ''
    layer.append(path)
    if (mark === '') return
    const box = hex.getBBox()
    const text = document.createElementNS(SVG_NS, 'text')
    text.setAttribute('x', String(box.x + box.width / 2))
    text.setAttribute('y', String(box.y + box.height * (cls === 'hm-target' ? 0.92 : 0.5)))
    text.setAttribute('class', `hm-mark ${cls}-mark`)
    text.setAttribute('text-anchor', 'middle')
    text.setAttribute('dominant-baseline', 'middle')
    text.textContent = mark
    layer.append(text)
  }
  const seen = new Set<string>()
  for (const c of choices) {
    const key = `${c.kind}:${c.at}`
    if (seen.has(key) || c.at === '') continue
    seen.add(key)
    ring(c.at, c.kind === 'move' ? 'hm-move' : 'hm-target', c.mark)
  }
  if (unitHex) ring(unitHex, 'hm-selected', '')
  root.append(layer)
}

function button(text: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = 'chip'
  b.textContent = text
  for (const [k, v] of Object.entries(attrs)) b.setAttribute(k, v)
  b.addEventListener('click', onClick)
  return b
}

function listSection(title: string, choices: Choice[], empty: string): HTMLElement {
  const box = document.createElement('div')
  const h = document.createElement('h3')
  h.textContent = title
  box.append(h)
  if (choices.length === 0) {
    const p = document.createElement('p')
    p.className = 'hint'
    p.textContent = empty
    box.append(p)
    return box
  }
  const ul = document.createElement('ul')
  ul.className = 'choices'
  for (const c of choices) {
    const li = document.createElement('li')
    li.append(button(c.text, () => addLine(c.line), { 'data-line': c.line, 'data-kind': c.kind }))
    ul.append(li)
  }
  box.append(ul)
  return box
}

/** Selects one of my units: its options on the map and in the list. `stack`: the other units of mine there. */
export async function selectUnit(unit: string, stack: string[] = [unit]): Promise<void> {
  selected = unit
  const panel = $('#unit-options')
  if (!panel) return
  let body: unknown
  try {
    body = await loadOptions()
  } catch (e) {
    showProblem(panel, e)
    return
  }
  const choices = choicesFor(data.ruleset, body, unit)
  panel.replaceChildren()
  const head = document.createElement('p')
  head.id = 'selected-unit'
  head.innerHTML = ''
  const strong = document.createElement('strong')
  strong.textContent = w('selected', { unit })
  head.append(strong)
  panel.append(head)
  if (stack.length > 1) {
    const p = document.createElement('p')
    p.textContent = w('chooseUnit')
    const chips = document.createElement('div')
    chips.className = 'chips'
    for (const other of stack)
      chips.append(button(other, () => void selectUnit(other, stack), { 'aria-pressed': String(other === unit) }))
    panel.append(p, chips)
  }
  const moves = choices.filter((c) => c.kind === 'move')
  const attacks = choices.filter((c) => c.kind === 'attack')
  panel.append(
    listSection(w('moves', { count: moves.length }), moves, w('noMoves')),
    listSection(w('attacks', { count: attacks.length }), attacks, w('noAttacks')),
  )
  drawOverlay(choices, hexOfUnit(unit))
  for (const g of Array.from(svg()?.querySelectorAll('[data-mine]') ?? []))
    g.setAttribute('aria-pressed', String((g.getAttribute('data-mine') ?? '').split(' ').includes(unit)))
}

function deselect(): void {
  selected = null
  clearOverlay()
}

/** Adds an order line to the box (a line already there is not added twice) and checks the box. */
export function addLine(line: string): void {
  const box = $<HTMLTextAreaElement>('#order-text')
  if (!box) return
  const lines = box.value.split(/\r?\n/).filter((l) => l.trim() !== '')
  if (!lines.some((l) => l.trim().toUpperCase() === line.toUpperCase())) lines.push(line)
  box.value = lines.join('\n') + '\n'
  setStatus(w('added', { line }))
  schedulePreview(0)
}

function setStatus(text: string, cls = ''): void {
  const status = $('#order-status')
  if (!status) return
  status.textContent = text
  status.className = cls
}

function setProblem(text: string): void {
  const problem = $('#order-problem')
  if (problem) problem.textContent = text
}

interface OrderError {
  rule?: string
  message: string
  line?: number
  order?: number
}

function errorText(e: OrderError): string {
  const where =
    e.line !== undefined
      ? w('lineError', { line: e.line, message: e.message })
      : e.order !== undefined
        ? w('orderError', { line: e.order + 1, message: e.message })
        : e.message
  return e.rule ? `${where} ${w('rule', { rule: e.rule })}` : where
}

/** Shows the errors by line and the odds of each attack. */
export function showPreview(result: { valid?: boolean; errors?: OrderError[]; odds?: unknown }): void {
  const body = $('#preview-body')
  if (!body) return
  body.replaceChildren()
  const errors = result.errors ?? []
  if (errors.length > 0) {
    const ul = document.createElement('ul')
    ul.className = 'errors'
    for (const e of errors) {
      const li = document.createElement('li')
      li.className = 'error'
      li.dataset.line = String(e.line ?? '')
      li.textContent = errorText(e)
      ul.append(li)
    }
    body.append(ul)
  } else if (result.valid) {
    const p = document.createElement('p')
    p.className = 'ok'
    p.textContent = w('valid')
    body.append(p)
  }
  const odds = Array.isArray(result.odds) ? (result.odds as Array<{ text?: string; column?: string | null }>) : []
  if (odds.length > 0) {
    const h = document.createElement('h4')
    h.textContent = w('odds')
    const ul = document.createElement('ul')
    ul.className = 'odds'
    for (const o of odds) {
      const li = document.createElement('li')
      li.textContent = o.text ?? ''
      ul.append(li)
    }
    body.append(h, ul)
  }
}

function schedulePreview(delay = 400): void {
  clearTimeout(previewTimer)
  previewTimer = setTimeout(() => void preview(), delay)
}

/** Checks the box's orders with the server: nothing is stored, no dice are rolled. */
export async function preview(): Promise<void> {
  const box = $<HTMLTextAreaElement>('#order-text')
  if (!box) return
  const text = box.value
  const run = ++previewRun
  if (text.trim() === '') {
    $('#preview-body')?.replaceChildren(Object.assign(document.createElement('p'), { textContent: w('empty') }))
    return
  }
  try {
    const res = await api<{ valid: boolean; errors: OrderError[]; odds: unknown }>(
      'POST',
      `/games/${data.id}/orders/preview`,
      text,
    )
    if (run === previewRun) showPreview(res.body)
  } catch (e) {
    if (run !== previewRun) return
    const problem = e instanceof ApiError ? e.problem : null
    if (problem?.errors) showPreview({ valid: false, errors: problem.errors as OrderError[] })
    else setProblem(e instanceof Error ? e.message : String(e))
  }
}

/**
 * Draws the page again from the server (the position, who must act, the map) without losing the order
 * box: the parts outside it are replaced.
 */
export async function refreshPosition(): Promise<void> {
  const res = await fetch(window.location.pathname, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html')
  const fresh = JSON.parse(doc.getElementById('game-data')?.textContent ?? 'null') as GameData | null
  for (const id of ['game-state', 'map', 'status-panel', 'map-help', 'away']) {
    const now = document.getElementById(id)
    const next = doc.getElementById(id)
    if (now && next) now.replaceWith(document.importNode(next, true))
  }
  if (fresh) {
    data = { ...fresh, words: data.words }
    const block = document.getElementById('game-data')
    if (block) block.textContent = JSON.stringify(fresh)
  }
  options = null
  deselect()
  if (!data.mustAct) {
    for (const el of Array.from(document.querySelectorAll<HTMLButtonElement>('#order-form button'))) el.disabled = true
    setStatus(w('notYourTurn'))
  } else {
    for (const el of Array.from(document.querySelectorAll<HTMLButtonElement>('#order-form button'))) el.disabled = false
  }
  $('#unit-options')?.replaceChildren()
  void showReserve()
  bindAway()
}

/** Sends the box's orders: a new key for a new text, the same key to retry the same text after a network error. */
export async function submitOrders(): Promise<void> {
  const box = $<HTMLTextAreaElement>('#order-text')
  const send = $<HTMLButtonElement>('#submit-orders')
  if (!box) return
  const text = box.value
  const key = lastSend && lastSend.failed && lastSend.text === text ? lastSend.key : idempotencyKey()
  lastSend = { text, key, failed: false }
  setProblem('')
  setStatus(w('sending'))
  if (send) send.disabled = true
  try {
    const res = await api<{ seq: number; resolved?: boolean }>('POST', `/games/${data.id}/orders`, text, {
      'idempotency-key': key,
      'if-match': `"${data.seq}"`,
    })
    box.value = ''
    $('#preview-body')?.replaceChildren()
    await refreshPosition()
    setStatus(`${w('sent', { seq: res.body.seq })}${res.body.resolved ? ` ${w('resolved')}` : ''}`, 'ok')
  } catch (e) {
    if (!(e instanceof ApiError)) {
      lastSend = { text, key, failed: true }
      setStatus('')
      setProblem(w('network'))
      return
    }
    const problem: ProblemBody = e.problem
    if (e.status === 409) {
      await refreshPosition()
      setStatus('')
      setProblem(w('moved', { seq: String(problem.currentSeq ?? data.seq) }))
      schedulePreview(0)
    } else if (e.status === 422 && problem.errors) {
      setStatus('')
      setProblem(w('refused'))
      showPreview({ valid: false, errors: problem.errors as OrderError[] })
    } else {
      setStatus('')
      setProblem(problem.detail ?? e.message)
    }
  } finally {
    if (send) send.disabled = !data.mustAct
  }
}

async function showReserve(): Promise<void> {
  const box = $('#reserve')
  if (!box || !data.mustAct) return
  let body: unknown
  try {
    body = await loadOptions()
  } catch {
    return
  }
  const units = reserveUnits(body)
  const list = box.querySelector('ul')
  if (!list) return
  list.replaceChildren(
    ...units.map((u) => {
      const li = document.createElement('li')
      li.append(button(u, () => void selectUnit(u), { 'data-unit': u }))
      return li
    }),
  )
  box.hidden = units.length === 0
}

/** A click or key on the map: a highlighted hex adds its order; one of my counters selects its unit. */
function onMap(target: Element): void {
  const hexEl = target.closest('[data-hex]')
  const label = hexEl?.getAttribute('data-hex')
  if (selected && label && options) {
    const at =
      svg()
        ?.querySelector(`.hm-hexes [data-hex="${CSS.escape(label)}"]`)
        ?.getAttribute('data-at') ?? undefined
    const choice = choicesFor(data.ruleset, options.body, selected).find((c) => c.at === at)
    if (choice) {
      addLine(choice.line)
      return
    }
  }
  const mine = target.closest('[data-mine]')
  if (mine) {
    const units = (mine.getAttribute('data-mine') ?? '').split(' ').filter(Boolean)
    if (units[0]) void selectUnit(units[0], units)
  } else deselect()
}

function bindAway(): void {
  const vacation = $<HTMLFormElement>('#vacation-form')
  if (vacation && !vacation.dataset.bound) {
    vacation.dataset.bound = '1'
    vacation.addEventListener('submit', (event) => {
      event.preventDefault()
      const days = Number(vacation.querySelector<HTMLInputElement>('[name="days"]')?.value ?? 0)
      const start = new Date()
      const end = new Date(start.getTime() + days * 86_400_000)
      api('POST', '/me/vacations', { startsAt: start.toISOString(), endsAt: end.toISOString() })
        .then(() => {
          const status = vacation.querySelector('#vacation-status')
          if (status) status.textContent = w('vacationTaken')
        })
        .catch((e: unknown) => showProblem(vacation, e))
    })
  }
  const dialog = $<HTMLDialogElement>('#resign-dialog')
  const open = $<HTMLButtonElement>('#resign-open')
  if (dialog && open && !open.dataset.bound) {
    open.dataset.bound = '1'
    open.addEventListener('click', () => dialog.showModal())
    $('#resign-cancel')?.addEventListener('click', () => dialog.close())
    $('#resign-confirm')?.addEventListener('click', () => {
      api('POST', `/games/${data.id}/resign`)
        .then(() => window.location.reload())
        .catch((e: unknown) => {
          const p = $('#resign-problem')
          if (p) p.textContent = e instanceof Error ? e.message : String(e)
        })
    })
  }
}

export function startGame(): void {
  const block = document.getElementById('game-data')
  if (!block) return
  data = JSON.parse(block.textContent ?? '{}') as GameData
  bindAway()
  if (!data.mustAct) return markUsable()
  // Delegated: the map is replaced when the position changes.
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null
    if (target?.closest('#map svg')) onMap(target)
  })
  document.addEventListener('keydown', (event) => {
    const target = event.target as Element | null
    if (!target?.closest('#map svg')) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onMap(target)
    } else if (event.key === 'Escape') deselect()
  })
  const box = $<HTMLTextAreaElement>('#order-text')
  box?.addEventListener('input', () => schedulePreview())
  $('#check-orders')?.addEventListener('click', () => void preview())
  $<HTMLFormElement>('#order-form')?.addEventListener('submit', (event) => {
    event.preventDefault()
    void submitOrders()
  })
  void showReserve().finally(markUsable)
}

/** The page is usable (map drawn, options loaded): bench/web reads this mark with the browser's own clock. */
function markUsable(): void {
  performance.mark('hexmail:usable')
}
