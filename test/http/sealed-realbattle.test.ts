// Real Battle's sealed plans through the server (issue 15, docs/realbattle.md "Sealed information"): a plan is
// its seat's alone (not a teammate's) until the owner's phase ① turns it up (RB-4.2); the first attack resolved
// against an AT turns up its defence value only (RB-12.11); standing orders (`policy`) stay the seat's own until
// the game ends. Every way another reader might get at them is tried: the summary, the view and past states,
// the log (entries, payloads, hashes), options, the map (SVG and PNG), /verify, error messages and previews,
// the webhook and every email, for a teammate, both opponents, a stranger and an anonymous reader.
//
// How we look for a sealed value without being fooled by coincidence (plan values are small digits that turn
// up everywhere): 1. structured fields: every `plan`, `actionPp` and `defence` of a sealed AT is null in what
// others read, `planSealed` true, no `policies`, and no log entry shows them its plan or policy order; 2. whole
// bodies: what the others read is byte-identical before and after the owner's sealed submission, except for
// the one new log entry and the log head, and that entry is the same (ids, hashes and times masked) in two
// games whose sealed plans differ; 3. text markers for the notation and JSON of each plan and policy, which the
// owner's own reads (the control) do contain, so the search is shown to find them when they are there.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../support/smtp.js'
import { startMailStack, type MailStack } from '../notify/stack.js'
import { as, register, type User } from './helpers.js'

let s: MailStack
let alice: User // A1
let carol: User // A2, Alice's teammate
let bob: User // B1
let dave: User // B2
let eve: User // a stranger: signed in, not in the game
let hook: Server
let hookUrl: string
const posts: string[] = []

beforeAll(async () => {
  s = await startMailStack()
  ;[alice, carol, bob, dave, eve] = await Promise.all([
    register(s.app, 'Alice'),
    register(s.app, 'Carol'),
    register(s.app, 'Bob'),
    register(s.app, 'Dave'),
    register(s.app, 'Eve'),
  ])
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

type Seat = 'A1' | 'A2' | 'B1' | 'B2'
interface Plan {
  acc: number
  dec: number
  atk: number
  def: number
}
const SEATS: Seat[] = ['A1', 'A2', 'B1', 'B2']
/** A log event as read through the API (with the position of its entry, where added). */
type Ev = { type: string; at: Seat; def: number; seq: number } & Record<string, unknown>
/** An AT in a view, as far as this test reads it. */
type AtRead = { id: string; plan: Plan | null; planSealed: boolean; actionPp: number | null } & Record<string, unknown>
const campOf = (seat: Seat) => seat[0] as 'A' | 'B'
// Deployment, as on the `a` end (column 0 of map A; the `b` end is the map turned 180°): A1 and B1 start on the
// same edge and head along its open rows, towards each other.
const DEPLOY: Record<Seat, string> = { A1: '0004 NE', A2: '0009 SE', B1: '0009 SE', B2: '0004 NE' }
// Each seat's pre-game plan (RB-21.3: accel or decel 0; within base PP 7 for A1/B1 and 6 for A2/B2).
const PLANS: Record<Seat, Plan> = {
  A1: { acc: 2, dec: 0, atk: 1, def: 3 },
  A2: { acc: 0, dec: 1, atk: 3, def: 2 },
  B1: { acc: 1, dec: 0, atk: 5, def: 1 },
  B2: { acc: 0, dec: 2, atk: 2, def: 2 },
}
const POLICIES: Partial<Record<Seat, string>> = { A1: 'policy avoid never fall reach 9', B1: 'policy fall spend 3' }

/** The strings that would give away a seat's plan or policy: its notation and its JSON. */
function markers(seat: Seat, plan: Plan = PLANS[seat]): { plan: string[]; policy: string[] } {
  const { acc, dec, atk, def } = plan
  const policy =
    seat === 'A1'
      ? ['fall reach 9', '"avoid":"never"', '"kind":"reach","value":9', '"value":9,"kind":"reach"']
      : seat === 'B1'
        ? ['fall spend 3', '"kind":"spend","pp":3', '"pp":3,"kind":"spend"']
        : []
  return {
    plan: [
      `${seat} plan ${acc} ${dec} ${atk} ${def}`,
      `"acc":${acc},"dec":${dec},"atk":${atk},"def":${def}`,
      `accel ${acc}, decel ${dec}, attack ${atk}, defence ${def}`,
      `"kind":"plan","at":"${seat}"`,
      `"at":"${seat}","kind":"plan"`,
    ],
    policy,
  }
}

const get = async (url: string, who: User | null) => {
  const res = await s.app.inject({ method: 'GET', url, headers: as(who) })
  return { status: res.statusCode, body: res.rawPayload.toString('latin1'), json: () => res.json() }
}
const send = (id: string, who: User, text: string, seat?: string) =>
  s.app.inject({
    method: 'POST',
    url: `/games/${id}/orders`,
    headers: as(who),
    payload: seat ? { seat, text } : { text },
  })
async function submit(id: string, who: User, text: string) {
  const res = await send(id, who, text)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { seq: number; resolved: boolean }
}

/** A 4-player RB-23-S3 game: Alice A1, Carol A2, Bob B1, Dave B2. */
async function newGame(title: string, gameMaster?: User) {
  const created = await s.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(alice),
    payload: {
      ruleset: 'realbattle',
      scenario: 'RB-23-S3',
      players: 4,
      seat: 'A1',
      title,
      webhookUrl: hookUrl,
      ...(gameMaster ? { gameMaster: gameMaster.email } : {}),
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const id = created.json().id as string
  for (const [who, seat] of [
    [carol, 'A2'],
    [bob, 'B1'],
    [dave, 'B2'],
  ] as const) {
    const joined = await s.app.inject({ method: 'POST', url: `/games/${id}/join`, headers: as(who), payload: { seat } })
    expect(joined.statusCode, joined.body).toBe(200)
  }
  const game = (await get(`/games/${id}`, alice)).json()
  expect(game.status).toBe('ACTIVE')
  expect(game.pending).toEqual([
    expect.objectContaining({ step: 'deploy', sealed: true }),
    expect.objectContaining({ step: 'deploy', sealed: true }),
  ])
  return id
}

/** The seat's deployment on its camp's end (rolled at setup: the map turned 180° for the b end). */
async function deployText(id: string, seat: Seat, plan: Plan = PLANS[seat]) {
  const opts = (await get(`/games/${id}/options`, SEAT_USER()[seat])).json()
  const facings = opts.options.ats[0].deploy.facings as unknown[]
  const aEnd = facings.includes('NE') || facings.includes(1)
  const [hex, facing] = DEPLOY[seat].split(' ') as [string, string]
  const turned = { NE: 'SW', SE: 'NW', NW: 'SE', SW: 'NE' } as Record<string, string>
  const col = Number(hex.slice(0, 2))
  const row = Number(hex.slice(2))
  const at = aEnd ? hex : `${String(19 - col).padStart(2, '0')}${String(13 - row).padStart(2, '0')}`
  return [
    `${seat} deploy ${at} ${aEnd ? facing : turned[facing]}`,
    `${seat} plan ${plan.acc} ${plan.dec} ${plan.atk} ${plan.def}`,
    ...(POLICIES[seat] ? [`${seat} ${POLICIES[seat]}`] : []),
  ].join('\n')
}

const logSeq = async (id: string) => (await get(`/games/${id}`, alice)).json().logSeq as number

interface Reads {
  /** Each route's body, by route (past states by `state@seq`, `view@seq`). */
  bodies: Record<string, string>
  view: { view: { ats: Array<Record<string, unknown>> }; submitted?: unknown } | null
  log: Array<Record<string, unknown>>
}
const SEAT_USER = (): Record<Seat, User> => ({ A1: alice, A2: carol, B1: bob, B2: dave })

/** Everything `who` can read about the game now (null: anonymous), past states included. */
async function readAll(id: string, who: User | null, pastStates = true): Promise<Reads> {
  const seq = await logSeq(id)
  const urls = [
    `/games/${id}`,
    `/games/${id}/view`,
    `/games/${id}/log?limit=500`,
    `/games/${id}/map.svg`,
    `/games/${id}/map.png`,
    `/games/${id}/verify`,
    `/games/${id}/options`,
    ...SEATS.map((seat) => `/games/${id}/options?seat=${seat}`),
    `/games/${id}/view?as=A1`,
    `/games/${id}/view?as=B1`,
  ]
  if (pastStates)
    for (let at = 1; at <= seq; at++) urls.push(`/games/${id}/view?at=${at}`, `/games/${id}/state?at=${at}`)
  const bodies: Record<string, string> = {}
  for (const url of urls) {
    const r = await get(url, who)
    expect(r.status, `${url}`).toBeLessThan(500)
    bodies[url.slice(id.length + 7) || '/'] = `${r.status} ${r.body}`
  }
  const view = await get(`/games/${id}/view`, who)
  const log = await get(`/games/${id}/log?limit=500`, who)
  return {
    bodies,
    view: view.status === 200 ? view.json() : null,
    log: log.status === 200 ? log.json().entries : [],
  }
}

/** The views (now and past) in `reads`, as JSON. */
function views(reads: Reads): Array<{ ats: Array<Record<string, unknown>> }> {
  const out: Array<{ ats: Array<Record<string, unknown>> }> = []
  for (const [url, body] of Object.entries(reads.bodies)) {
    if (!/^\/(view|state)/.test(url) || !body.startsWith('200 ')) continue
    const json = JSON.parse(body.slice(4))
    if (Array.isArray((json.view ?? json).ats)) out.push(json)
  }
  return out
}

/** Nothing in `reads` gives away `owner`'s plan (unless `planOpen`) or its policy. */
function expectSealed(
  reads: Reads,
  owner: Seat,
  who: string,
  opts: { planOpen?: boolean; defOpen?: boolean; plan?: Plan; viewOpen?: boolean } = {},
) {
  const vs = views(reads).map((v) => (v as { view?: typeof v }).view ?? v)
  expect(vs.length, who).toBeGreaterThan(0)
  for (const v of vs) {
    const at = v.ats.find((a) => a.id === owner)!
    expect(at.policies, `${who} reads ${owner}'s policies`).toBeUndefined()
    if (opts.planOpen || opts.viewOpen) continue
    if (at.plan === null && at.planSealed === false) continue // no plan yet (before deployment)
    expect(at, `${who} reads ${owner}'s plan`).toMatchObject({ plan: null, actionPp: null, planSealed: true })
    if (!opts.defOpen) expect(at.defence, `${who} reads ${owner}'s defence`).toBeNull()
  }
  for (const e of reads.log) {
    const payload = e.payload as {
      orders?: Array<{ kind: string; at: string }>
      private?: Record<string, unknown>
      submissions?: Record<string, Array<{ kind: string }>>
    } | null
    if (!payload) continue
    expect(payload.private?.[owner], `${who} reads ${owner}'s private orders at ${e.seq}`).toBeUndefined()
    const kinds = [...(e.seat === owner ? (payload.orders ?? []) : []), ...(payload.submissions?.[owner] ?? [])].map(
      (o) => o.kind,
    )
    expect(kinds, `${who} reads ${owner}'s orders at ${e.seq}`).not.toContain('policy')
    if (!opts.planOpen) expect(kinds, `${who} reads ${owner}'s orders at ${e.seq}`).not.toContain('plan')
  }
  const m = markers(owner, opts.plan)
  for (const text of [...m.policy, ...(opts.planOpen ? [] : m.plan)]) {
    const where = Object.entries(reads.bodies).find(([, b]) => b.includes(text))
    const at = where ? where[1].indexOf(text) : 0
    expect(where && `${where[0]}: ${where[1].slice(at - 200, at + 100)}`, `${who} finds "${text}"`).toBeUndefined()
  }
}

/** The control: the owner's own reads do show its plan and policy, and the markers find them. */
function expectOwnerReads(reads: Reads, owner: Seat, resolved = true) {
  // Before the step resolves the plan is in the seat's submission (the view's `submitted`), after it in the AT.
  if (resolved)
    expect(reads.view!.view.ats.find((a) => a.id === owner)).toMatchObject({ plan: PLANS[owner], planSealed: false })
  else expect(JSON.stringify(reads.view)).toContain(JSON.stringify({ kind: 'plan', at: owner, ...PLANS[owner] }))
  const all = Object.values(reads.bodies).join('\n')
  const m = markers(owner)
  expect(
    m.plan.some((t) => all.includes(t)),
    `${owner} finds its plan`,
  ).toBe(true)
  if (m.policy.length > 0)
    expect(
      m.policy.some((t) => all.includes(t)),
      `${owner} finds its policy`,
    ).toBe(true)
}

/**
 * A body less what any submission changes (the log position, who has submitted and who is still awaited, the
 * view's `submitted`, which is checked apart), for comparing before and after a sealed submission; binary and
 * text bodies as they are.
 */
function comparable(body: string): string {
  const [status, ...rest] = body.split(' ')
  const text = rest.join(' ')
  if (!text.startsWith('{')) return body
  const drop = new Set(['seq', 'logSeq', 'pending', 'submitted', 'submittedPlayers', 'updatedAt', 'lastMoveAt', 'head'])
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => !drop.has(k))
              .map(([k, x]) => [k, strip(x)]),
          )
        : v
  return `${status} ${JSON.stringify(strip(JSON.parse(text)))}`
}

/** Bodies with ids, hashes, salts, receipts and times masked. */
const mask = (text: string, id: string) =>
  text
    .replaceAll(id, '<game>')
    .replace(/[0-9a-f]{64}/g, '<hash>')
    .replace(/[0-9a-f]{16}/g, '<h16>')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
    .replace(/"userId":"[^"]+"/g, '"userId":"<user>"')

describe('Real Battle: sealed plans', () => {
  it('nobody reads a sealed plan or a policy before it is revealed, by any route', async () => {
    const id = await newGame('Sealed plans 封印')
    const readers = { carol, bob, dave, eve, anonymous: null } as Record<string, User | null>

    // Acting before the sealed plan is in: an action or an attack in the deploy step is refused naming the rule,
    // and changes nothing.
    const seq0 = await logSeq(id)
    for (const text of ['A1 F F', 'A1 fire B1 ss']) {
      const res = await send(id, alice, text)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.body).toMatch(/"rule":"(RB-[\d.]+|STEP)"/)
    }
    expect(await logSeq(id)).toBe(seq0)

    // What every other reader gets before Alice's sealed deployment, to compare with after.
    const before: Record<string, Reads> = {}
    for (const [name, who] of Object.entries(readers)) before[name] = await readAll(id, who, false)

    const sent = await submit(id, alice, await deployText(id, 'A1'))
    expect(sent.resolved).toBe(false)
    // The control: Alice reads her own plan and policy.
    expectOwnerReads(await readAll(id, alice), 'A1', false)
    const mine = (await get(`/games/${id}/log?after=${sent.seq - 1}`, alice)).json().entries[0]
    expect(mine.payload.private.A1).toEqual(
      expect.arrayContaining([{ kind: 'plan', at: 'A1', ...PLANS.A1 }, expect.objectContaining({ kind: 'policy' })]),
    )

    // A plan sent twice for the same step: 409, and nothing changes.
    const again = await send(id, alice, await deployText(id, 'A1', { acc: 0, dec: 0, atk: 0, def: 0 }))
    expect(again.statusCode, again.body).toBe(409)
    expect(await logSeq(id)).toBe(sent.seq)

    for (const [name, who] of Object.entries(readers)) {
      const now = await readAll(id, who)
      expectSealed(now, 'A1', name)
      // Byte for byte, every route reads as before, but the log's new entry and its head.
      for (const [url, body] of Object.entries(before[name]!.bodies)) {
        if (/^\/(log|verify)/.test(url)) continue
        expect(comparable(now.bodies[url] ?? ''), `${name} ${url}`).toBe(comparable(body))
      }
      // The teammate reads that Alice has deployed (the open part of her submission), not her plan or policy.
      const submitted = (now.view?.submitted ?? {}) as Record<string, Array<{ kind: string }>>
      if (name === 'carol') expect(submitted.A1?.map((o) => o.kind)).toEqual(['deploy'])
      else expect(submitted.A1, name).toBeUndefined()
      const entry = now.log.find((e) => e.seq === sent.seq)
      // In the log: the teammate opens the entry's body (the deployment) but not its private leaf; the others
      // nothing, and nobody a salt.
      if (name === 'carol')
        expect(entry).toMatchObject({ payload: { orders: [{ kind: 'deploy' }], private: {} }, sealed: ['private:A1'] })
      else
        expect(entry, name).toMatchObject({ kind: 'ORDERS', seat: 'A1', payload: null, sealed: ['body', 'private:A1'] })
      const leaves = entry!.leaves as Record<string, object>
      expect(Object.keys(leaves['private:A1'] ?? {}), name).toEqual(['commitment'])
      if (name !== 'carol') expect(Object.keys(leaves.body ?? {}), name).toEqual(['commitment'])
    }
    // The teammate's own submission may not name Alice's AT, and the refusal does not echo her plan.
    const tried = [
      await send(id, carol, 'A1 plan 0 0 0 0'),
      await send(id, carol, 'A1 plan 0 0 0 0', 'A1'),
      await send(id, bob, 'A1 deploy 0005 NE'),
      await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders/preview`,
        headers: as(carol),
        payload: { text: 'A1 plan 4 0 0 0\nA2 deploy 0009 SE' },
      }),
      await s.app.inject({
        method: 'POST',
        url: `/games/${id}/orders/preview`,
        headers: as(bob),
        payload: { seat: 'A1', text: 'A1 plan 4 0 0 0' },
      }),
      await s.app.inject({
        method: 'GET',
        url: `/games/${id}/verify?receipt=${sent.seq}:${'0'.repeat(16)}`,
        headers: as(bob),
      }),
    ]
    expect(tried.map((r) => r.statusCode).slice(0, 3), tried.map((r) => r.body).join('\n')).toEqual([422, 403, 422])
    // (The refusals echo the reader's own orders, which name A1: only Alice's values are looked for.)
    for (const r of tried)
      for (const t of [...markers('A1').plan.slice(0, 2), ...markers('A1').policy]) expect(r.body).not.toContain(t)
    expect(await logSeq(id)).toBe(sent.seq)

    // The same submission in a game where Alice's plan and policy differ: Bob reads the same sealed entry.
    const other = await newGame('Sealed plans 封印')
    const sent2 = await submit(
      other,
      alice,
      (await deployText(other, 'A1', { acc: 4, dec: 0, atk: 3, def: 0 })).replace(/policy.*/, 'policy fall spend 2'),
    )
    const e1 = (await get(`/games/${id}/log?after=${sent.seq - 1}`, bob)).body
    const e2 = (await get(`/games/${other}/log?after=${sent2.seq - 1}`, bob)).body
    expect(mask(e2, other)).toBe(mask(e1, id))

    // Everyone deploys: each reader then reads its own plan, not the others'.
    await submit(id, bob, await deployText(id, 'B1'))
    await submit(id, carol, await deployText(id, 'A2'))
    const done = await submit(id, dave, await deployText(id, 'B2'))
    expect(done.resolved).toBe(true)
    const view = (await get(`/games/${id}/view`, null)).json()
    const v = view.view ?? view
    const first = v.first as 'A' | 'B'
    expect(['A', 'B']).toContain(first)
    // The first camp's phase ① turned its plans up; the other camp's are sealed until its own phase ①.
    const log = (await get(`/games/${id}/log?limit=500`, null)).json().entries as Array<{ payload: { events?: Ev[] } }>
    const events = log.flatMap((e) => e.payload?.events ?? [])
    for (const seat of SEATS) {
      const revealed = events.filter((e) => e.type === 'plan-revealed' && e.at === seat)
      if (campOf(seat) === first) expect(revealed, seat).toEqual([expect.objectContaining({ ...PLANS[seat] })])
      else expect(revealed, seat).toEqual([])
    }
    const users = SEAT_USER()
    const everyone = { ...users, eve, anonymous: null } as Record<string, User | null>
    const readsNow: Record<string, Reads> = {}
    for (const [name, who] of Object.entries(everyone)) readsNow[name] = await readAll(id, who)
    for (const owner of SEATS) {
      expectOwnerReads(readsNow[owner]!, owner)
      for (const [name, r] of Object.entries(readsNow)) {
        if (everyone[name] === users[owner]) continue
        expectSealed(r, owner, name, { planOpen: campOf(owner) === first })
        if (campOf(owner) === first)
          expect(r.view!.view.ats.find((a) => a.id === owner)).toMatchObject({ plan: PLANS[owner], planSealed: false })
      }
    }

    // Emails and the webhook: nobody else's message gives away a sealed plan or any policy.
    const firstSeats = SEATS.filter((x) => campOf(x) === first)
    await waitFor('your-phase emails', () => firstSeats.every((x) => s.mails(users[x].email, 'your-phase').length >= 1))
    await waitFor('a webhook post', () => posts.length >= 1)
    await new Promise((r) => setTimeout(r, 1000))
    for (const owner of SEATS) {
      const sealedPlan = campOf(owner) !== first
      const m = markers(owner)
      for (const [name, who] of Object.entries(everyone)) {
        if (!who || who === users[owner]) continue
        for (const mail of s.mails(who.email)) {
          // Lines are wrapped in the text part: spaces and line ends are read as one space.
          const text = `${mail.parsed.text ?? ''}\n${mail.parsed.html || ''}`.replace(/\s+/g, ' ')
          for (const t of [...m.policy, ...(sealedPlan ? m.plan : [])])
            expect(text.includes(t), `${name}'s email finds "${t}"`).toBe(false)
          if (sealedPlan) expect(text).not.toMatch(new RegExp(`${owner}[^<]{0,40}reveals its plan`))
        }
      }
      // The control: a revealed plan is in the teammate's your-phase email, in the words the search looks for.
      if (!sealedPlan) {
        const others = SEATS.filter((x) => x !== owner && campOf(x) === first).flatMap((x) => s.mails(users[x].email))
        const told = others.map((mail) => `${mail.parsed.text ?? ''}`.replace(/\s+/g, ' ')).join('\n')
        expect(told).toContain(m.plan[2])
        expect(told).toMatch(new RegExp(`${owner}[^<]{0,40}reveals its plan`))
      }
      for (const p of posts) for (const t of m.policy) expect(p).not.toContain(t)
      if (sealedPlan) for (const p of posts) for (const t of m.plan) expect(p).not.toContain(t)
    }
  }, 240_000)
})

describe('Real Battle: the reveals', () => {
  it("the other camp's plans open at its own phase ①; an attack opens the target's defence only", async () => {
    const referee = await register(s.app, 'Referee')
    const id = await newGame('Reveals', referee)
    for (const seat of SEATS) await submit(id, SEAT_USER()[seat], await deployText(id, seat))
    // Left to the dice, the ATs may not come within reach in the turns played. The game master puts each pair
    // four hexes apart on an open column, face to face, so the first camp's attack step has attacks: a
    // correction, which reveals nothing (docs/moderation.md).
    const placing = {
      kind: 'adjust',
      text: ['A1 move 0801 facing S', 'B1 move 0805 facing N', 'A2 move 1101 facing S', 'B2 move 1105 facing N'].join(
        '\n',
      ),
      reason: 'face to face, so that an attack reveals a defence',
    }
    const preview = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/corrections/preview`,
      headers: as(referee),
      payload: placing,
    })
    expect(preview.statusCode, preview.body).toBe(200)
    const placed = await s.app.inject({
      method: 'POST',
      url: `/games/${id}/corrections`,
      headers: as(referee, { 'if-match': `"${preview.json().seq}"` }),
      payload: placing,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const users = SEAT_USER()
    const everyone = { ...users, eve, anonymous: null } as Record<string, User | null>
    const v0 = (await get(`/games/${id}/view`, null)).json().view
    const first = v0.first as 'A' | 'B'
    const second = first === 'A' ? 'B' : 'A'
    const events = async (after = 0) =>
      (
        (await get(`/games/${id}/log?after=${after}&limit=500`, null)).json().entries as Array<Record<string, unknown>>
      ).flatMap((e) =>
        (((e.payload as { events?: Ev[] } | null)?.events ?? []) as Ev[]).map((ev) => ({
          ...ev,
          seq: e.seq as number,
        })),
      )
    // Each seat's later plans, all different, and different from the pre-game ones (within each pilot's base).
    const LATER: Record<Seat, Plan> = {
      A1: { acc: 1, dec: 0, atk: 3, def: 2 },
      A2: { acc: 2, dec: 0, atk: 1, def: 2 },
      B1: { acc: 0, dec: 1, atk: 2, def: 3 },
      B2: { acc: 0, dec: 2, atk: 1, def: 3 },
    }
    let planChecked = false
    let refusedEarly = false

    let secondRevealedAt: number | null = null
    let attack: { seq: number; before: number; target: string; def: number } | null = null
    for (let round = 0; round < 60 && !(attack && secondRevealedAt); round++) {
      const game = (await get(`/games/${id}`, alice)).json()
      if (game.status !== 'ACTIVE') break
      const p = game.pending[0] as { step: string; seats: Seat[] }
      const before = game.logSeq as number
      let declared: { target: string } | null = null
      for (const seat of p.seats) {
        const opts = (await get(`/games/${id}/options?seat=${seat}`, users[seat])).json().options
        const lines: string[] = []
        type Opts = {
          at: Seat
          action?: { speedChoices: number[] }
          attacks?: Array<{ target: string; weapon: string }>
          plan?: object
        }
        for (const at of opts.ats as Opts[]) {
          if (p.step === 'action' && at.action) {
            const choices = at.action.speedChoices as number[]
            if (choices.length > 1) lines.push(`${at.at} speed ${Math.max(...choices)}`)
          }
          if (p.step === 'attack' && at.attacks?.length && !declared) {
            const a = at.attacks[0]!
            lines.push(`${at.at} fire ${a.target} ${a.weapon}`)
            declared = { target: a.target }
          }
          const later = LATER[at.at as Seat]
          if (p.step === 'plan' && at.plan)
            lines.push(`${at.at} plan ${later.acc} ${later.dec} ${later.atk} ${later.def}`)
        }
        // Acting out of turn: an attack in the action step, before it is time, is refused naming the rule and
        // changes nothing.
        if (p.step === 'action' && !refusedEarly) {
          const enemy = SEATS.find((x) => campOf(x) !== campOf(seat))!
          const weapon = campOf(seat) === 'A' ? (seat === 'A1' ? 'ss' : 'hmg') : seat === 'B1' ? 'hmg' : 'ss'
          const early = await send(id, users[seat], `${seat} fire ${enemy} ${weapon}`)
          expect(early.statusCode, early.body).toBe(422)
          expect(early.json().errors[0].rule).toMatch(/^(RB-[\d.]+|STEP)$/)
          expect(await logSeq(id)).toBe(before)
          refusedEarly = true
        }
        await submit(id, users[seat], lines.length ? lines.join('\n') : 'pass')
        // The first planning phase: with one seat's plan in, and again once the phase resolves, nobody else
        // reads it (the markers look for the later plan). Until the phase
        // resolves the view rightly shows the plan revealed at this player-turn's phase ①.
        if (p.step === 'plan' && !planChecked) {
          for (const [name, who] of Object.entries(everyone)) {
            if (who === users[seat]) continue
            const opts = { plan: LATER[seat], viewOpen: true }
            expectSealed(await readAll(id, who, false), seat, name, opts)
          }
        }
      }
      if (p.step === 'plan' && !planChecked) {
        planChecked = true
        const planned = p.seats
        for (const seat of planned)
          for (const [name, who] of Object.entries(everyone)) {
            if (who === users[seat]) continue
            expectSealed(await readAll(id, who, false), seat, name, { plan: LATER[seat] })
          }
      }
      const after = await logSeq(id)
      const evs = (await events(before)).filter((e) => e.seq > before)
      // (An attack on a fallen AT, or one whose plan is already open, turns nothing up: RB-12.11.)
      const shown = evs.find((e) => e.type === 'defence-revealed')
      if (shown && !attack) {
        expect(shown.at).toBe(declared?.target)
        expect(Object.keys(shown).sort()).toEqual(['at', 'def', 'ref', 'seq', 'type'])
        attack = { seq: after, before, target: shown.at, def: shown.def }
      }
      if (!secondRevealedAt && evs.some((e) => e.type === 'plan-revealed' && campOf(e.at) === second))
        secondRevealedAt = after
    }

    // The second camp's pre-game plans opened at its first phase ①, for everyone, and not before.
    expect(secondRevealedAt, 'the second camp never began its player-turn').not.toBeNull()
    const revealed = (await events()).filter((e) => e.type === 'plan-revealed' && campOf(e.at) === second)
    for (const seat of SEATS.filter((x) => campOf(x) === second)) {
      const ev = revealed.find((e) => e.at === seat)!
      expect(ev).toMatchObject(PLANS[seat])
      for (const [name, who] of Object.entries(everyone)) {
        const then = (await get(`/games/${id}/view?at=${ev.seq}`, who)).json().view
        if (then)
          expect(
            then.ats.find((a: { id: string }) => a.id === seat),
            name,
          ).toMatchObject({ plan: PLANS[seat] })
        const justBefore = await get(`/games/${id}/view?at=${ev.seq - 1}`, who)
        if (who !== users[seat] && justBefore.status === 200)
          expect(
            justBefore.json().view.ats.find((a: { id: string }) => a.id === seat),
            name,
          ).toMatchObject({
            plan: null,
            planSealed: true,
          })
      }
    }

    // The first attack on an AT turned its defence up (RB-12.11): the view shows `defence`, not the plan or
    // the action PP, to everyone but its seat; before the attack it showed none of them.
    expect(planChecked && refusedEarly).toBe(true)
    expect(attack, 'no attack could be made within the turns played').not.toBeNull()
    const { target, def, seq, before } = attack!
    const at = (v: { ats: AtRead[] }) => v.ats.find((a) => a.id === target)!
    // The control: its seat reads the plan whose defence was turned up.
    const owner = users[target as Seat]
    expect(at((await get(`/games/${id}/view?at=${seq}`, owner)).json().view).plan?.def).toBe(def)
    let readers = 0
    for (const [name, who] of Object.entries(everyone)) {
      if (who === owner) continue
      const nowRes = await get(`/games/${id}/view?at=${seq}`, who)
      const wasRes = await get(`/games/${id}/view?at=${before}`, who)
      const current = (await get(`/games/${id}/view`, who)).json().view
      if (at(current).planSealed) expect(at(current), name).toMatchObject({ plan: null, actionPp: null })
      // Past positions are for the game's players until it is over: a stranger or anonymous reader is refused.
      if (name === 'eve' || name === 'anonymous') {
        if (nowRes.status !== 200) {
          expect([401, 403]).toContain(nowRes.status)
          continue
        }
      }
      const now = nowRes.json().view
      const was = wasRes.json().view
      readers++
      expect(at(was), name).toMatchObject({ plan: null, actionPp: null, defence: null, planSealed: true })
      expect(at(now), name).toMatchObject({ plan: null, actionPp: null, defence: def, planSealed: true })
    }
    expect(readers).toBeGreaterThanOrEqual(3)
  }, 300_000)
})
