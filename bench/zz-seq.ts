import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { loadConfig } from '../src/config.js'
import { buildApp } from '../src/http/app.js'
import { createDb } from '../src/store/db.js'
import { migrate } from '../src/store/migrate.js'
const ADMIN = 'postgresql://postgres@127.0.0.1:5432/postgres'
const a = new pg.Client({ connectionString: ADMIN }); await a.connect(); await a.query('DROP DATABASE IF EXISTS hexmail_zz WITH (FORCE)'); await a.query('CREATE DATABASE hexmail_zz'); await a.end()
const url = 'postgresql://postgres@127.0.0.1:5432/hexmail_zz'
await migrate(url)
const db = createDb(url, 20)
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' }), db })
await app.ready()
const reg = async (n: string) => (await app.inject({ method: 'POST', url: '/auth/register', payload: { email: `${n}@x.org`, name: n, password: 'password 12345' } })).json().accessToken
const fed = await reg('f'), zeon = await reg('z')
const g = (await app.inject({ method: 'POST', url: '/games', headers: { authorization: `Bearer ${fed}` }, payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } } })).json()
let next = (await app.inject({ method: 'POST', url: `/games/${g.id}/join`, headers: { authorization: `Bearer ${zeon}` }, payload: {} })).json().game.pending[0].seats[0]
const t: number[] = []
for (let i = 0; i < 40; i++) {
  const t0 = performance.now()
  const r = await app.inject({ method: 'POST', url: `/games/${g.id}/orders`, headers: { authorization: `Bearer ${next === 'FED' ? fed : zeon}` }, payload: { orders: [] } })
  t.push(performance.now() - t0)
  if (r.statusCode !== 200) { console.log(r.body); break }
  next = r.json().pending[0]?.seats[0]
  if (!next) break
}
console.log('orders ms', t.map((x) => x.toFixed(1)).join(' '))
const v: number[] = []
for (let i = 0; i < 20; i++) { const t0 = performance.now(); await app.inject({ method: 'GET', url: `/games/${g.id}/view`, headers: { authorization: `Bearer ${fed}` } }); v.push(performance.now() - t0) }
console.log('view ms', v.map((x) => x.toFixed(1)).join(' '))
const res = await app.inject({ method: 'GET', url: `/games/${g.id}/view`, headers: { authorization: `Bearer ${fed}` } })
console.log('view bytes', res.body.length)
await app.close(); await db.$disconnect()
