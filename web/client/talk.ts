// A game's messages and draw offers on its page (docs/messages.md): the list, newest first, with older
// pages on request; writing to everyone or to one's side (one Idempotency-Key per message, kept across a
// retry of the same text); the open draw offer, answered or withdrawn here, or a new one offered.
import { api, ApiError, idempotencyKey } from './api.js'
import { showProblem } from './forms.js'

interface Message {
  id: string
  author: { name: string; seat: string | null; side: string | null; moderator: boolean }
  to: 'all' | 'side'
  side: string | null
  text: string
  createdAt: string
}
interface DrawOffer {
  id: string
  offeredBy: { id: string; name: string; side: string }
  note: string
  status: string
  waitingFor: { side: string }[]
}

type Words = Record<string, string>

function say(words: Words, key: string, values: Record<string, string> = {}): string {
  return (words[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
}

function messageItem(words: Words, m: Message, locale: string): HTMLLIElement {
  const li = document.createElement('li')
  const head = document.createElement('p')
  head.className = 'meta'
  const who = m.author.moderator
    ? say(words, 'moderator', { name: m.author.name })
    : `${m.author.name} (${m.author.seat ?? ''})`
  const to = m.to === 'side' ? say(words, 'toSide', { side: m.side ?? '' }) : say(words, 'toAll')
  const when = new Date(m.createdAt).toLocaleString(locale === 'ja' ? 'ja-JP' : 'en-GB')
  head.textContent = `${who} · ${to} · ${when}`
  const body = document.createElement('p')
  body.className = 'text'
  body.textContent = m.text
  li.append(head, body)
  if (m.to === 'side') li.classList.add('side-only')
  return li
}

export function startTalk(el: HTMLElement): void {
  const game = el.dataset.talkFor
  if (!game) return
  const words = JSON.parse(el.querySelector('#talk-words')?.textContent ?? '{}') as Words
  const locale = document.documentElement.lang
  const list = el.querySelector<HTMLOListElement>('[data-messages]')!
  const older = el.querySelector<HTMLButtonElement>('[data-messages-older]')!
  let next: string | null = null

  const load = async (before: string | null) => {
    const query = before ? `?before=${encodeURIComponent(before)}` : ''
    const res = await api<{ messages: Message[]; next: string | null }>('GET', `/games/${game}/messages${query}`)
    if (!before) list.replaceChildren()
    for (const m of res.body.messages) list.append(messageItem(words, m, locale))
    if (!before && res.body.messages.length === 0) {
      const none = document.createElement('li')
      none.textContent = say(words, 'none')
      list.append(none)
    }
    next = res.body.next
    older.hidden = !next
  }
  older.addEventListener('click', () => void load(next))

  const form = el.querySelector<HTMLFormElement>('[data-message-form]')
  if (form) {
    // One key per message: a retry after a network error sends the same key, so it is stored once.
    let pending: { key: string; text: string } | null = null
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void (async () => {
        const text = (form.elements.namedItem('text') as HTMLTextAreaElement).value
        const checked = form.querySelector<HTMLInputElement>(
          'input[name="to"]:checked, input[name="to"][type="hidden"]',
        )
        const to = checked?.value ?? 'all'
        if (!pending || pending.text !== `${to}\n${text}`) pending = { key: idempotencyKey(), text: `${to}\n${text}` }
        try {
          await api('POST', `/games/${game}/messages`, { text, to }, { 'idempotency-key': pending.key })
          pending = null
          form.reset()
          await load(null)
        } catch (e) {
          showProblem(form, e)
        }
      })()
    })
  }
  void load(null).catch((e: unknown) => showProblem(el, e))
  const draw = el.querySelector<HTMLElement>('[data-draw]')
  if (draw) startDraw(draw, game, words)
}

function startDraw(el: HTMLElement, game: string, words: Words): void {
  const status = el.querySelector<HTMLElement>('[data-draw-status]')!
  const answer = el.querySelector<HTMLElement>('[data-draw-answer]')!
  const withdraw = el.querySelector<HTMLButtonElement>('[data-draw-withdraw]')!
  const offerBox = el.querySelector<HTMLDetailsElement>('[data-draw-offer]')!
  const form = el.querySelector<HTMLFormElement>('[data-draw-form]')!
  const me = el.closest<HTMLElement>('[data-talk-for]')?.dataset.viewer ?? ''
  const mySides = (el.closest<HTMLElement>('[data-talk-for]')?.dataset.sides ?? '').split(' ').filter(Boolean)
  let open: DrawOffer | null = null

  const refresh = async () => {
    const res = await api<{ offers: DrawOffer[] } | DrawOffer[]>('GET', `/games/${game}/draw-offers`)
    const offers = Array.isArray(res.body) ? res.body : res.body.offers
    open = offers.find((o) => o.status === 'open') ?? null
    answer.hidden = true
    withdraw.hidden = true
    offerBox.hidden = open !== null
    if (!open) {
      status.textContent = ''
      return
    }
    const waiting = open.waitingFor.map((w) => w.side).join(', ')
    status.textContent =
      say(words, 'drawOpen', { name: open.offeredBy.name, side: open.offeredBy.side, waiting }) +
      (open.note ? ` “${open.note}”` : '')
    if (open.offeredBy.id === me) withdraw.hidden = false
    else if (open.waitingFor.some((w) => mySides.includes(w.side))) answer.hidden = false
  }
  const act = (verb: 'accept' | 'decline' | 'withdraw') => async () => {
    if (!open) return
    if (verb === 'accept' && !window.confirm(say(words, 'drawConfirm'))) return
    try {
      await api('POST', `/games/${game}/draw-offers/${open.id}/${verb}`)
      if (verb === 'accept') window.location.reload()
      else await refresh()
    } catch (e) {
      showProblem(el, e)
      if (e instanceof ApiError && e.status === 409) await refresh()
    }
  }
  el.querySelector('[data-draw-accept]')!.addEventListener('click', () => void act('accept')())
  el.querySelector('[data-draw-decline]')!.addEventListener('click', () => void act('decline')())
  withdraw.addEventListener('click', () => void act('withdraw')())
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const note = (form.elements.namedItem('note') as HTMLInputElement).value
    void api('POST', `/games/${game}/draw-offers`, note ? { note } : {})
      .then(() => {
        form.reset()
        offerBox.open = false
        return refresh()
      })
      .catch((e: unknown) => showProblem(form, e))
  })
  void refresh().catch((e: unknown) => showProblem(el, e))
}
