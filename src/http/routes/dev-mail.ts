// The built-in mail catcher's inbox (development only, when no SMTP_URL is set): every email the
// server sent, as the recipient would see it, images included.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { ParsedMail } from 'mailparser'
import { caughtMail, caughtMailPage, type CaughtFilter } from '../../notify/caught-mail.js'
import { fromThisMachine } from '../loopback.js'
import { notFound } from '../problems.js'
import { binary, htmlPage } from '../schemas/media.js'
import { problems } from '../schemas/problem.js'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const Id = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) })

function shell(title: string, body: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${esc(title)}</title>` +
    '<style>body{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 1em}' +
    'table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4em;text-align:left}' +
    'iframe{width:100%;height:70vh;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:1em}' +
    `</style></head><body>${body}</body></html>`
  )
}

const PAGE_MAX = 200
const Paging = {
  before: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,18}$', description: 'Only mail older than this id (the `next` link gives it)' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: PAGE_MAX, description: `Messages per page (default 50, at most ${PAGE_MAX})` }),
  ),
}
const Listed = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  createdAt: Type.String(),
  url: Type.String(),
  raw: Type.String(),
  replyTo: Type.Union([Type.String(), Type.Null()]),
  kind: Type.Union([Type.String(), Type.Null()]),
  position: Type.Union([Type.Integer(), Type.Null()]),
})

export const devMailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The caught mail holds every user's links and tokens: only this machine may read it, even when
  // the server listens on all interfaces, and not through a proxy on this machine either (a proxy
  // connects from loopback on behalf of anyone, and says so in these headers).
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request.socket.remoteAddress, request.headers))
      throw notFound(`no route ${request.method} ${request.url.split('?')[0]}`)
  })
  const load = (id: string) => caughtMail(app.db, id)
  const page = (filter: CaughtFilter, before: string | undefined, limit: number) =>
    caughtMailPage(app.db, filter, before, limit)

  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'The mail catcher: every email sent (development, no SMTP_URL)',
        querystring: Type.Object({ before: Paging.before }),
        response: { 200: htmlPage('The list of caught mail'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const rows = await page({}, request.query.before, 100)
      const list = rows
        .map(
          (r) =>
            `<tr><td>${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td>` +
            `<td>${esc(r.toAddress)}</td><td>${esc(r.kind ?? '')}</td>` +
            `<td><a href="/dev/mail/${r.id}">${esc(r.subject || '(no subject)')}</a></td></tr>`,
        )
        .join('')
      const older = rows.length === 100 ? `<p><a href="/dev/mail?before=${rows.at(-1)!.id}">older mail →</a></p>` : ''
      return reply
        .type('text/html; charset=utf-8')
        .send(
          shell(
            'hexmail: caught mail',
            '<h1>Caught mail</h1><p>Emails this development server sent ' +
              '(no SMTP_URL is set, so none left this machine). Newest first; <a href="/dev/mail.json">JSON</a>.</p>' +
              (rows.length
                ? `<table><tr><th>sent (UTC)</th><th>to</th><th>kind</th><th>subject</th></tr>${list}</table>${older}`
                : '<p>Nothing yet: register, or play a phase.</p>'),
          ),
        )
    },
  )

  app.get(
    '/dev/mail.json',
    {
      schema: {
        tags: ['development'],
        summary:
          'The caught mail as JSON, newest first, a page at a time, with each Reply-To (where orders by reply go)',
        querystring: Type.Object({
          to: Type.Optional(
            Type.String({
              maxLength: 254,
              pattern: '^[^\\u0000-\\u001f\\u007f]*$',
              description: 'Only mail to this address (or part of one)',
            }),
          ),
          kind: Type.Optional(
            Type.String({
              pattern: '^[a-z][a-z-]{0,39}$',
              description: 'Only this kind (your-phase, reminder, reply, verify-email…)',
            }),
          ),
          position: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'Only mail made at this log position' }),
          ),
          ...Paging,
        }),
        response: {
          200: Type.Object({
            messages: Type.Array(Listed),
            next: Type.Union([Type.String(), Type.Null()], {
              description: 'The next (older) page, or null at the end',
            }),
          }),
          ...problems(400, 404),
        },
      },
    },
    async (request) => {
      const { kind, position, before } = request.query
      const to = request.query.to?.toLowerCase()
      const limit = request.query.limit ?? 50
      const rows = await page({ to, kind, position }, before, limit)
      const messages = rows.map((r) => ({
        id: String(r.id),
        to: r.toAddress,
        subject: r.subject,
        createdAt: r.createdAt.toISOString(),
        url: `/dev/mail/${r.id}`,
        raw: `/dev/mail/${r.id}/raw`,
        replyTo: r.replyTo,
        kind: r.kind,
        position: r.position,
      }))
      const query = new URLSearchParams({
        ...(to ? { to } : {}),
        ...(kind ? { kind } : {}),
        ...(position !== undefined ? { position: String(position) } : {}),
        limit: String(limit),
      })
      const next = rows.length === limit ? `/dev/mail.json?${query.toString()}&before=${rows.at(-1)!.id}` : null
      return { messages, next }
    },
  )

  app.get(
    '/dev/mail/:id',
    {
      schema: {
        tags: ['development'],
        summary: 'One caught email, as its recipient sees it',
        params: Id,
        response: { 200: htmlPage('The email: headers, its HTML and its text'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { parsed } = await load(id)
      const addr = (a: ParsedMail['to']) =>
        esc(
          [a ?? []]
            .flat()
            .map((x) => x.text)
            .join(', '),
        )
      // Inline images are served from their own URLs so the HTML renders with them.
      const html = (parsed.html || '').replace(
        /(["'(])cid:([^"')]+)/g,
        (_m, q: string, cid: string) => `${q}/dev/mail/${id}/cid/${encodeURIComponent(cid)}`,
      )
      const body =
        `<p><a href="/dev/mail">← all mail</a> · <a href="/dev/mail/${id}/raw">raw</a></p>` +
        `<h1>${esc(parsed.subject ?? '')}</h1>` +
        `<table><tr><th>From</th><td>${addr(parsed.from)}</td></tr><tr><th>To</th><td>${addr(parsed.to)}</td></tr>` +
        `<tr><th>Reply-To</th><td>${addr(parsed.replyTo)}</td></tr>` +
        `<tr><th>Date</th><td>${esc(parsed.date?.toISOString() ?? '')}</td></tr></table>` +
        (html ? `<h2>HTML</h2><iframe sandbox="allow-popups" srcdoc="${esc(html)}"></iframe>` : '') +
        `<h2>Text</h2><pre>${esc(parsed.text ?? '')}</pre>` +
        parsed.attachments
          .map(
            (a) =>
              `<p>attachment: ${esc(a.filename ?? a.cid ?? 'unnamed')} (${esc(a.contentType)}, ${a.size} bytes)</p>`,
          )
          .join('')
      return reply.type('text/html; charset=utf-8').send(shell(parsed.subject ?? 'mail', body))
    },
  )

  app.get(
    '/dev/mail/:id/raw',
    {
      schema: {
        tags: ['development'],
        summary: 'One caught email as sent (RFC 822)',
        params: Id,
        response: { 200: binary('message/rfc822', 'The email as sent'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { raw } = await load(request.params.id)
      return reply
        .type('message/rfc822')
        .header('content-disposition', `inline; filename="mail-${request.params.id}.eml"`)
        .send(raw)
    },
  )

  app.get(
    '/dev/mail/:id/cid/:cid',
    {
      schema: {
        tags: ['development'],
        summary: 'An inline image of a caught email',
        params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }), cid: Type.String() }),
        response: { 200: binary('image/*', 'The image, in its own type'), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const { parsed } = await load(request.params.id)
      const part = parsed.attachments.find(
        (a) => a.cid === request.params.cid || a.contentId === `<${request.params.cid}>`,
      )
      if (!part) throw notFound(`no inline part ${request.params.cid}`)
      return reply.type(part.contentType).send(part.content)
    },
  )
}
