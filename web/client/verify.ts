// The verification page (/g/:id/verify): the seed commitment, the server's own report (GET /games/:id/verify),
// a receipt from an email checked against the log, and once the game is over every roll re-derived here,
// in the browser, by the engine's own dice module (src/engine/dice.ts: no second copy of the algorithm),
// and compared with the face the log recorded.
import { deriveFace, seedCommitment } from '../../src/engine/dice.js'
import { api, ApiError } from './api.js'
import { fetchWholeLog, rollsOf } from './log.js'
import { el, words, type Words } from './words.js'

interface Report {
  status: string
  seed: string | null
  seedCommitment: string
  ok: boolean
  receipt?: { receipt: string; ok: boolean; problem: string | null }
}

const detail = (e: unknown) => (e instanceof ApiError ? (e.problem.detail ?? e.message) : String(e))

async function report(gameId: string, receipt?: string): Promise<Report> {
  const query = receipt === undefined ? '' : `?receipt=${encodeURIComponent(receipt)}`
  return (await api<Report>('GET', `/games/${encodeURIComponent(gameId)}/verify${query}`)).body
}

/** The face the seed gives for a recorded roll, or null when the record names no roll that can exist. */
function derived(seed: string, seq: number, index: number, sides: number): number | null {
  try {
    return deriveFace(seed, seq, index, sides)
  } catch {
    return null
  }
}

async function checkRolls(root: HTMLElement, gameId: string, seed: string, w: Words): Promise<void> {
  const summary = root.querySelector<HTMLElement>('[data-rolls-summary]')!
  const list = root.querySelector<HTMLOListElement>('[data-rolls]')!
  const entries = await fetchWholeLog(gameId)
  let total = 0
  let bad = 0
  list.replaceChildren()
  for (const entry of entries) {
    rollsOf(entry).forEach((r, i) => {
      total++
      const face = derived(seed, r.seq, r.index, r.sides)
      const ok = face === r.face
      if (!ok) bad++
      const li = el('li', ok ? 'roll-ok' : 'roll-bad')
      li.dataset.seq = String(entry.seq)
      li.dataset.index = String(r.index)
      li.dataset.match = String(ok)
      li.append(
        el(
          'span',
          '',
          w('roll', {
            n: i + 1,
            seq: entry.seq,
            sides: r.sides,
            purpose: r.purpose,
            ref: r.ref,
            recorded: r.face,
            derived: face ?? '—',
          }),
        ),
        document.createTextNode(' '),
        el('strong', ok ? 'ok' : 'error', ok ? w('match') : w('mismatch')),
      )
      list.append(li)
    })
  }
  summary.className = `verify-summary ${bad ? 'error' : 'ok'}`
  summary.textContent =
    total === 0 ? w('noRolls') : bad ? w('someDiffer', { bad, count: total }) : w('allMatch', { count: total })
  root.dataset.rollsChecked = 'true'
}

function showReceipt(out: HTMLElement, r: Report['receipt'], w: Words): void {
  if (!r) return
  out.className = r.ok ? 'ok' : 'error'
  out.textContent = r.ok
    ? w('receiptOk', { receipt: r.receipt })
    : w('receiptBad', { receipt: r.receipt, problem: r.problem ?? '' })
}

export function startVerify(): void {
  const root = document.querySelector<HTMLElement>('[data-verify-for]')
  if (!root) return
  const gameId = root.dataset.verifyFor!
  const w = words('verify', root)
  const server = root.querySelector<HTMLElement>('[data-server-check]')!

  const form = root.querySelector<HTMLFormElement>('[data-receipt-form]')
  const input = form?.querySelector<HTMLInputElement>('input[name="receipt"]')
  const out = form?.querySelector<HTMLElement>('[data-receipt-result]')
  const checkReceipt = async () => {
    if (!input || !out) return
    out.className = ''
    out.textContent = ''
    try {
      showReceipt(out, (await report(gameId, input.value.trim())).receipt, w)
    } catch (e) {
      out.className = 'error'
      out.textContent = w('failed', { detail: detail(e) })
    }
  }
  form?.addEventListener('submit', (event) => {
    event.preventDefault()
    const url = new URL(window.location.href)
    url.searchParams.set('receipt', input?.value.trim() ?? '')
    window.history.replaceState(null, '', url)
    void checkReceipt()
  })
  if (input?.value) void checkReceipt()

  void (async () => {
    try {
      const r = await report(gameId)
      server.className = r.ok ? 'ok' : 'error'
      server.textContent = r.ok ? w('serverOk') : w('serverBad')
      if (!r.seed) return
      const seedOut = root.querySelector<HTMLElement>('[data-seed]')
      if (seedOut) seedOut.textContent = r.seed
      const seedCheck = root.querySelector<HTMLElement>('[data-seed-check]')
      let matches = false
      try {
        matches = seedCommitment(r.seed) === r.seedCommitment.toLowerCase()
      } catch {
        matches = false
      }
      if (seedCheck) {
        seedCheck.className = matches ? 'ok' : 'error'
        seedCheck.textContent = matches ? w('seedOk') : w('seedBad')
      }
      await checkRolls(root, gameId, r.seed, w)
    } catch (e) {
      const target = root.querySelector<HTMLElement>('[data-rolls-summary]') ?? server
      target.className = 'error'
      target.textContent = w('failed', { detail: detail(e) })
    }
  })()
}
