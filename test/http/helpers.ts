// HTTP test helpers: an app on a fresh database, users, and JSON requests through app.inject.
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../src/config.js'
import { buildApp } from '../../src/http/app.js'
import type { paths } from '../support/api-types.js'
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

// ---- typed requests: the answers as the OpenAPI document types them (test/support/api-types.ts) ----

/** The JSON body a route answers with `status`, as generated from the OpenAPI document. */
export type Answer<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never
  : never

export type GameSummary = Answer<'/games/{id}', 'get'>
export type GameView = Answer<'/games/{id}/view', 'get'>
export type SeatOptionsAnswer = Answer<'/games/{id}/options', 'get'>
export type LogPage = Answer<'/games/{id}/log', 'get'>
export type PreviewAnswer = Answer<'/games/{id}/orders/preview', 'post'>
export type VerifyReport = Answer<'/games/{id}/verify', 'get'>
export type Submitted = Answer<'/games/{id}/orders', 'post'>
export type ProblemAnswer = paths['/games/{id}']['get']['responses'][404]['content']['application/problem+json']

/** An answer: its status, its body typed as the route's 2xx answer (a problem otherwise), and the raw text. */
export interface Typed<T> {
  status: number
  body: T
  problem: ProblemAnswer | null
  raw: string
}

interface Request {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  payload?: object
}

async function typed<T>(app: FastifyInstance, request: Request): Promise<Typed<T>> {
  const res = await app.inject(request)
  const ok = res.statusCode < 300
  const body = res.body === '' ? null : res.json()
  return { status: res.statusCode, body: (ok ? body : null) as T, problem: ok ? null : body, raw: res.body }
}

type OrdersRequest = { orders?: unknown[]; text?: string; seat?: string; pass?: boolean }

/** The game routes, typed. `user` null: an observer. */
export const api = {
  game: (app: FastifyInstance, id: string, user: User | null, query = '') =>
    typed<GameSummary>(app, { method: 'GET', url: `/games/${id}${query}`, headers: as(user) }),
  view: (app: FastifyInstance, id: string, user: User | null) =>
    typed<GameView>(app, { method: 'GET', url: `/games/${id}/view`, headers: as(user) }),
  state: (app: FastifyInstance, id: string, user: User | null, at: number) =>
    typed<GameView>(app, { method: 'GET', url: `/games/${id}/state?at=${at}`, headers: as(user) }),
  options: (app: FastifyInstance, id: string, user: User, seat?: string) =>
    typed<SeatOptionsAnswer>(app, {
      method: 'GET',
      url: `/games/${id}/options${seat ? `?seat=${encodeURIComponent(seat)}` : ''}`,
      headers: as(user),
    }),
  log: (app: FastifyInstance, id: string, user: User | null, after = 0, limit = 100) =>
    typed<LogPage>(app, { method: 'GET', url: `/games/${id}/log?after=${after}&limit=${limit}`, headers: as(user) }),
  verify: (app: FastifyInstance, id: string, user: User | null, receipt?: string) =>
    typed<VerifyReport>(app, {
      method: 'GET',
      url: `/games/${id}/verify${receipt ? `?receipt=${encodeURIComponent(receipt)}` : ''}`,
      headers: as(user),
    }),
  preview: (app: FastifyInstance, id: string, user: User, body: OrdersRequest) =>
    typed<PreviewAnswer>(app, { method: 'POST', url: `/games/${id}/orders/preview`, headers: as(user), payload: body }),
  orders: (app: FastifyInstance, id: string, user: User, body: OrdersRequest, headers: Record<string, string> = {}) =>
    typed<Submitted>(app, { method: 'POST', url: `/games/${id}/orders`, headers: as(user, headers), payload: body }),
}
