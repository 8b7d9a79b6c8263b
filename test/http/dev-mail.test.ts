// The mail catcher's inbox: a page at a time (the list never reads the messages, which hold the maps),
// filtered in the database, the HTML page still working; and only for this machine, never through a
// proxy (a proxy on this machine connects from loopback on behalf of anyone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../../src/notify/mailer.js'
import { startApp, type TestApp } from './helpers.js'

let h: TestApp
const sent: Array<{ to: string; kind: string; position: number }> = []
beforeAll(async () => {
  h = await startApp()
  const mailer = createMailer(h.t.db, { smtpUrl: null })
  // 130 emails, each with a 200 KB attachment like a map: 26 MB that a list must not read.
  const map = Buffer.alloc(200 * 1024, 7)
  for (let i = 0; i < 130; i++) {
    const mail = { to: `player${i % 3}@example.org`, kind: i % 2 ? 'your-phase' : 'reminder', position: i }
    await mailer.send({
      from: 'hexmail <noreply@hexmail.test>',
      to: mail.to,
      subject: `mail ${i}`,
      text: 'hello',
      replyTo: `play+token${i}@hexmail.test`,
      headers: { 'X-Hexmail-Kind': mail.kind, 'X-Hexmail-Position': String(mail.position) },
      attachments: [{ filename: 'map.png', content: map }],
    })
    sent.push(mail)
  }
  mailer.close()
}, 60_000)
afterAll(async () => h?.close())

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  h.app.inject({ method: 'GET', url, headers, remoteAddress })

describe('/dev/mail.json', () => {
  it('pages through all the mail, newest first, each message once', async () => {
    const seen: string[] = []
    let url: string | null = '/dev/mail.json?limit=40'
    let pages = 0
    while (url) {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as {
        messages: Array<{ id: string; subject: string; kind: string; position: number; replyTo: string }>
        next: string | null
      }
      expect(body.messages.length).toBeLessThanOrEqual(40)
      seen.push(...body.messages.map((m) => m.subject))
      url = body.next
      pages++
    }
    expect(pages).toBe(4)
    expect(seen).toEqual(sent.map((_, i) => `mail ${i}`).reverse())
    const first = (await get('/dev/mail.json?limit=1')).json().messages[0]
    expect(first).toMatchObject({
      subject: 'mail 129',
      kind: 'your-phase',
      position: 129,
      replyTo: 'play+token129@hexmail.test',
      to: 'player0@example.org',
    })
  })

  it('filters in the database, so a filter finds mail beyond the first page, and stays fast and small', async () => {
    const t0 = performance.now()
    const res = await get('/dev/mail.json?to=PLAYER1@example.org&kind=your-phase&position=7')
    const took = performance.now() - t0
    expect(res.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['mail 7'])
    expect(res.json().next).toBeNull()
    expect(took).toBeLessThan(500)
    const all = await get('/dev/mail.json?limit=200')
    expect(all.json().messages).toHaveLength(130)
    expect(all.body.length).toBeLessThan(130 * 400)
    const filtered = (await get('/dev/mail.json?kind=reminder&limit=10')).json()
    expect(filtered.messages.every((m: { kind: string }) => m.kind === 'reminder')).toBe(true)
    expect(filtered.next).toMatch(/^\/dev\/mail\.json\?kind=reminder&limit=10&before=\d+$/)
    expect((await get(filtered.next)).json().messages[0].position).toBe(filtered.messages.at(-1).position - 2)
  })

  it('refuses bad paging and filters with a 400 that names the field', async () => {
    for (const q of [
      'limit=0',
      'limit=201',
      'before=abc',
      'position=99999999999999999999',
      'to=%00',
      'kind=Your%20Phase',
    ]) {
      const res = await get(`/dev/mail.json?${q}`)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().detail, q).toMatch(new RegExp(q.split('=')[0]!))
    }
  })

  it('the HTML page still lists the mail, with a link to older mail', async () => {
    const res = await get('/dev/mail')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body).toContain('mail 129')
    expect(res.body).not.toContain('>mail 29<')
    const older = /href="(\/dev\/mail\?before=\d+)"/.exec(res.body)![1]!
    const next = await get(older)
    expect(next.body).toContain('>mail 29<')
    const one = await get(`/dev/mail/${(await get('/dev/mail.json?limit=1')).json().messages[0].id}`)
    expect(one.statusCode).toBe(200)
    expect(one.body).toContain('mail 129')
  })
})

describe('/dev/mail is for this machine only', () => {
  it('refuses another address, and a loopback caller that came through a proxy', async () => {
    expect((await get('/dev/mail.json', {}, '::1')).statusCode).toBe(200)
    expect((await get('/dev/mail.json', {}, '192.168.1.20')).statusCode).toBe(404)
    const proxied: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-host': 'hexmail.example.org' },
      { via: '1.1 nginx' },
      { 'x-forwarded-proto': 'https' },
    ]
    for (const header of proxied) {
      for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/1', '/dev/mail/1/raw']) {
        const res = await get(url, header)
        expect(res.statusCode, `${url} ${JSON.stringify(header)}`).toBe(404)
        expect(res.body).not.toContain('hexmail.test')
      }
    }
  })
})
