// Who is looking at a page, and what every page's template is given: the reader's account, language and
// time zone, the session's CSRF token, and the bundle's names.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { catalogues, isLocale, translate, type Locale } from '../i18n/index.js'
import { checkedNext } from '../auth/magic-links.js'
import { forbidden } from '../http/problems.js'
import { webAssets } from './assets.js'
import { csrfOk, csrfToken, SESSION_COOKIE, sessionUser } from '../auth/web-sessions.js'

export interface PageViewer {
  id: string
  name: string
  email: string
  role: 'PLAYER' | 'MODERATOR' | 'ADMIN'
  locale: Locale
  timeZone: string
}

/** The signed-in reader (by the session cookie, or a bearer token), or null. A bad token reads as nobody. */
export async function pageViewer(app: FastifyInstance, request: FastifyRequest): Promise<PageViewer | null> {
  if (!request.viewer) {
    try {
      await app.identify(request)
    } catch {
      return null
    }
  }
  if (!request.viewer) return null
  const user = await app.db.user.findUnique({
    where: { id: request.viewer.sub },
    select: { id: true, name: true, email: true, role: true, locale: true, timeZone: true },
  })
  if (!user) return null
  return { ...user, locale: isLocale(user.locale) ? user.locale : 'en' }
}

/** The language of a page for someone not signed in: the browser's first choice we have. */
export function browserLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language']
  if (typeof header !== 'string') return 'en'
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase()
    if (tag.startsWith('ja')) return 'ja'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}

export interface PageContext {
  viewer: PageViewer | null
  locale: Locale
  timeZone: string
  csrf: string | null
  assets: { js: string; css: string }
  title: string
  path: string
  [key: string]: unknown
}

export async function pageContext(
  app: FastifyInstance,
  request: FastifyRequest,
  viewer: PageViewer | null,
  title: string,
  extra: Record<string, unknown> = {},
): Promise<PageContext> {
  const assets = await webAssets()
  const session = request.webSession ?? request.cookies?.[SESSION_COOKIE]
  const locale = viewer?.locale ?? browserLocale(request)
  const titleKey = `title.${title}`
  return {
    viewer,
    locale,
    titleText: catalogues().exists(titleKey, { ns: 'web', lng: locale }) ? translate(locale, 'web', titleKey) : title,
    page: title,
    timeZone: viewer?.timeZone ?? 'UTC',
    csrf: session && viewer ? csrfToken(app.config.jwtSecret, session) : null,
    assets: { js: `/assets/${assets.js.name}`, css: `/assets/${assets.css.name}` },
    title,
    path: request.url.split('?')[0]!,
    // Where a sign-in from this page comes back to (not to the sign-in pages themselves).
    here: /^\/(login|register|auth\/)/.test(request.url) ? '/' : safeNext(withoutLogin(request.url)),
    isModerator: viewer?.role === 'ADMIN' || viewer?.role === 'MODERATOR',
    ...extra,
  }
}

export async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
  viewer: PageViewer | null,
  title: string,
  extra: Record<string, unknown> = {},
  status = 200,
) {
  // <body data-page> names the template, whatever the page's title.
  const context = await pageContext(app, request, viewer, title, { page, ...extra })
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .view(`pages/${page}`, context)
}

/** A same-site path to go back to after signing in; anything else goes home. */
/** The address without its `login` parameter (a signed link's token never travels on). */
export function withoutLogin(url: string): string {
  const parsed = new URL(url, 'http://x.invalid')
  parsed.searchParams.delete('login')
  return parsed.pathname + parsed.search
}

export function safeNext(next: unknown): string {
  if (typeof next !== 'string') return '/'
  try {
    // The same check as a magic link's `next`: no control characters or spaces (browsers drop a tab, which
    // turns "/\t/evil.example" into "//evil.example"), no backslash, never another origin.
    return checkedNext(next) ?? '/'
  } catch {
    return '/'
  }
}

export function loginRedirect(request: FastifyRequest, reply: FastifyReply) {
  return reply.redirect(`/login?next=${encodeURIComponent(safeNext(withoutLogin(request.url)))}`, 303)
}

/**
 * A form posted from one of our pages. With a session cookie, its CSRF token must be in the body's `_csrf`;
 * without one (sign in, register), the browser must say the form came from this site.
 */
export async function formViewer(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const session = request.cookies?.[SESSION_COOKIE]
  const user = session ? await sessionUser(app.db, session) : null
  const body = (request.body ?? {}) as Record<string, unknown>
  if (user && session) {
    if (!csrfOk(app.config.jwtSecret, session, body._csrf))
      throw forbidden('this form is missing its CSRF token or it is stale: reload the page and send it again')
    request.viewer = user
    request.webSession = session
    return user.sub
  }
  if (!sameOrigin(request))
    throw forbidden("this form was not sent from one of this server's pages: open the page and send it again")
  return null
}

function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string') return site === 'same-origin' || site === 'none'
  const origin = request.headers.origin
  if (typeof origin !== 'string') return true // not a browser: a form from another site always carries Origin
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}
