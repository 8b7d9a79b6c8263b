// The replay (/g/:id/replay): step through the log entry by entry (buttons, the slider, the arrow keys),
// with the map as the reader saw it after that entry (GET /games/:id/map.svg?at=K) and the entry told
// beside it. The address keeps the position (?at=K), so a link opens that entry.
import { fetchWholeLog, renderEntry, seatNames, type LogEntry } from './log.js'
import { words } from './words.js'

export function startReplay(): void {
  const root = document.querySelector<HTMLElement>('[data-replay-for]')
  if (!root) return
  const gameId = root.dataset.replayFor!
  const last = Number(root.dataset.last)
  const pastMaps = root.dataset.pastMaps === 'true'
  const w = words('replay', root)
  const lw = words('log')
  const slider = root.querySelector<HTMLInputElement>('#replay-at')!
  const output = root.querySelector<HTMLOutputElement>('[data-replay-position]')!
  const map = root.querySelector<HTMLImageElement>('[data-replay-map]')!
  const panel = root.querySelector<HTMLElement>('[data-replay-entry]')!
  const buttons = new Map(
    Array.from(root.querySelectorAll<HTMLButtonElement>('[data-step]')).map((b) => [b.dataset.step!, b]),
  )
  const entries = new Map<number, LogEntry>()
  let names = new Map<string, string>()
  let at = Number(root.dataset.at) || last

  const draw = () => {
    slider.value = String(at)
    const position = w('position', { at, last })
    output.textContent = position
    slider.setAttribute('aria-valuetext', position)
    buttons.get('first')!.disabled = buttons.get('previous')!.disabled = at <= 1
    buttons.get('next')!.disabled = buttons.get('last')!.disabled = at >= last
    if (pastMaps) {
      const src = `/games/${encodeURIComponent(gameId)}/map.svg?at=${at}`
      if (map.getAttribute('src') !== src) map.src = src
      map.alt = w('mapAlt', { at })
    } else map.alt = w('mapNow')
    const entry = entries.get(at)
    panel.replaceChildren()
    if (entry) panel.append(renderEntry(entry, { gameId, seated: false, level: 3, names }, lw))
    else panel.textContent = w('loading', { at })
    root.dataset.shown = String(at)
    const url = new URL(window.location.href)
    url.searchParams.set('at', String(at))
    window.history.replaceState(null, '', url)
  }

  const go = (to: number) => {
    const next = Math.min(Math.max(Math.round(to), 1), last)
    if (next === at) return
    at = next
    draw()
  }

  buttons.get('first')!.addEventListener('click', () => go(1))
  buttons.get('previous')!.addEventListener('click', () => go(at - 1))
  buttons.get('next')!.addEventListener('click', () => go(at + 1))
  buttons.get('last')!.addEventListener('click', () => go(last))
  slider.addEventListener('input', () => go(Number(slider.value)))
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null
    // Fields keep their keys (the slider moves itself; a dispute's text area edits text).
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const to =
      event.key === 'ArrowLeft'
        ? at - 1
        : event.key === 'ArrowRight'
          ? at + 1
          : event.key === 'Home'
            ? 1
            : event.key === 'End'
              ? last
              : null
    if (to === null) return
    event.preventDefault()
    go(to)
  })

  draw()
  void Promise.all([fetchWholeLog(gameId), seatNames(gameId)])
    .then(([all, holders]) => {
      names = holders
      for (const e of all) entries.set(e.seq, e)
      draw()
      root.dataset.ready = 'true'
    })
    .catch((e: unknown) => {
      panel.textContent = lw('failed', { detail: e instanceof Error ? e.message : String(e) })
    })
}
