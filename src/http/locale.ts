// The language a request is answered in, where answers have one (refused orders): the signed-in
// account's locale (GET/PATCH /me/preferences); English for a request without an account.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/index.js'
import { preferencesOf } from '../notify/preferences.js'

export async function readerLocale(app: FastifyInstance, request: FastifyRequest): Promise<Locale> {
  const userId = request.viewer?.sub
  if (!userId) return DEFAULT_LOCALE
  // Read with the account when its token was checked (plugins/auth.ts): no second query.
  if (request.viewerLocale !== null && request.viewer)
    return isLocale(request.viewerLocale) ? request.viewerLocale : DEFAULT_LOCALE
  try {
    return (await preferencesOf(app.db, userId)).locale
  } catch (e) {
    request.log.debug({ err: e }, 'no locale for the signed-in account: answering in English')
    return DEFAULT_LOCALE
  }
}
