// The catalogue's forms: create a game (POST /games, then its invite page) and invite by email
// (POST /games/:id/invites). The API's problem is shown next to the field it names, or above the form.
import { api } from './api.js'
import { clearProblems, showFieldProblem, type Field } from './field-problems.js'

function typed(el: Field): string | number | boolean {
  if (el.dataset.type === 'number') return Number(el.value)
  if (el.dataset.type === 'boolean') return el.value === 'true'
  return el.value
}

function createBody(form: HTMLFormElement): Record<string, unknown> {
  const value = (name: string) => form.querySelector<Field>(`[name="${name}"]`)
  const body: Record<string, unknown> = { ruleset: form.dataset.ruleset, scenario: form.dataset.scenario }
  const title = value('title')!.value.trim()
  if (title) body.title = title
  const players = value('players')
  if (players) body.players = Number(players.value)
  // Sent even when empty: the API then says which seats there are, next to the field.
  body.seat = value('seat')!.value
  body.private = form.querySelector<HTMLInputElement>('input[name="private"]:checked')?.value === 'true'
  body.phaseHours = Number(value('phaseHours')!.value)
  body.missedPolicy = value('missedPolicy')!.value
  const gameMaster = value('gameMaster')!.value.trim()
  if (gameMaster) body.gameMaster = gameMaster
  const options: Record<string, string | number | boolean> = {}
  for (const el of Array.from(form.querySelectorAll<HTMLSelectElement>('select[data-option]')))
    options[el.dataset.option!] = typed(el)
  if (Object.keys(options).length) body.options = options
  return body
}

/** Only the seats of the chosen number of players can be picked. */
function followPlayers(form: HTMLFormElement): void {
  const players = form.querySelector<HTMLSelectElement>('select[name="players"]')
  const seat = form.querySelector<HTMLSelectElement>('select[name="seat"]')
  if (!seat) return
  const apply = () => {
    for (const group of Array.from(seat.querySelectorAll<HTMLOptGroupElement>('optgroup'))) {
      const off = !!players && group.dataset.players !== players.value
      group.disabled = off
      group.hidden = off
    }
    if (
      seat.selectedOptions[0]?.parentElement instanceof HTMLOptGroupElement &&
      seat.selectedOptions[0].parentElement.disabled
    )
      seat.value = ''
  }
  players?.addEventListener('change', apply)
  apply()
}

async function withButton(form: HTMLFormElement, run: () => Promise<void>): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button) button.disabled = true
  try {
    await run()
  } catch (e) {
    showFieldProblem(form, e)
  } finally {
    if (button) button.disabled = false
  }
}

function startCreate(): void {
  const form = document.querySelector<HTMLFormElement>('form#create-game')
  if (!form) return
  followPlayers(form)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void withButton(form, async () => {
      clearProblems(form)
      const res = await api<{ id: string }>('POST', '/games', createBody(form))
      window.location.assign(`/g/${encodeURIComponent(res.body.id)}/invite`)
    })
  })
}

function startInvite(): void {
  const form = document.querySelector<HTMLFormElement>('form#invite-form')
  if (!form) return
  const status = form.querySelector<HTMLElement>('[data-sent]')!
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    status.textContent = ''
    void withButton(form, async () => {
      clearProblems(form)
      const body: Record<string, string> = {
        email: form.querySelector<HTMLInputElement>('[name="email"]')!.value.trim(),
      }
      const seat = form.querySelector<HTMLSelectElement>('[name="seat"]')?.value
      if (seat) body.seat = seat
      const message = form.querySelector<HTMLTextAreaElement>('[name="message"]')!.value.trim()
      if (message) body.message = message
      const res = await api<{ invited: string; alreadyInvited: boolean }>(
        'POST',
        `/games/${encodeURIComponent(form.dataset.game ?? '')}/invites`,
        body,
      )
      const words = (res.body.alreadyInvited ? status.dataset.againText : status.dataset.sentText) ?? ''
      status.textContent = words.replace('%EMAIL%', res.body.invited)
      form.querySelector<HTMLInputElement>('[name="email"]')!.value = ''
    })
  })
}

export function startCatalogue(): void {
  startCreate()
  startInvite()
}
