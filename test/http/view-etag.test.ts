// GET /games/:id/view answers with an ETag of its body, and If-None-Match naming it with 304 and no body:
// only after the same checks as the view itself, and never across positions, seats or languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let fed: User
let zeon: User
let stranger: User
beforeAll(async () => {
  h = await startApp()
  ;[fed, zeon, stranger] = await Promise.all([
    register(h.app, 'Fed'),
    register(h.app, 'Zeon'),
    register(h.app, 'Stranger'),
  ])
})
afterAll(async () => h?.close())

async function started(isPrivate = false): Promise<{ id: string; next: string }> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(fed),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S4',
      seat: 'FED',
      options: { deployment: 'auto' },
      ...(isPrivate ? { private: true } : {}),
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  const invite = isPrivate ? { invite: created.json().invite } : {}
  const joined = await h.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(zeon), payload: invite })
  expect(joined.statusCode, joined.body).toBe(200)
  return { id, next: joined.json().game.pending[0].seats[0] }
}

const view = (id: string, user: User, headers: Record<string, string> = {}, query = '') =>
  h.app.inject({ method: 'GET', url: `/games/${id}/view${query}`, headers: as(user, headers) })

describe('GET /games/:id/view with If-None-Match', () => {
  it('answers 304 without a body when the request names the view it would get, 200 otherwise', async () => {
    const { id } = await started()
    const first = await view(id, fed)
    expect(first.statusCode).toBe(200)
    const tag = first.headers.etag as string
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
    expect((await view(id, fed)).headers.etag).toBe(tag)
    for (const header of [tag, `W/${tag}`, `"something-else", ${tag}`, '*']) {
      const again = await view(id, fed, { 'if-none-match': header })
      expect(again.statusCode, header).toBe(304)
      expect(again.body, header).toBe('')
      expect(again.headers['content-length'], header).toBeUndefined()
      expect(again.headers.etag).toBe(tag)
    }
    const other = await view(id, fed, { 'if-none-match': '"something-else"' })
    expect(other.statusCode).toBe(200)
    expect(other.body).toBe(first.body)
    expect(other.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('never matches across seats, positions or languages', async () => {
    const { id, next } = await started()
    const fedView = await view(id, fed)
    const tag = fedView.headers.etag as string
    const theirs = await view(id, zeon, { 'if-none-match': tag })
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json().seat).toBe('ZEON')
    expect(theirs.headers.etag).not.toBe(tag)
    const prefs = await h.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(fed),
      payload: { locale: 'ja' },
    })
    expect(prefs.statusCode, prefs.body).toBe(200)
    const japanese = await view(id, fed, { 'if-none-match': tag })
    expect(japanese.statusCode).toBe(200)
    expect(japanese.headers.etag).not.toBe(tag)
    await h.app.inject({ method: 'PATCH', url: '/me/preferences', headers: as(fed), payload: { locale: 'en' } })
    expect((await view(id, fed, { 'if-none-match': tag })).statusCode).toBe(304)
    // The game moves on: the tag of the position before no longer matches.
    const mover = next === 'FED' ? fed : zeon
    const moved = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(mover),
      payload: { orders: [] },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const after = await view(id, fed, { 'if-none-match': tag })
    expect(after.statusCode).toBe(200)
    expect(after.json().seq).toBeGreaterThan(fedView.json().seq)
    // A past position is its own view, with its own tag.
    const past = await view(id, fed, { 'if-none-match': after.headers.etag as string }, `?at=${fedView.json().seq}`)
    expect(past.statusCode).toBe(200)
    expect(past.headers.etag).toBe(tag)
  })

  it('answers an outsider of a private game 404 whatever tag they send', async () => {
    const { id } = await started(true)
    const tag = (await view(id, fed)).headers.etag as string
    for (const header of [tag, '*'])
      expect((await view(id, stranger, { 'if-none-match': header })).statusCode).toBe(404)
  })
})
