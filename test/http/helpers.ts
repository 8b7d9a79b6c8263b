// HTTP test helpers: an app on a fresh database, users, and JSON requests through app.inject.
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import { createTestDb, type TestDb } from '../support/db.js'

export interface TestApp {
  app: FastifyInstance
  t: TestDb
  close: () => Promise<void>
}

export async function startApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestDb()
  const config = loadConfig({ NODE_ENV: 'test', AUTH_RATE_LIMIT: '1000', ...env })
  const app = await buildApp({ config, db: t.db })
  await app.ready()
  return {
    app,
    t,
    close: async () => {
      await app.close()
      await t.drop()
    },
  }
}

export interface User {
  id: string
  token: string
  email: string
  name: string
}

let counter = 0
export async function register(app: FastifyInstance, name: string): Promise<User> {
  counter++
  const email = `${name.toLowerCase()}.${process.pid}.${counter}@example.org`
  const res = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, name, password: 'correct horse battery' },
  })
  if (res.statusCode !== 201) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`)
  const body = res.json()
  return { id: body.user.id, token: body.accessToken, email, name }
}

export function as(user: User | null, headers: Record<string, string> = {}): Record<string, string> {
  return user ? { authorization: `Bearer ${user.token}`, ...headers } : headers
}
