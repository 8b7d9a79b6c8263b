// The language a request is answered in, where answers have one (refused orders): the signed-in
// account's locale (GET/PATCH /me/preferences); English for a request without an account.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/index.js'
import { preferencesOf } from '../notify/preferences.js'

export async function readerLocale(app: FastifyInstance, request: FastifyRequest): Promise<Locale> {
  const known = knownReaderLocale(request)
  if (known !== undefined) return known
  const userId = request.viewer!.sub
  try {
    return (await preferencesOf(app.db, userId)).locale
  } catch (e) {
    request.log.debug({ err: e }, 'no locale for the signed-in account: answering in English')
    return DEFAULT_LOCALE
  }
}

/**
 * The reader's language when the request says it already (no account; or an account identified by its
 * token, read with it in plugins/auth.ts), else undefined: readerLocale without a promise, for hot routes.
 */
export function knownReaderLocale(request: FastifyRequest): Locale | undefined {
  if (!request.viewer?.sub) return DEFAULT_LOCALE
  if (request.viewerLocale !== null) return isLocale(request.viewerLocale) ? request.viewerLocale : DEFAULT_LOCALE
  return undefined
}
