// The address check sent on registration: the one email that has no unsubscribe link.
import { openToken } from '../../auth/sealed-tokens.js'
import { composeEmail } from '../compose/index.js'
import type { Composer } from './core.js'

const WEEK_MS = 7 * 86_400_000

export const verifyEmail: Composer = async (env, n) => {
  const token = openToken(env.ctx.pageSecret, String(n.payload.token))
  const composed = composeEmail('verify-email', {
    recipient: env.recipient,
    token,
    verifyUrl: `${env.ctx.publicUrl}/auth/verify?token=${encodeURIComponent(token)}`,
    expiresAt: String(n.payload.expiresAt ?? new Date(Date.now() + WEEK_MS).toISOString()),
  })
  return { composed }
}
