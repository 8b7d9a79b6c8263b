// The optional per-game webhook (Discord-compatible JSON: {"content": ...}) saying whose phase it is.
import { poolOf, type Db } from '../store/db.js'

export async function postWebhook(db: Db, publicUrl: string, outboxId: string, timeoutMs = 10_000): Promise<'posted' | 'none'> {
  const row = (await poolOf(db)!.query<{ webhookUrl: string | null; title: string; gameId: string; payload: { pending?: Array<{ side: string; description: string }>; deadline?: string | null } }>(
    `SELECT g."webhookUrl", g.title, g.id AS "gameId", o.payload FROM "Outbox" o JOIN "Game" g ON g.id = o."gameId" WHERE o.id = $1::bigint`, [outboxId])).rows[0]
  if (!row?.webhookUrl) return 'none'
  const sides = [...new Set((row.payload.pending ?? []).map((p) => p.side))].join(' and ')
  const step = row.payload.pending?.[0]?.description ?? ''
  const deadline = row.payload.deadline ? ` Deadline: ${row.payload.deadline.replace('T', ' ').slice(0, 16)} UTC.` : ''
  const content = `**${row.title}**: ${sides || 'nobody'} to play${step ? ` (${step})` : ''}.${deadline} ${publicUrl}/games/${row.gameId}`
  const res = await fetch(row.webhookUrl, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: content.slice(0, 2000), username: 'hexmail', allowed_mentions: { parse: [] } }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  // 4xx other than 429 will not get better by retrying; the job's attempts cover the rest.
  if (!res.ok) throw Object.assign(new Error(`webhook answered ${res.status}`), { permanent: res.status >= 400 && res.status < 500 && res.status !== 429 })
  return 'posted'
}
