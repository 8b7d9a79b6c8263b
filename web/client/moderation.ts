// The moderator's game page: the corrections form shows the fields of the kind chosen; "Preview" asks the
// page's preview route (the same use case as POST /games/:id/corrections/preview, with the before/after
// maps drawn by the server's map model) and shows its answer; "Apply" sends exactly the correction
// previewed to POST /games/:id/corrections with If-Match set to the position previewed. A 409 there means
// the game moved: the page says so and offers a new preview.
import { api, ApiError } from './api.js'
import { clearProblem, formJson, showProblem } from './forms.js'

interface Words {
  applied: string
  moved: string
  previewFirst: string
  working: string
}

interface PreviewAnswer {
  seq: number
  at: number
  html: string
}

function words(): Words {
  const el = document.getElementById('words')
  return JSON.parse(el?.textContent ?? '{}') as Words
}

/** Shows the fieldset of the kind chosen; the others are hidden and disabled, so they are not sent. */
function showKind(form: HTMLFormElement, kind: string): void {
  for (const set of Array.from(form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-kind]'))) {
    const on = set.dataset.kind === kind
    set.hidden = !on
    set.disabled = !on
  }
}

/** The correction as the API takes it: the chosen kind's fields, the reason, and the dispute it settles. */
function correctionOf(form: HTMLFormElement): Record<string, unknown> {
  const body = formJson(form)
  // formJson skips disabled fields, not those of a disabled fieldset: drop the other kinds' fields.
  for (const set of Array.from(form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-kind]')))
    if (set.disabled)
      for (const el of Array.from(set.querySelectorAll<HTMLInputElement>('[name]'))) delete body[el.name]
  const winner = form.querySelector<HTMLSelectElement>('fieldset:not([disabled]) select[data-type="winner"]')
  if (winner) body.winner = winner.value === '' ? null : winner.value
  if (body.dispute === '') body.dispute = null
  for (const key of Object.keys(body)) if (body[key] === '' && key !== 'reason') delete body[key]
  return body
}

export function startModeration(): void {
  const form = document.querySelector<HTMLFormElement>('form#correction')
  const out = document.getElementById('preview')
  if (!form || !out) return
  const w = words()
  const game = form.dataset.game ?? ''
  const kind = form.querySelector<HTMLSelectElement>('select[name="kind"]')!
  const previewButton = form.querySelector<HTMLButtonElement>('#preview-button')!
  const applyButton = form.querySelector<HTMLButtonElement>('#apply-button')!
  let previewed: { body: Record<string, unknown>; seq: number } | null = null

  const forget = () => {
    previewed = null
    applyButton.disabled = true
  }
  showKind(form, kind.value)
  kind.addEventListener('change', () => showKind(form, kind.value))
  // Any change to the form after a preview asks for a new one: only what was previewed is applied.
  form.addEventListener('input', forget)
  form.addEventListener('change', forget)

  const preview = async () => {
    clearProblem(form)
    forget()
    const body = correctionOf(form)
    previewButton.disabled = true
    out.textContent = w.working
    try {
      const res = await api<PreviewAnswer>('POST', `/moderation/games/${game}/preview`, {
        correction: body,
        ...(form.dataset.as ? { as: form.dataset.as } : {}),
      })
      out.innerHTML = res.body.html
      previewed = { body, seq: res.body.seq }
      applyButton.disabled = false
      out.querySelector<HTMLElement>('#preview-heading')?.focus()
    } catch (e) {
      out.textContent = ''
      showProblem(form, e)
    } finally {
      previewButton.disabled = false
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void preview()
  })

  applyButton.addEventListener('click', () => {
    void (async () => {
      if (!previewed) {
        showProblem(form, new Error(w.previewFirst))
        return
      }
      clearProblem(form)
      applyButton.disabled = true
      try {
        const res = await api<{ at: number }>('POST', `/games/${game}/corrections`, previewed.body, {
          'if-match': `"${previewed.seq}"`,
        })
        window.location.assign(`/moderation/games/${game}?applied=${res.body.at}#applied`)
      } catch (e) {
        if (e instanceof ApiError && e.status === 409 && e.problem.currentSeq !== undefined) {
          forget()
          showProblem(form, new Error(`${w.moved} (${e.message})`))
          const again = document.createElement('button')
          again.type = 'button'
          again.className = 'secondary'
          again.textContent = previewButton.textContent ?? ''
          again.addEventListener('click', () => {
            again.remove()
            void preview()
          })
          form.querySelector('[data-problem]')?.after(again)
        } else {
          applyButton.disabled = false
          showProblem(form, e)
        }
      }
    })()
  })
}
