// The optional per-game webhook (Discord-compatible JSON: {"content": ...}) saying whose phase it is.
// Any player may set one, so in production it may not point into the server's own network (SSRF):
// the host must resolve to public addresses only, and redirects are not followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import type pg from 'pg'
import { inTransaction, poolOf, type Db } from '../store/db.js'
import { outboxProblem, type OutboxPayload } from '../store/outbox.js'

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true })

const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4')
// IPv6: unspecified, loopback, unique local, link-local, multicast, and the forms that carry an IPv4
// address inside (NAT64, 6to4, Teredo), which could reach a private IPv4 network.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6')

/** IPv4-mapped IPv6 (::ffff:a.b.c.d, in any spelling) as the IPv4 address it is. */
function unmapped(ip: string): string {
  if (isIP(ip) !== 6) return ip
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1)
  const m = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical)
  if (!m) return canonical
  const hi = parseInt(m[1]!, 16)
  const lo = parseInt(m[2]!, 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/** What the webhook posts for a step, or for a moderator's correction (Discord takes at most 2,000 characters). */
function webhookContent(publicUrl: string, row: { title: string; gameId: string; kind: string; payload: unknown }) {
  if (row.kind === 'moderation') {
    const m = row.payload as OutboxPayload<'moderation'>
    const reason = m.reason.length > 300 ? `${m.reason.slice(0, 299)}…` : m.reason
    return `**${row.title}**: ${m.moderator} ${m.action}. Reason: ${reason} ${publicUrl}/games/${row.gameId}/log`
  }
  const payload = row.payload as OutboxPayload<'step'>
  const sides = [...new Set(payload.pending.map((p) => p.side))].join(' and ')
  const step = payload.pending[0]?.description ?? ''
  const deadline = payload.deadline ? ` Deadline: ${payload.deadline.replace('T', ' ').slice(0, 16)} UTC.` : ''
  return (
    `**${row.title}**: ${sides || 'nobody'} to play${step ? ` (${step})` : ''}.${deadline} ` +
    `${publicUrl}/games/${row.gameId}`
  )
}

/** Loopback, private, link-local, shared, reserved and multicast addresses, however written. */
export function isPrivateAddress(ip: string): boolean {
  const address = unmapped(ip)
  const family = isIP(address)
  if (family === 0) return true
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * A DNS lookup for the webhook's connection that refuses private answers: the address checked is the
 * address connected to, so a name that resolves differently the second time (rebinding) gains nothing.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0)
    const list = addresses
    const bad = list.find((a) => isPrivateAddress(a.address))
    if (bad || list.length === 0) return callback(permanent(`webhook host ${hostname} is not a public address`), '', 0)
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

function post(url: URL, body: string, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'hexmail-webhook',
        },
        timeout: opts.timeoutMs,
        ...(opts.allowPrivate ? {} : { lookup: publicLookup }),
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`webhook did not answer within ${opts.timeoutMs} ms`)))
    req.on('error', reject)
    req.end(body)
  })
}

export interface WebhookOptions {
  timeoutMs?: number
  /** Allow loopback and private addresses (development, tests): never in production. */
  allowPrivate?: boolean
}

/**
 * Delivers webhook notification `id` once: the attempt is claimed under the row's lock (as emails are),
 * posted, and its outcome recorded. A second run finds it done.
 */
export async function deliverWebhook(
  db: Db,
  publicUrl: string,
  id: string,
  opts: WebhookOptions & { locks?: pg.Pool } = {},
): Promise<'posted' | 'none' | 'already-done'> {
  // The outcome is recorded and committed first; an error goes on to the job afterwards (retry, or the end).
  const outcome = await inTransaction(opts.locks ?? poolOf(db)!, async (client) => {
    const claimed = await client.query<{ outboxId: string }>(
      `UPDATE "Notification" SET attempts = attempts + 1
        WHERE id = $1::bigint AND status = 'queued' RETURNING "outboxId"::text`,
      [id],
    )
    if (claimed.rowCount === 0) return { done: 'already-done' as const }
    try {
      const result = await postWebhook(db, publicUrl, claimed.rows[0]!.outboxId, opts)
      await client.query(
        `UPDATE "Notification" SET status = 'sent', "sentAt" = now() AT TIME ZONE 'UTC', "lastError" = NULL
          WHERE id = $1::bigint`,
        [id],
      )
      return { done: result }
    } catch (e) {
      const failed = (e as { permanent?: boolean }).permanent === true
      await client.query(
        `UPDATE "Notification" SET "lastError" = $2${failed ? `, status = 'failed'` : ''} WHERE id = $1::bigint`,
        [id, (e as Error).message],
      )
      return { error: e as Error }
    }
  })
  if (outcome.error !== undefined) throw outcome.error
  return outcome.done
}

export async function postWebhook(
  db: Db,
  publicUrl: string,
  outboxId: string,
  opts: WebhookOptions = {},
): Promise<'posted' | 'none'> {
  const row = (
    await poolOf(db)!.query<{
      webhookUrl: string | null
      title: string
      gameId: string
      kind: string
      payload: unknown
    }>(
      `SELECT g."webhookUrl", g.title, g.id AS "gameId", o.kind, o.payload
         FROM "Outbox" o JOIN "Game" g ON g.id = o."gameId" WHERE o.id = $1::bigint`,
      [outboxId],
    )
  ).rows[0]
  if (!row?.webhookUrl) return 'none'
  const problem = outboxProblem(row.kind, row.payload)
  if (problem || (row.kind !== 'step' && row.kind !== 'game-over' && row.kind !== 'moderation'))
    throw permanent(`outbox row ${outboxId}: ${problem ?? `a "${row.kind}" row is not a step to announce`}`)
  const content = webhookContent(publicUrl, row)
  const url = new URL(row.webhookUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw permanent(`webhook URL must be http(s), got ${url.protocol}`)
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  if (!opts.allowPrivate && isIP(literal) && isPrivateAddress(literal))
    throw permanent(`webhook host ${literal} is not a public address`)
  const body = JSON.stringify({ content: content.slice(0, 2000), username: 'hexmail', allowed_mentions: { parse: [] } })
  const status = await post(url, body, {
    timeoutMs: opts.timeoutMs ?? 10_000,
    allowPrivate: opts.allowPrivate ?? false,
  })
  // Redirects are not followed (they could lead inside); 4xx other than 429 will not get better by
  // retrying; the job's attempts cover the rest.
  if (status >= 300 && status < 400) throw permanent(`webhook answered ${status} (redirects are not followed)`)
  if (status < 200 || status >= 300)
    throw Object.assign(new Error(`webhook answered ${status}`), {
      permanent: status >= 400 && status < 500 && status !== 429,
    })
  return 'posted'
}
