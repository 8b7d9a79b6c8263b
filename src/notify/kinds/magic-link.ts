// A sign-in link the reader asked for (src/auth/magic-links.ts): account mail, no unsubscribe link. The
// link opens the web page that asks "Sign in as …?" before the token is used (docs/sign-in-links.md).
import type { OutboxPayload } from '../../store/outbox.js'
import { openToken } from '../../auth/sealed-tokens.js'
import { composeEmail } from '../compose/index.js'
import { readerLocale, type Composer } from './core.js'
import { durationWords } from './position.js'

export const magicLink: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'magic-link'>
  const composed = composeEmail('magic-link', {
    recipient: env.recipient,
    signInUrl: `${env.ctx.publicUrl}/auth/magic?token=${encodeURIComponent(openToken(env.ctx.pageSecret, p.token))}`,
    expiresAt: p.expiresAt,
    validFor: durationWords(p.ttlMinutes * 60_000, readerLocale(env)),
  })
  return { composed }
}
