// POST /inbound/email: a raw RFC 822 message (a mail provider's inbound webhook, or a script), handled
// exactly like a reply arriving at the built-in SMTP listener.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { timingSafeEqual } from 'node:crypto'
import { handleInbound, replyContext } from '../../notify/reply.js'
import { isDataError } from '../../store/db.js'
import { badRequest, forbidden } from '../problems.js'
import { problems } from '../schemas/problem.js'

const MAX_BYTES = 1024 * 1024

/** How one reply was handled. */
const Handled = Type.Object({
  status: Type.String(),
  reason: Type.String(),
  messageId: Type.String(),
  answered: Type.Boolean(),
  seq: Type.Optional(Type.Integer()),
})

export const inboundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = replyContext(app.config, app.db)
  const key = app.config.mail.inboundKey
  for (const type of ['message/rfc822', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_req, body, done) => done(null, body))
  }
  app.addContentTypeParser('text/plain', { parseAs: 'buffer', bodyLimit: MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  )

  app.post(
    '/inbound/email',
    {
      bodyLimit: MAX_BYTES,
      schema: {
        tags: ['email'],
        summary:
          'Receive a reply with orders: ' +
          'the raw email (RFC 822) as message/rfc822, text/plain or application/octet-stream',
        description:
          'The reply address carries a signed token naming the game, the seat and the step; ' +
          'the sender must be that player. The sender is answered by email. When INBOUND_KEY is set, pass it as ?key=.',
        querystring: Type.Object({ key: Type.Optional(Type.String()) }),
        body: {
          content: {
            // Raw bytes: documented, not validated as JSON.
            'message/rfc822': { schema: Type.Unknown({ description: 'The raw email' }) },
            'text/plain': { schema: Type.Unknown({ description: 'The raw email' }) },
            'application/octet-stream': { schema: Type.Unknown({ description: 'The raw email' }) },
          },
        } as unknown as ReturnType<typeof Type.Unknown>,
        response: {
          200: Type.Object({
            ...Handled.properties,
            others: Type.Optional(
              Type.Array(Handled, {
                description: 'When the email answered several notifications: how each of the others was handled',
              }),
            ),
          }),
          ...problems(400, 403, 413, 415),
        },
      },
    },
    async (request) => {
      if (key) {
        const got = Buffer.from(request.query.key ?? '')
        const want = Buffer.from(key)
        if (got.length !== want.length || !timingSafeEqual(got, want))
          throw forbidden("this endpoint needs ?key= with the server's INBOUND_KEY")
      }
      const raw = request.body
      if (!Buffer.isBuffer(raw) || raw.length === 0)
        throw badRequest('send the raw email as the body (Content-Type: message/rfc822)', { field: 'body' })
      try {
        return await handleInbound(ctx, raw)
      } catch (e) {
        if (isDataError(e))
          throw badRequest('the email holds data the server cannot store; it was not processed', { field: 'body' })
        throw e
      }
    },
  )
}
