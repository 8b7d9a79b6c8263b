// Email preferences, one-click unsubscribe (RFC 8058: List-Unsubscribe-Post sends a POST), and the
// emails sent to you with their delivery state (a refused address shows up here as 'failed').
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { htmlPage } from '../schemas/media.js'
import { problems } from '../schemas/problem.js'
import {
  checkUnsubscribeLink,
  notificationsOf,
  preferencesOf,
  unsubscribe,
  updatePreferences,
} from '../../notify/preferences.js'
import { mailSecret } from '../../config.js'
import { forgetAccount } from '../plugins/auth.js'

const Preferences = Type.Object({
  timeZone: Type.String({ description: 'IANA time zone for deadlines in emails, e.g. Europe/London' }),
  locale: Type.Union([Type.Literal('en'), Type.Literal('ja')], {
    description: 'The language of your emails: en (English) or ja (Japanese)',
  }),
  notifyYourPhase: Type.Boolean({ description: 'An email when it is your phase' }),
  notifyReminders: Type.Boolean({ description: 'A reminder before a deadline' }),
  notifyEveryPhase: Type.Boolean({ description: "An email after every phase, also the opponent's" }),
  notifyMessages: Type.Boolean({
    description: 'An email for each message another player writes to you in a game (docs/messages.md)',
  }),
  digest: Type.Boolean({
    description: 'One email a day instead of one per event (reminders and your-phase still come at once)',
  }),
  reminderHours: Type.Integer({
    minimum: 1,
    maximum: 72,
    description: 'Hours before a deadline the reminder goes out',
  }),
  subscribed: Type.Boolean({
    description: 'false after an unsubscribe: no game email at all; set true to receive again',
  }),
})

const PreferencesPatch = Type.Partial(Preferences, { additionalProperties: false })

const NotificationStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('skipped'),
])

const NotificationItem = Type.Object({
  id: Type.String({ description: 'notification id (a decimal integer)' }),
  kind: Type.String({ description: 'your-phase, reminder, phase-resolved, game-over, deadline, verify-email, reply…' }),
  gameId: Type.Union([Type.String(), Type.Null()]),
  seq: Type.Union([Type.Integer(), Type.Null()], { description: 'the log position the email was made at' }),
  status: Type.String({
    description: 'queued (not sent yet, or being retried), sent, failed (given up: see lastError), skipped',
  }),
  attempts: Type.Integer({ description: 'sending attempts so far' }),
  lastError: Type.Union([Type.String(), Type.Null()], { description: "the mail server's last refusal or error" }),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
})

const NotificationsQuery = Type.Object(
  {
    status: Type.Optional(NotificationStatus),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    before: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,18}$',
        description: 'the `next` of the previous page: only older notifications',
      }),
    ),
  },
  { additionalProperties: false },
)

const NotificationsPage = Type.Object({
  notifications: Type.Array(NotificationItem),
  next: Type.Union([Type.String(), Type.Null()], {
    description: 'pass as `before` for the next (older) page; null on the last page',
  }),
})

const UnsubscribeQuery = Type.Object({
  u: Type.String({ format: 'uuid' }),
  t: Type.String({ minLength: 1, maxLength: 64 }),
})

export const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058 one-click unsubscribe POSTs a form body ("List-Unsubscribe=One-Click"), as does the page's
  // button; what it says does not matter, the signed link does.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, body),
  )
  const secret = mailSecret(app.config)

  app.get(
    '/me/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Your email preferences',
        security: [{ bearer: [] }],
        response: { 200: Preferences, ...problems(401) },
      },
    },
    async (request) => preferencesOf(app.db, request.viewer!.sub),
  )

  app.patch(
    '/me/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Change your email preferences (only the fields sent)',
        security: [{ bearer: [] }],
        body: PreferencesPatch,
        response: { 200: Preferences, ...problems(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const updated = await updatePreferences(app.db, request.viewer!.sub, request.body)
      forgetAccount(request.viewer!.sub)
      return updated
    },
  )

  app.get(
    '/me/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary: 'The emails sent to you, newest first, with their delivery state (e.g. ?status=failed)',
        security: [{ bearer: [] }],
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { status, limit = 20, before } = request.query
      return notificationsOf(app.db, request.viewer!.sub, { status, limit, before })
    },
  )

  // A mail client's one-click unsubscribe, or the button on the page below.
  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['account'],
        summary: 'One-click unsubscribe (the List-Unsubscribe link of every game email)',
        querystring: UnsubscribeQuery,
        response: { 200: htmlPage('A page saying you are unsubscribed'), ...problems(400, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { u, t } = request.query
      await unsubscribe(app.db, secret, u, t)
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'You are unsubscribed',
            'You will get no more game emails from this server. ' +
              'To receive them again, set "subscribed": true with PATCH /me/preferences.',
          ),
        )
    },
  )

  // Following the link: a page with a button, since link scanners fetch links without asking.
  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['account'],
        summary: 'The unsubscribe page (a button that POSTs)',
        querystring: UnsubscribeQuery,
        response: { 200: htmlPage('A page with the unsubscribe button'), ...problems(400, 403) },
      },
    },
    async (request, reply) => {
      const { u, t } = request.query
      checkUnsubscribeLink(secret, u, t)
      const action = `/unsubscribe?u=${encodeURIComponent(u)}&t=${encodeURIComponent(t)}`
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe from hexmail emails?',
            `<form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
            true,
          ),
        )
    },
  )
}

function page(title: string, body: string, rawBody = false): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${esc(title)}</title></head>` +
    '<body style="font-family:sans-serif;max-width:36em;margin:2em auto;padding:0 1em">' +
    `<h1>${esc(title)}</h1>${rawBody ? body : `<p>${esc(body)}</p>`}</body></html>`
  )
}
