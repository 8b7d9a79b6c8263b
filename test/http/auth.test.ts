// Accounts and sessions end to end, through the HTTP API and a real database.
import { createHash } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { createTestDb, type TestDb } from '../support/db.js'

let t: TestDb
let app: FastifyInstance
beforeAll(async () => {
  t = await createTestDb()
})
afterEach(async () => app?.close())
afterAll(async () => t?.drop())

async function start(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test' }), ...overrides }, db: t.db })
  return app
}

let n = 0
const uniqueEmail = (name = 'player') => `${name}${++n}@example.org`
const PASSWORD = 'correct horse battery'
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload })
const me = (accessToken: string) =>
  app.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${accessToken}` } })

async function registered(email = uniqueEmail()) {
  const res = await post('/auth/register', { email, name: 'Ada', password: PASSWORD })
  expect(res.statusCode).toBe(201)
  return res.json() as {
    user: { id: string; email: string }
    accessToken: string
    refreshToken: string
    verification: { sent: boolean; note: string; verifyToken?: string }
  }
}

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  return res.json() as { status: number; detail: string; errors?: { field: string; message: string }[] }
}

describe('register, login, /me', () => {
  it('registers a PLAYER with a lower-cased email, signs in with any case, and shows the account', async () => {
    await start()
    const reg = await post('/auth/register', {
      email: 'Ada.Lovelace@Example.ORG',
      name: 'Ada',
      password: PASSWORD,
      timeZone: 'europe/paris',
    })
    expect(reg.statusCode).toBe(201)
    const body = reg.json()
    expect(body.user).toMatchObject({
      email: 'ada.lovelace@example.org',
      name: 'Ada',
      role: 'PLAYER',
      timeZone: 'Europe/Paris',
      emailVerifiedAt: null,
    })
    expect(body.user).not.toHaveProperty('passwordHash')
    expect(body.verification).toMatchObject({ sent: true })
    expect(body.verification.verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(app.jwt.decode(body.accessToken)).toMatchObject({ sub: body.user.id, role: 'PLAYER' })

    const login = await post('/auth/login', { email: 'ADA.LOVELACE@example.org', password: PASSWORD })
    expect(login.statusCode).toBe(200)
    expect(login.json().user.id).toBe(body.user.id)
    expect(login.json().refreshToken).not.toBe(body.refreshToken)

    const who = await me(login.json().accessToken)
    expect(who.statusCode).toBe(200)
    expect(who.json()).toEqual(body.user)
    expect(who.body).not.toMatch(/passwordHash|argon2/)
  })

  it('refuses /me without a token, with a forged one, and with an expired one', async () => {
    await start()
    const { user } = await registered()
    expectProblem(await app.inject({ method: 'GET', url: '/me' }), 401)
    const other = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), jwtSecret: 'another secret entirely' },
      db: t.db,
    })
    try {
      expectProblem(await me(other.jwt.sign({ sub: user.id, role: 'ADMIN' })), 401)
    } finally {
      await other.close()
    }
    // fast-jwt computes exp from a given iat: an hour ago plus the 15-minute lifetime is long past.
    const claims = { sub: user.id, role: 'PLAYER', iat: Math.floor(Date.now() / 1000) - 3600 } as {
      sub: string
      role: 'PLAYER'
    }
    const expired = app.jwt.sign(claims)
    const problem = expectProblem(await me(expired), 401)
    expect(problem.detail).toMatch(/expired/)
  })

  it('refuses a token once it expires, though it was accepted a moment before (verified tokens are kept)', async () => {
    await start()
    const { user } = await registered()
    // Issued so that it expires within two seconds: exp is iat plus the configured lifetime.
    const iat = Math.floor(Date.now() / 1000) - app.config.accessTokenTtlSeconds + 2
    const token = app.jwt.sign({ sub: user.id, role: 'PLAYER', iat } as { sub: string; role: 'PLAYER' })
    const exp = (app.jwt.decode(token) as { exp: number }).exp
    expect((await me(token)).statusCode).toBe(200)
    expect((await me(token)).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50))
    expect(expectProblem(await me(token), 401).detail).toMatch(/expired/)
  })

  it('refuses a token in use within a second of its account being deleted elsewhere', async () => {
    await start()
    const { user, accessToken } = await registered()
    expect((await me(accessToken)).statusCode).toBe(200)
    expect((await me(accessToken)).statusCode).toBe(200)
    // Deleted by another process: this one is not told, and sees it when its kept account lapses (1 s).
    await t.db.refreshToken.deleteMany({ where: { userId: user.id } })
    await t.db.user.delete({ where: { id: user.id } })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(expectProblem(await me(accessToken), 401).detail).toMatch(/no longer exists/)
  })

  it("takes the account's role now, not the token's: a demoted admin loses it within a second", async () => {
    await start()
    const owner = await registered()
    const game = await app.inject({
      method: 'POST',
      url: '/games',
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', private: true },
    })
    expect(game.statusCode).toBe(201)
    const url = `/games/${(game.json() as { id: string }).id}`
    const staff = await registered()
    await t.sql(`UPDATE "User" SET role = 'ADMIN' WHERE id = $1`, [staff.user.id])
    const signedIn = await post('/auth/login', { email: staff.user.email, password: PASSWORD })
    const adminToken = (signedIn.json() as { accessToken: string }).accessToken
    const look = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } })
    expect((await look()).statusCode).toBe(200) // an admin sees a private game
    // Demoted by another process: this one is not told, and sees it when its kept account lapses (1 s),
    // although the token still says ADMIN for the rest of its life.
    await t.sql(`UPDATE "User" SET role = 'PLAYER' WHERE id = $1`, [staff.user.id])
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await look()).statusCode).toBe(404)
  })

  it('does not hand out the verification token in production', async () => {
    await start({ env: 'production' })
    const body = await registered()
    expect(body.verification.sent).toBe(true)
    expect(body.verification).not.toHaveProperty('verifyToken')
  })
})

describe('register refuses', () => {
  it('a taken email, whatever its case, with 409', async () => {
    await start()
    const email = uniqueEmail('dup')
    await registered(email)
    const again = expectProblem(
      await post('/auth/register', { email: email.toUpperCase(), name: 'Other', password: PASSWORD }),
      409,
    )
    expect(again.detail).toContain(email)
  })

  it.each([
    ['email', { email: 'not-an-email', name: 'Ada', password: PASSWORD }],
    ['password', { email: 'short@example.org', name: 'Ada', password: 'nine char' }],
    ['name', { email: 'long@example.org', name: 'x'.repeat(61), password: PASSWORD }],
    ['name', { email: 'blank@example.org', name: '   ', password: PASSWORD }],
    ['timeZone', { email: 'tz@example.org', name: 'Ada', password: PASSWORD, timeZone: 'Mars/Olympus_Mons' }],
  ])('a bad %s with 400 naming the field', async (field, body) => {
    await start()
    const problem = expectProblem(await post('/auth/register', body), 400)
    expect(problem.errors?.[0]?.field).toBe(`body/${field}`)
    expect(problem.detail).toContain(field)
  })
})

describe('login refuses', () => {
  it('a wrong password and an unknown email alike, with 401', async () => {
    await start()
    const { user } = await registered()
    const wrongPassword = expectProblem(
      await post('/auth/login', { email: user.email, password: 'wrong password!' }),
      401,
    )
    const unknownEmail = expectProblem(
      await post('/auth/login', { email: 'nobody@example.org', password: PASSWORD }),
      401,
    )
    expect(wrongPassword.detail).toBe(unknownEmail.detail)
  })

  it('an account whose stored hash cannot be decoded, like a wrong password, with 401', async () => {
    await start()
    const { user } = await registered()
    await t.sql(`UPDATE "User" SET "passwordHash" = 'x' WHERE id = $1`, [user.id])
    const refused = expectProblem(await post('/auth/login', { email: user.email, password: PASSWORD }), 401)
    const unknownEmail = expectProblem(
      await post('/auth/login', { email: 'nobody@example.org', password: PASSWORD }),
      401,
    )
    expect(refused.detail).toBe(unknownEmail.detail)
  })
})

describe('refresh tokens', () => {
  it('rotate: the old token is refused afterwards, and presenting it again signs out its whole family', async () => {
    await start()
    const { refreshToken: first } = await registered()
    const rotated = await post('/auth/refresh', { refreshToken: first })
    expect(rotated.statusCode).toBe(200)
    const second = rotated.json().refreshToken as string
    expect(second).not.toBe(first)
    expect((await me(rotated.json().accessToken)).statusCode).toBe(200)

    expectProblem(await post('/auth/refresh', { refreshToken: first }), 401)
    const afterTheft = expectProblem(await post('/auth/refresh', { refreshToken: second }), 401)
    expect(afterTheft.detail).toMatch(/already used/)
    const family = await t.sql(
      `SELECT count(*)::int AS live FROM "RefreshToken"
        WHERE family = (SELECT family FROM "RefreshToken" WHERE "tokenHash" = $1) AND "revokedAt" IS NULL`,
      [sha256(first)],
    )
    expect(family.rows[0].live).toBe(0)
  })

  it('leave other sessions of the same user alone when one family is revoked', async () => {
    await start()
    const { user, refreshToken: phone } = await registered()
    const laptop = (await post('/auth/login', { email: user.email, password: PASSWORD })).json().refreshToken as string
    await post('/auth/refresh', { refreshToken: phone })
    await post('/auth/refresh', { refreshToken: phone })
    expect((await post('/auth/refresh', { refreshToken: laptop })).statusCode).toBe(200)
  })

  it('allow one of two concurrent refreshes with the same token, then treat the pair as theft', async () => {
    await start()
    const { refreshToken } = await registered()
    const results = await Promise.all([
      post('/auth/refresh', { refreshToken }),
      post('/auth/refresh', { refreshToken }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401])
    const winner = results.find((r) => r.statusCode === 200)?.json().refreshToken as string
    expectProblem(await post('/auth/refresh', { refreshToken: winner }), 401)
  })

  it('expire', async () => {
    await start()
    const { refreshToken } = await registered()
    await t.sql(`UPDATE "RefreshToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [
      sha256(refreshToken),
    ])
    expect(expectProblem(await post('/auth/refresh', { refreshToken }), 401).detail).toMatch(/expired/)
  })

  it('are refused when unknown', async () => {
    await start()
    expectProblem(await post('/auth/refresh', { refreshToken: 'A'.repeat(43) }), 401)
  })
})

describe('logout', () => {
  it('revokes the session, including the tokens rotated from it', async () => {
    await start()
    const { refreshToken: first } = await registered()
    const second = (await post('/auth/refresh', { refreshToken: first })).json().refreshToken as string
    const out = await post('/auth/logout', { refreshToken: second })
    expect(out.statusCode).toBe(204)
    expect(out.body).toBe('')
    expectProblem(await post('/auth/refresh', { refreshToken: second }), 401)
    expect((await post('/auth/logout', { refreshToken: second })).statusCode).toBe(204)
    expect((await post('/auth/logout', { refreshToken: 'never issued' })).statusCode).toBe(204)
  })
})

describe('email verification', () => {
  it('verifies once with the token handed out at registration', async () => {
    await start()
    const { user, accessToken, verification } = await registered()
    const token = verification.verifyToken as string
    const stored = await t.sql(`SELECT "verifyTokenHash" FROM "User" WHERE id = $1`, [user.id])
    expect(stored.rows[0].verifyTokenHash).toBe(sha256(token))

    const ok = await post('/auth/verify-email', { token })
    expect(ok.statusCode).toBe(200)
    expect(Date.parse(ok.json().user.emailVerifiedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await me(accessToken)).json().emailVerifiedAt).toBe(ok.json().user.emailVerifiedAt)

    const twice = expectProblem(await post('/auth/verify-email', { token }), 400)
    expect(twice.errors?.[0]?.field).toBe('body/token')
    const after = await t.sql(`SELECT "verifyTokenHash" FROM "User" WHERE id = $1`, [user.id])
    expect(after.rows[0].verifyTokenHash).toBeNull()
  })
})

describe('rate limit', () => {
  it('answers 429 with Retry-After once an address has used its per-minute budget on /auth', async () => {
    await start({ authRateLimit: 3 })
    for (let i = 0; i < 3; i++)
      expect((await post('/auth/login', { email: 'x@example.org', password: 'guess number ' + i })).statusCode).toBe(
        401,
      )
    const limited = expectProblem(await post('/auth/login', { email: 'x@example.org', password: PASSWORD }), 429)
    expect(limited.status).toBe(429)
    expect(
      Number(
        await post('/auth/login', { email: 'x@example.org', password: PASSWORD }).then((r) => r.headers['retry-after']),
      ),
    ).toBeGreaterThan(0)
    // One budget for every /auth route; other routes are not counted.
    expectProblem(await post('/auth/register', { email: uniqueEmail(), name: 'Ada', password: PASSWORD }), 429)
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })
})

describe('storage', () => {
  it('keeps passwords as argon2id hashes and refresh tokens only as SHA-256 hashes', async () => {
    await start()
    const { user, refreshToken } = await registered()
    const rotated = (await post('/auth/refresh', { refreshToken })).json().refreshToken as string

    const u = await t.sql(`SELECT "passwordHash", u::text AS row FROM "User" u WHERE id = $1`, [user.id])
    expect(u.rows[0].passwordHash).toMatch(/^\$argon2id\$v=19\$/)
    expect(u.rows[0].row).not.toContain(PASSWORD)

    const tokens = await t.sql(`SELECT "tokenHash", r::text AS row FROM "RefreshToken" r WHERE "userId" = $1`, [
      user.id,
    ])
    expect(tokens.rows.map((r) => r.tokenHash).sort()).toEqual([sha256(refreshToken), sha256(rotated)].sort())
    for (const row of tokens.rows) {
      expect(row.row).not.toContain(refreshToken)
      expect(row.row).not.toContain(rotated)
    }
  })
})

describe('password cost', () => {
  it('re-hashes a password with the configured cost at the next successful login', async () => {
    await start()
    const { user } = await registered()
    await app.close()
    await start({ passwordHashing: { memoryCostKib: 2048, timeCost: 2 } })
    expect((await post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200)
    const u = await t.sql(`SELECT "passwordHash" FROM "User" WHERE id = $1`, [user.id])
    expect(u.rows[0].passwordHash).toMatch(/^\$argon2id\$v=19\$m=2048,t=2,p=1\$/)
    expect((await post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200)
  })
})

describe('OpenAPI', () => {
  it('documents every auth route with its body and responses', async () => {
    await start()
    await app.ready()
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>
    }
    for (const path of ['/auth/register', '/auth/login', '/auth/refresh', '/auth/logout', '/auth/verify-email']) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined()
      expect(Object.keys(doc.paths[path]?.post?.responses ?? {}), path).toContain('429')
    }
    expect(Object.keys(doc.paths['/me']?.get?.responses ?? {})).toEqual(['200', '401'])
  })
})
