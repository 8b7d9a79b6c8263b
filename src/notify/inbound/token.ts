// Reply tokens: the `+token` part of a notification's Reply-To address.
//
// The whole local part must fit in 64 octets (RFC 5321) and survive case folding, so the token holds only
// what the server cannot look up: the id of the outbox row that produced the email, an expiry and a MAC.
// The MAC also covers a binding (game, seat, step, user) that the caller rebuilds from that row, so a token
// copied onto another game, seat, step or player does not verify.
//
// Layout, 25 bytes = 40 base32 characters: id (uint64 big-endian) | exp (uint40, unix seconds) | mac (96 bits).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { base32Decode, base32Encode } from './base32.js'

const ID_BYTES = 8
const EXP_BYTES = 5
const MAC_BYTES = 12
const TOKEN_BYTES = ID_BYTES + EXP_BYTES + MAC_BYTES
export const TOKEN_LENGTH = (TOKEN_BYTES * 8) / 5
// Database ids are signed 64-bit (bigint): the largest one a token can name.
const MAX_ID = (1n << 63n) - 1n
const MAX_EXP = 2 ** (EXP_BYTES * 8) - 1
// Separates these MACs from anything else the same secret might sign.
const MAC_CONTEXT = 'hexmail.reply-token.v1'
// RFC 5321, 4.5.3.1.1.
const MAX_LOCAL_PART = 64

export interface ReplyTokenClaims {
  id: bigint
  exp: number
  binding: string
}

export interface ReadReplyToken {
  id: bigint
  exp: number
  /** Hex of the MAC carried by the token. */
  mac: string
}

export type ReplyTokenCheck = 'ok' | 'expired' | 'forged'

function macBytes(id: bigint, exp: number, binding: string, secret: string): Buffer {
  if (secret.length === 0) throw new RangeError('reply token secret is empty')
  return createHmac('sha256', secret)
    .update(`${MAC_CONTEXT}|${id}|${exp}|${binding}`, 'utf8')
    .digest()
    .subarray(0, MAC_BYTES)
}

export function makeReplyToken(claims: ReplyTokenClaims, secret: string): string {
  const { id, exp, binding } = claims
  if (id < 1n || id > MAX_ID) throw new RangeError(`reply token id out of range: ${id}`)
  if (!Number.isSafeInteger(exp) || exp < 0 || exp > MAX_EXP)
    throw new RangeError(`reply token expiry out of range: ${exp}`)
  const bytes = Buffer.alloc(TOKEN_BYTES)
  bytes.writeBigUInt64BE(id, 0)
  bytes.writeUIntBE(exp, ID_BYTES, EXP_BYTES)
  macBytes(id, exp, binding, secret).copy(bytes, ID_BYTES + EXP_BYTES)
  return base32Encode(bytes)
}

/** The token's fields, unverified; null when it cannot be a token at all. */
export function readReplyToken(token: string): ReadReplyToken | null {
  if (typeof token !== 'string') return null
  const text = token.trim().toLowerCase()
  if (text.length !== TOKEN_LENGTH) return null
  const decoded = base32Decode(text)
  if (decoded === null || decoded.length !== TOKEN_BYTES) return null
  const bytes = Buffer.from(decoded)
  const id = bytes.readBigUInt64BE(0)
  // A larger id names nothing (and must not reach a query as one).
  if (id < 1n || id > MAX_ID) return null
  return { id, exp: bytes.readUIntBE(ID_BYTES, EXP_BYTES), mac: bytes.subarray(ID_BYTES + EXP_BYTES).toString('hex') }
}

/** The MAC is checked first, so a token with an altered expiry is 'forged', never 'expired'. */
export function checkReplyToken(
  read: ReadReplyToken,
  binding: string,
  secret: string,
  nowSeconds: number,
): ReplyTokenCheck {
  const expected = macBytes(read.id, read.exp, binding, secret)
  const given = Buffer.from(read.mac, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged'
  return nowSeconds >= read.exp ? 'expired' : 'ok'
}

function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@')
  if (at <= 0 || at === address.length - 1) throw new RangeError(`not an email address: ${address}`)
  return { local: address.slice(0, at), domain: address.slice(at + 1) }
}

/** `play@host` and a token give `play+token@host`; throws when the local part would break RFC 5321. */
export function replyAddress(base: string, token: string): string {
  const { local, domain } = splitAddress(base.trim())
  const tokenLocal = `${local}+${token}`
  if (Buffer.byteLength(tokenLocal, 'utf8') > MAX_LOCAL_PART) {
    throw new RangeError(`reply address local part longer than ${MAX_LOCAL_PART} octets: ${tokenLocal}`)
  }
  return `${tokenLocal}@${domain}`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Every well-formed token addressed to `base` in header values (To, Cc, Delivered-To, X-Original-To)
 * or bare addresses. Case-insensitive, and display names, angle brackets and lists are allowed around it.
 */
export function tokensFromAddresses(addresses: readonly string[], base: string): string[] {
  const { local, domain } = splitAddress(base.trim())
  // The token must be the whole subaddress: not preceded by another local-part character, nor followed by
  // more of the domain (play+tok@host.evil.example is not ours); a final full stop is allowed.
  const pattern = new RegExp(
    `(?<![\\w.!#$%&'*+/=?^\`{|}~-])${escapeRegExp(local)}\\+([a-z2-7]+)@${escapeRegExp(domain)}(?![\\w-]|\\.[\\w-])`,
    'gi',
  )
  const found: string[] = []
  for (const text of addresses) {
    for (const match of text.matchAll(pattern)) {
      const token = match[1]?.toLowerCase()
      if (token !== undefined && readReplyToken(token) !== null && !found.includes(token)) found.push(token)
    }
  }
  return found
}

/** The first reply token among the addresses, or null. */
export function tokenFromAddresses(addresses: readonly string[], base: string): string | null {
  return tokensFromAddresses(addresses, base)[0] ?? null
}
