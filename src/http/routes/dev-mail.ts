// The built-in mail catcher's inbox (development only, when no SMTP_URL is set): every email the
// server sent, as the recipient would see it, images included.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { simpleParser, type ParsedMail } from 'mailparser'
import { notFound } from '../problems.js'
import { LogPosition } from '../schemas.js'

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const Id = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })

function shell(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title>` +
    `<style>body{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 1em}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4em;text-align:left}` +
    `iframe{width:100%;height:70vh;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1em}</style></head><body>${body}</body></html>`
}

/** From the message's header block (unfolded): the Reply-To address, what the email is about and its log position. */
function headersOf(raw: Buffer): { replyTo: string | null; kind: string | null; position: number | null } {
  const head = raw.subarray(0, 16_384).toString('latin1').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(head)?.[1]?.trim() ?? null
  const reply = header('Reply-To')
  const position = header('X-Hexmail-Position')
  return { replyTo: reply ? (/<([^>]+)>/.exec(reply)?.[1] ?? reply) : null, kind: header('X-Hexmail-Kind'), position: position ? Number(position) : null }
}

export const devMailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The caught mail holds every user's links and tokens: only this machine may read it, even when
  // the server listens on all interfaces.
  app.addHook('onRequest', async (request) => {
    const ip = request.socket.remoteAddress ?? ''
    if (!(ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip === '')) throw notFound(`no route ${request.method} ${request.url}`)
  })
  const load = async (id: string): Promise<{ parsed: ParsedMail; raw: Buffer; createdAt: Date }> => {
    const row = await app.db.caughtMail.findUnique({ where: { id: BigInt(id) } })
    if (!row) throw notFound(`no caught mail ${id}`)
    const raw = Buffer.from(row.raw)
    return { parsed: await simpleParser(raw, { keepCidLinks: true }), raw, createdAt: row.createdAt }
  }

  app.get('/dev/mail', { schema: { tags: ['development'], summary: 'The mail catcher: every email sent (development, no SMTP_URL)' } }, async (_request, reply) => {
    const rows = await app.db.caughtMail.findMany({ orderBy: { id: 'desc' }, take: 200, select: { id: true, toAddress: true, subject: true, createdAt: true } })
    const list = rows.map((r) => `<tr><td>${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${esc(r.toAddress)}</td><td><a href="/dev/mail/${r.id}">${esc(r.subject || '(no subject)')}</a></td></tr>`).join('')
    return reply.type('text/html; charset=utf-8').send(shell('hexmail: caught mail', `<h1>Caught mail</h1><p>Emails this development server sent (no SMTP_URL is set, so none left this machine). Newest first; <a href="/dev/mail.json">JSON</a>.</p>` +
      (rows.length ? `<table><tr><th>sent (UTC)</th><th>to</th><th>subject</th></tr>${list}</table>` : '<p>Nothing yet: register, or play a phase.</p>')))
  })

  app.get('/dev/mail.json', {
    schema: {
      tags: ['development'], summary: 'The caught mail as JSON (newest first), with each Reply-To (where orders by reply go)',
      querystring: Type.Object({
        to: Type.Optional(Type.String({ description: 'Only mail to this address' })),
        kind: Type.Optional(Type.String({ description: 'Only this kind (your-phase, reminder, reply, verify-email…)' })),
        position: Type.Optional(LogPosition({ description: 'Only mail made at this log position' })),
      }),
    },
  }, async (request) => {
    const { kind, position } = request.query
    const to = request.query.to?.toLowerCase()
    const rows = await app.db.caughtMail.findMany({ where: to ? { toAddress: { contains: to, mode: 'insensitive' } } : {}, orderBy: { id: 'desc' }, take: 500 })
    const messages = rows.map((r) => ({
      id: String(r.id), to: r.toAddress, subject: r.subject, createdAt: r.createdAt.toISOString(), url: `/dev/mail/${r.id}`, raw: `/dev/mail/${r.id}/raw`,
      ...headersOf(Buffer.from(r.raw)),
    }))
    return { messages: messages.filter((m) => (kind === undefined || m.kind === kind) && (position === undefined || m.position === position)).slice(0, 200) }
  })

  app.get('/dev/mail/:id', { schema: { tags: ['development'], summary: 'One caught email, as its recipient sees it', params: Id } }, async (request, reply) => {
    const { id } = request.params
    const { parsed } = await load(id)
    const addr = (a: ParsedMail['to']) => esc([a ?? []].flat().map((x) => x.text).join(', '))
    // Inline images are served from their own URLs so the HTML renders with them.
    const html = (parsed.html || '').replace(/(["'(])cid:([^"')]+)/g, (_m, q: string, cid: string) => `${q}/dev/mail/${id}/cid/${encodeURIComponent(cid)}`)
    const body = `<p><a href="/dev/mail">← all mail</a> · <a href="/dev/mail/${id}/raw">raw</a></p><h1>${esc(parsed.subject ?? '')}</h1>` +
      `<table><tr><th>From</th><td>${addr(parsed.from)}</td></tr><tr><th>To</th><td>${addr(parsed.to)}</td></tr>` +
      `<tr><th>Reply-To</th><td>${addr(parsed.replyTo)}</td></tr><tr><th>Date</th><td>${esc(parsed.date?.toISOString() ?? '')}</td></tr></table>` +
      (html ? `<h2>HTML</h2><iframe sandbox="allow-popups" srcdoc="${esc(html)}"></iframe>` : '') +
      `<h2>Text</h2><pre>${esc(parsed.text ?? '')}</pre>` +
      parsed.attachments.map((a) => `<p>attachment: ${esc(a.filename ?? a.cid ?? 'unnamed')} (${esc(a.contentType)}, ${a.size} bytes)</p>`).join('')
    return reply.type('text/html; charset=utf-8').send(shell(parsed.subject ?? 'mail', body))
  })

  app.get('/dev/mail/:id/raw', { schema: { tags: ['development'], summary: 'One caught email as sent (RFC 822)', params: Id } }, async (request, reply) => {
    const { raw } = await load(request.params.id)
    return reply.type('message/rfc822').header('content-disposition', `inline; filename="mail-${request.params.id}.eml"`).send(raw)
  })

  app.get('/dev/mail/:id/cid/:cid', { schema: { tags: ['development'], summary: 'An inline image of a caught email', params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }), cid: Type.String() }) } }, async (request, reply) => {
    const { parsed } = await load(request.params.id)
    const part = parsed.attachments.find((a) => a.cid === request.params.cid || a.contentId === `<${request.params.cid}>`)
    if (!part) throw notFound(`no inline part ${request.params.cid}`)
    return reply.type(part.contentType).send(part.content)
  })
}
