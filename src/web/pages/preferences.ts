// The preferences page: time zone, language, which emails, unsubscribe and resubscribe, vacations. It reads
// through the same use cases as GET /me/preferences and GET /me/vacations; the browser changes them through
// PATCH /me/preferences, POST /me/vacations and DELETE /me/vacations/:id.
import type { FastifyInstance } from 'fastify'
import { vacationBank } from '../../games/vacations.js'
import { LOCALES, translate } from '../../i18n/index.js'
import { preferencesOf } from '../../notify/preferences.js'
import { loginRedirect, pageViewer, renderPage } from '../context.js'

/** The IANA zones this runtime knows, with the reader's own first when it is not among them (e.g. an alias). */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone')
  const all = known.includes('UTC') ? known : ['UTC', ...known]
  return all.includes(current) ? all : [current, ...all]
}

const EMAIL_SWITCHES = ['notifyYourPhase', 'notifyReminders', 'notifyEveryPhase', 'digest'] as const

export async function preferencePages(app: FastifyInstance) {
  app.get(
    '/preferences',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          properties: { saved: { type: 'string', enum: ['preferences', 'subscription', 'vacation'] } },
        },
      },
    },
    async (request, reply) => {
      const viewer = await pageViewer(app, request)
      if (!viewer) return loginRedirect(request, reply)
      const prefs = await preferencesOf(app.db, viewer.id)
      const bank = await vacationBank(app.db, viewer.id, app.config.mail.vacationDaysPerYear)
      const { saved } = request.query as { saved?: string }
      const now = Date.now()
      const year = String(new Date().getUTCFullYear())
      return renderPage(app, request, reply, 'preferences', viewer, translate(viewer.locale, 'web-prefs', 'title'), {
        page: 'preferences',
        prefs,
        savedKey: saved ? `web-prefs:saved.${saved}` : null,
        zones: timeZones(prefs.timeZone).map((z) => ({ id: z, selected: z === prefs.timeZone })),
        languages: LOCALES.map((l) => ({ id: l, selected: l === prefs.locale, key: `web-prefs:language.${l}` })),
        switches: EMAIL_SWITCHES.map((id) => ({ id, on: prefs[id], key: `web-prefs:emails.${id}` })),
        vacations: bank.vacations.map((v) => ({ ...v, begun: new Date(v.startsAt).getTime() <= now })),
        daysPerYear: bank.daysPerYear,
        usedThisYear: bank.used[year] ?? 0,
        year,
      })
    },
  )
}
