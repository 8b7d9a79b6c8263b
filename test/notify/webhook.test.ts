// The per-game webhook (Discord-compatible JSON) announcing whose phase it is: once per new step,
// retried when the receiver fails for a while.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { as, register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
let hook: Server
let hookUrl: string
const posts: Array<{ content: string; username: string }> = []
let failNext = 0
let failures = 0
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  hook = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      if (failNext > 0) {
        failNext--
        failures++
        res.writeHead(503).end()
        return
      }
      expect(req.headers['content-type']).toBe('application/json')
      posts.push(JSON.parse(body))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r))
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/webhook`
}, 60_000)
afterAll(async () => {
  await s?.close()
  await new Promise((r) => hook?.close(r))
})

describe('the game webhook', () => {
  it('says whose phase it is at each new step, once, and is retried when the receiver fails', async () => {
    failNext = 2
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: 'Hooked', webhookUrl: hookUrl },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(bob), payload: {} })
    await waitFor('the first webhook post', () => posts.length === 1)
    expect(failures).toBe(2)
    const summary = (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(alice) })).json()
    const sideName = summary.pending[0].side === 'FED' ? 'FED' : 'ZEON'
    expect(posts[0]).toMatchObject({ username: 'hexmail' })
    expect(posts[0]!.content).toContain('**Hooked**')
    expect(posts[0]!.content).toContain(sideName)
    expect(posts[0]!.content).toContain(`http://hexmail.test/games/${id}`)

    // A teammate's orders that do not complete a step announce nothing; a new step does.
    const actor = summary.pending[0].seats[0] === 'FED' ? alice : bob
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: `/games/${id}/orders`,
          headers: as(actor),
          payload: { text: 'pass' },
        })
      ).statusCode,
    ).toBe(200)
    await waitFor('the second webhook post', () => posts.length === 2)
    await waitFor(
      'the your-phase emails of both steps',
      async () => (await s.t.db.notification.count({ where: { gameId: id, status: 'sent' } })) >= 2,
    )
    expect(posts).toHaveLength(2)
    // Each post is recorded like an email: fanning a row out again (a lost job, a second worker) posts nothing more.
    await waitFor(
      'both posts recorded',
      async () => (await s.t.db.notification.count({ where: { gameId: id, kind: 'webhook', status: 'sent' } })) === 2,
    )
    const hooks = await s.t.db.notification.findMany({ where: { gameId: id, kind: 'webhook' }, orderBy: { id: 'asc' } })
    expect(hooks[0]!.attempts).toBe(3)
    const { fanOut } = await import('../../src/notify/fanout.js')
    await fanOut(s.t.db, s.worker.queue, String(hooks[0]!.outboxId))
    const { deliverWebhook } = await import('../../src/notify/webhook.js')
    expect(await deliverWebhook(s.t.db, 'http://hexmail.test', String(hooks[0]!.id), { allowPrivate: true })).toBe(
      'already-done',
    )
    expect(posts).toHaveLength(2)
  }, 60_000)

  it('refuses a webhook that is not an http(s) URL', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', webhookUrl: 'file:///etc/passwd' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/webhookUrl/)
  })
})

describe('webhook targets in production', () => {
  it('loopback, private, link-local and mapped addresses are refused; public ones are not', async () => {
    const { isPrivateAddress } = await import('../../src/notify/webhook.js')
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:0001',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      'not an address',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true)
    for (const ip of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false)
  })

  it('a webhook at this machine is refused for good, unsent, unless private addresses are allowed', async () => {
    const { postWebhook } = await import('../../src/notify/webhook.js')
    const row = await s.t.db.outbox.findFirstOrThrow({
      where: { kind: 'step', gameId: { not: null } },
      orderBy: { id: 'asc' },
    })
    const before = posts.length + failures
    await expect(
      postWebhook(s.t.db, 'http://hexmail.test', String(row.id), { allowPrivate: false }),
    ).rejects.toMatchObject({ permanent: true, message: expect.stringMatching(/not a public address/) })
    // A name that resolves to this machine is refused at connection time too.
    await s.t.db.game.update({
      where: { id: row.gameId! },
      data: { webhookUrl: hookUrl.replace('127.0.0.1', 'localhost') },
    })
    await expect(
      postWebhook(s.t.db, 'http://hexmail.test', String(row.id), { allowPrivate: false }),
    ).rejects.toMatchObject({ permanent: true, message: expect.stringMatching(/not a public address/) })
    await s.t.db.game.update({
      where: { id: row.gameId! },
      data: { webhookUrl: hookUrl.replace('127.0.0.1', '[::ffff:7f00:1]') },
    })
    await expect(
      postWebhook(s.t.db, 'http://hexmail.test', String(row.id), { allowPrivate: false }),
    ).rejects.toMatchObject({ permanent: true })
    expect(posts.length + failures).toBe(before)
  })
})
