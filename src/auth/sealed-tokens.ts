// Tokens on their way to an email (a magic link, an address check) wait in the outbox until the worker
// writes the email. They are kept there sealed (AES-256-GCM under a key derived from the server's secret),
// so the database alone, in other hands, signs no one in. Pure crypto: the email layer opens them.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const PREFIX = 'sealed1.'

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`outbox-token:${secret}`).digest()
}

export function sealToken(secret: string, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

/** The token a sealed value holds. A value written before tokens were sealed is the token itself. */
export function openToken(secret: string, value: string): string {
  if (!value.startsWith(PREFIX)) return value
  const raw = Buffer.from(value.slice(PREFIX.length), 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}
