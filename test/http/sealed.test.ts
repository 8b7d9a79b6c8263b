// Sealed means sealed (issue 9): every way an opponent might read another seat's orders before they
// may — the log, its hashes, the view, past states, the summary, emails, the webhook, error messages
// and response sizes — and a teammate's standing order, which is its seat's alone until the game ends.
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalJson } from '../../src/store/log.js'
import { waitFor } from '../support/smtp.js'
import { startMailStack, type MailStack } from '../notify/stack.js'
import { as, register, type User } from './helpers.js'

let s: MailStack
let alice: User // FED-1
let carol: User // FED-2, Alice's teammate
let bob: User // ZEON
let hook: Server
let hookUrl: string
const posts: string[] = []

beforeAll(async () => {
  s = await startMailStack()
  ;[alice, carol, bob] = await Promise.all([register(s.app, 'Alice'), register(s.app, 'Carol'), register(s.app, 'Bob')])
  hook = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      posts.push(body)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`
}, 60_000)
afterAll(async () => {
  await s?.close()
  await new Promise((r) => hook?.close(r))
})

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const get = async (url: string, who: User | null) => {
  const res = await s.app.inject({ method: 'GET', url, headers: as(who) })
  return { status: res.statusCode, body: res.body, json: () => res.json() }
}

/** A 3-player A-S1 game (FED-1 Alice, FED-2 Carol, ZEON Bob), placed automatically. */
async function newGame(title: string) {
  const created = await s.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'abaoaqu',
      scenario: 'A-S1',
      players: 3,
      seat: 'FED-1',
      title,
      webhookUrl: hookUrl,
      options: { deployment: 'auto' },
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: { seat: 'ZEON' } })
  await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(carol), payload: { seat: 'FED-2' } })
  const summary = (await get(`/games/${id}`, alice)).json()
  expect(summary.pending[0]).toMatchObject({ side: 'FED', seats: ['FED-1', 'FED-2'] })
  return id
}

async function submit(id: string, who: User, text: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/games/${id}/orders`,
    headers: as(who, { 'content-type': 'text/plain' }),
    payload: text,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The salt the server keeps for an entry (only a test, or the database, can read it). */
async function saltOf(id: string, seq: number): Promise<string> {
  return (await s.t.sql(`SELECT salt FROM "LogEntry" WHERE "gameId" = $1 AND seq = $2`, [id, seq])).rows[0].salt
}

/** Everything Bob can read about the game right now, as text. */
async function allBobReads(id: string, seq: number): Promise<string> {
  const urls = [
    `/games/${id}`,
    `/games/${id}/log?limit=500`,
    `/games/${id}/view`,
    `/games/${id}/state?at=${seq}`,
    `/games/${id}/map.svg`,
    `/games/${id}/options`,
    `/games/${id}/verify`,
  ]
  const out: string[] = []
  for (const url of urls) {
    const r = await get(url, bob)
    expect(r.status, `${url}: ${r.body}`).toBe(200)
    out.push(r.body)
  }
  return out.join('\n')
}

// The client side of docs/verification.md, written from the document alone (no server code):
// canonical JSON, leaf commitments, the entry commitment, and the chain.
function canon(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canon(o[k])}`)
    .join(',')}}`
}
interface LogEntryOut {
  seq: number
  kind: string
  seat: string | null
  userId: string | null
  createdAt: string
  prevHash: string
  hash: string
  commitment: string
  leaves: Record<string, { commitment: string; salt?: string }>
  payload: Record<string, unknown> | null
}
function clientCheck(gameId: string, entries: LogEntryOut[]): { opened: number; problems: string[] } {
  const problems: string[] = []
  let prev = ''
  let opened = 0
  for (const e of entries) {
    for (const [name, leaf] of Object.entries(e.leaves)) {
      if (leaf.salt === undefined) continue
      opened++
      // An opened leaf's value is in the payload: the body is the payload less its "private" field.
      const { private: secret, ...body } = e.payload ?? {}
      const value = name === 'body' ? body : (secret as Record<string, unknown>)[name.slice('private:'.length)]
      if (sha256(leaf.salt + canon(value)) !== leaf.commitment)
        problems.push(`${e.seq} ${name}: value does not match its commitment`)
    }
    const commitment = sha256(canon(Object.fromEntries(Object.entries(e.leaves).map(([n, l]) => [n, l.commitment]))))
    if (commitment !== e.commitment) problems.push(`${e.seq}: commitment`)
    if (e.prevHash !== prev) problems.push(`${e.seq}: link`)
    const hash = sha256(
      prev +
        canon({ gameId, seq: e.seq, kind: e.kind, seat: e.seat, userId: e.userId, createdAt: e.createdAt, commitment }),
    )
    if (hash !== e.hash) problems.push(`${e.seq}: hash`)
    prev = e.hash
  }
  return { opened, problems }
}

describe('sealed and private orders', () => {
  it('no route lets an opponent read orders before the step resolves, or standing orders before the end', async () => {
    const id = await newGame('Sealed 封印')
    const first = await submit(id, alice, 'GM1 -> 0104\nstanding defence none')
    expect(first.resolved).toBe(false)
    expect(first.receipt).toMatch(/^2:[0-9a-f]{16}$/)
    const seq = first.seq as number
    const salt = await saltOf(id, seq)
    const stored = (await s.t.sql(`SELECT payload FROM "LogEntry" WHERE "gameId" = $1 AND seq = $2`, [id, seq])).rows[0]
      .payload
    // The private order is kept apart from the rest in the log.
    expect(stored).toMatchObject({
      orders: [{ kind: 'move', units: ['GM1'], to: [1, 4] }],
      private: { 'FED-1': [{ kind: 'standing', defenceShift: 'none' }] },
    })

    // The log: the entry is there with every field its hash covers, but nothing to open.
    const bobLog = (await get(`/games/${id}/log?limit=500`, bob)).json()
    const sealed = bobLog.entries.find((e: { seq: number }) => e.seq === seq)
    expect(sealed).toMatchObject({ kind: 'ORDERS', seat: 'FED-1', payload: null, sealed: ['body', 'private:FED-1'] })
    expect(Object.values(sealed.leaves).every((l) => Object.keys(l as object).join() === 'commitment')).toBe(true)
    expect(bobLog.head).toEqual({ seq, hash: expect.stringMatching(/^[0-9a-f]{64}$/), receipt: first.receipt })
    // The chain still checks out for Bob, sealed entry included.
    expect(clientCheck(id, bobLog.entries).problems).toEqual([])

    // Hashes: the trial's guess (the payload hashed in the clear, as before salting) no longer finds
    // the orders, and neither does hashing a leaf without its salt.
    const guess = (payload: unknown) =>
      sha256(
        sealed.prevHash +
          canonicalJson({
            gameId: id,
            seq,
            kind: 'ORDERS',
            seat: 'FED-1',
            userId: alice.id,
            payload,
            createdAt: sealed.createdAt,
          }),
      )
    expect(guess(stored)).not.toBe(sealed.hash)
    expect(guess({ orders: stored.orders, step: stored.step, turn: stored.turn })).not.toBe(sealed.hash)
    const { private: _secret, ...body } = stored
    expect(sha256(canon(body))).not.toBe(sealed.leaves.body.commitment)
    expect(sha256(canon(stored.private['FED-1']))).not.toBe(sealed.leaves['private:FED-1'].commitment)

    // Every route Bob may read: no salt of the entry, and no trace of the standing order.
    const everything = await allBobReads(id, seq)
    expect(everything).not.toContain(salt)
    expect(everything).not.toContain('defenceShift":"none')
    expect(everything).not.toMatch(/standing defence none/)
    expect((await get(`/games/${id}/view`, bob)).json().submitted).toEqual({})
    expect((await get(`/games/${id}/state?at=${seq}`, bob)).json().submitted).toEqual({})

    // Error messages Bob can provoke name no order.
    const refusals = [
      await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(bob, { 'content-type': 'text/plain' }),
        payload: 'ZK1 -> 0104',
      }),
      await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders`,
        headers: as(bob),
        payload: { seat: 'FED-1', text: 'pass' },
      }),
      await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders/preview`,
        headers: as(bob),
        payload: { seat: 'FED-1', text: 'pass' },
      }),
      await s.app.inject({ method: 'GET', url: `/games/${id}/options?seat=FED-1`, headers: as(bob) }),
      await s.app.inject({
        method: 'GET',
        url: `/games/${id}/verify?receipt=${seq}:${'0'.repeat(16)}`,
        headers: as(bob),
      }),
    ]
    for (const r of refusals) {
      expect(r.body).not.toContain('GM1')
      expect(r.body).not.toMatch(/defenceShift|defence none/)
      expect(r.body).not.toContain(salt)
    }

    // The teammate reads the orders, but not the standing order, which is Alice's alone.
    const carolLog = (await get(`/games/${id}/log?limit=500`, carol)).json()
    const carolSees = carolLog.entries.find((e: { seq: number }) => e.seq === seq)
    expect(carolSees.payload.orders).toEqual([{ kind: 'move', units: ['GM1'], to: [1, 4] }])
    expect(carolSees.sealed).toEqual(['private:FED-1'])
    expect(carolSees.payload.private).toEqual({})
    expect((await get(`/games/${id}/view`, carol)).json().submitted).toEqual({
      'FED-1': [{ kind: 'move', units: ['GM1'], to: [1, 4] }],
    })
    // Alice reads her own.
    const aliceSees = (await get(`/games/${id}/log?limit=500`, alice))
      .json()
      .entries.find((e: { seq: number }) => e.seq === seq)
    expect(aliceSees.payload.private).toEqual({ 'FED-1': [{ kind: 'standing', defenceShift: 'none' }] })
    expect(aliceSees.sealed).toEqual([])

    // Carol completes the step: the orders are read by all, the standing order still by Alice alone.
    const done = await submit(id, carol, 'pass')
    expect(done.resolved).toBe(true)
    const after = (await get(`/games/${id}/log?limit=500`, bob)).json()
    const orders = after.entries.find((e: { seq: number }) => e.seq === seq)
    expect(orders.payload.orders).toEqual([{ kind: 'move', units: ['GM1'], to: [1, 4] }])
    expect(orders.sealed).toEqual(['private:FED-1'])
    const resolution = after.entries.find((e: { kind: string; seq: number }) => e.kind === 'RESOLUTION' && e.seq > seq)
    expect(resolution.payload.submissions['FED-1']).toEqual([{ kind: 'move', units: ['GM1'], to: [1, 4] }])
    expect(resolution.sealed).toContain('private:FED-1')
    expect(clientCheck(id, after.entries).problems).toEqual([])
    const later = await allBobReads(id, done.seq)
    expect(later).not.toContain('defenceShift":"none')

    // Emails and the webhook: Bob's your-phase email tells what happened, not Alice's standing order.
    await waitFor("Bob's your-phase email", () => s.mails(bob.email, 'your-phase').length >= 1)
    await waitFor('a webhook post for Zeon', () => posts.some((p) => p.includes('ZEON')))
    for (const m of s.mails(bob.email)) {
      const text = `${m.parsed.text ?? ''}${m.parsed.html || ''}`
      expect(text).not.toMatch(/defence none|defenceShift/)
      expect(text).not.toContain(salt)
    }
    for (const p of posts) expect(p).not.toMatch(/defence|standing/)
    // Every game email carries a receipt of the log as it stood, which the verify link confirms.
    const mail = s.mails(bob.email, 'your-phase').at(-1)!
    const receipt = /Receipt: (\d+:[0-9a-f]{16})/.exec(mail.parsed.text ?? '')?.[1]
    expect(receipt, mail.parsed.text).toBeDefined()
    expect(String(mail.parsed.html || '').replace(/&#x3D;/g, '=')).toContain(
      `verify?receipt=${encodeURIComponent(receipt!)}`,
    )
    expect((await get(`/games/${id}/verify?receipt=${receipt}`, bob)).json().receipt).toEqual({
      receipt,
      ok: true,
      problem: null,
    })

    // Once the game is over, everything opens, and every opened leaf checks out for anyone.
    expect((await s.app.inject({ method: 'POST', url: `/games/${id}/resign`, headers: as(bob) })).statusCode).toBe(200)
    const end = (await get(`/games/${id}/log?limit=500`, null)).json()
    const opened = end.entries.find((e: { seq: number }) => e.seq === seq)
    expect(opened.sealed).toEqual([])
    expect(opened.payload.private).toEqual({ 'FED-1': [{ kind: 'standing', defenceShift: 'none' }] })
    const check = clientCheck(id, end.entries)
    expect(check.problems).toEqual([])
    expect(check.opened).toBeGreaterThan(end.entries.length)
    const verify = (await get(`/games/${id}/verify`, null)).json()
    expect(verify).toMatchObject({ ok: true, hashChainOk: true, recordOk: true, rulesOk: true, replayOk: true })
  })

  it('an admin who plays in the game reads it as a player, not as staff', async () => {
    const id = await newGame('Admin at the table')
    await s.t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [bob.id])
    const login = await s.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: bob.email, password: 'correct horse battery' },
    })
    const admin = { ...bob, token: login.json().accessToken as string }
    try {
      const sent = await submit(id, alice, 'GM1 -> 0104\nstanding defence none')
      const entry = (await get(`/games/${id}/log?after=${sent.seq - 1}`, admin)).json().entries[0]
      expect(entry.payload).toBeNull()
      expect(entry.sealed).toEqual(['body', 'private:FED-1'])
      expect((await get(`/games/${id}/view`, admin)).json().submitted).toEqual({})
    } finally {
      await s.t.sql(`UPDATE "User" SET role = 'PLAYER' WHERE id = $1`, [bob.id])
    }
  })

  it('a sealed entry is the same size whatever the orders in it', async () => {
    const sizes: number[] = []
    for (const [title, text] of [
      ['Short', 'pass'],
      ['Long', 'GM1 -> 0104\nGM2 -> 0105\nstanding defence 2\n# a long comment that is not stored'],
    ] as const) {
      const id = await newGame(title)
      const sent = await submit(id, alice, text)
      const entry = (await get(`/games/${id}/log?after=${sent.seq - 1}`, bob)).json().entries[0]
      expect(entry.payload).toBeNull()
      sizes.push(JSON.stringify(entry).length)
    }
    expect(sizes[0]).toBe(sizes[1])
  })
})
