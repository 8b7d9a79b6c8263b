// The optional per-game webhook (Discord-compatible JSON: {"content": ...}) saying whose phase it is.
// Any player may set one, so in production it may not point into the server's own network (SSRF):
// the host must resolve to public addresses only, and redirects are not followed.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { poolOf, type Db } from '../store/db.js'

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true })

/** Loopback, private, link-local, shared and unspecified addresses (IPv4, IPv6, IPv4-mapped IPv6). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return isPrivateAddress(mapped[1]!)
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number) as [number, number]
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224
  }
  const v6 = ip.toLowerCase()
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6)
}

async function checkPublic(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address)
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw permanent(`webhook host ${host} is not a public address`)
}

export interface WebhookOptions {
  timeoutMs?: number
  /** Allow loopback and private addresses (development, tests): never in production. */
  allowPrivate?: boolean
}

export async function postWebhook(db: Db, publicUrl: string, outboxId: string, opts: WebhookOptions = {}): Promise<'posted' | 'none'> {
  const row = (await poolOf(db)!.query<{ webhookUrl: string | null; title: string; gameId: string; payload: { pending?: Array<{ side: string; description: string }>; deadline?: string | null } }>(
    `SELECT g."webhookUrl", g.title, g.id AS "gameId", o.payload FROM "Outbox" o JOIN "Game" g ON g.id = o."gameId" WHERE o.id = $1::bigint`, [outboxId])).rows[0]
  if (!row?.webhookUrl) return 'none'
  const sides = [...new Set((row.payload.pending ?? []).map((p) => p.side))].join(' and ')
  const step = row.payload.pending?.[0]?.description ?? ''
  const deadline = row.payload.deadline ? ` Deadline: ${row.payload.deadline.replace('T', ' ').slice(0, 16)} UTC.` : ''
  const content = `**${row.title}**: ${sides || 'nobody'} to play${step ? ` (${step})` : ''}.${deadline} ${publicUrl}/games/${row.gameId}`
  const url = new URL(row.webhookUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw permanent(`webhook URL must be http(s), got ${url.protocol}`)
  if (!opts.allowPrivate) await checkPublic(url)
  const res = await fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, redirect: 'manual',
    body: JSON.stringify({ content: content.slice(0, 2000), username: 'hexmail', allowed_mentions: { parse: [] } }),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  })
  if (res.status >= 300 && res.status < 400) throw permanent(`webhook answered ${res.status} (redirects are not followed)`)
  // 4xx other than 429 will not get better by retrying; the job's attempts cover the rest.
  if (!res.ok) throw Object.assign(new Error(`webhook answered ${res.status}`), { permanent: res.status >= 400 && res.status < 500 && res.status !== 429 })
  return 'posted'
}
