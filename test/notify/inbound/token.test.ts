import { describe, expect, it } from 'vitest'
import {
  checkReplyToken,
  makeReplyToken,
  readReplyToken,
  replyAddress,
  tokenFromAddresses,
} from '../../../src/notify/inbound/token.js'

const SECRET = 'test-secret-4b1d0c2e9f'
const BINDING = 'game-7f3a|FED|42|user-19'
const EXP = 1_796_000_000 // 2026-11-30
const BASE = 'play@hexmail.example'
const MAX_U64 = (1n << 64n) - 1n
const MAX_PG_BIGINT = (1n << 63n) - 1n

function token(id = 1234n, exp = EXP, binding = BINDING, secret = SECRET): string {
  return makeReplyToken({ id, exp, binding }, secret)
}

function read(text: string): NonNullable<ReturnType<typeof readReplyToken>> {
  const result = readReplyToken(text)
  if (result === null) throw new Error(`unreadable token ${text}`)
  return result
}

describe('reply token round trip', () => {
  it.each([1n, 1234n, MAX_PG_BIGINT])('reads back id %s with its expiry, and verifies', (id) => {
    const result = read(token(id))
    expect(result.id).toBe(id)
    expect(result.exp).toBe(EXP)
    expect(result.mac).toMatch(/^[0-9a-f]{24}$/)
    expect(checkReplyToken(result, BINDING, SECRET, EXP - 1)).toBe('ok')
  })

  it('is deterministic and differs between ids', () => {
    expect(token(7n)).toBe(token(7n))
    expect(token(7n)).not.toBe(token(8n))
  })

  it('survives upper-casing by a mail system', () => {
    expect(checkReplyToken(read(token().toUpperCase()), BINDING, SECRET, EXP - 1)).toBe('ok')
  })
})

describe('forged tokens', () => {
  const genuine = read(token())

  it('a changed id is forged', () => {
    expect(checkReplyToken({ ...genuine, id: genuine.id + 1n }, BINDING, SECRET, EXP - 1)).toBe('forged')
  })

  it('a changed expiry is forged, not expired or extended', () => {
    expect(checkReplyToken({ ...genuine, exp: EXP + 86_400 }, BINDING, SECRET, EXP - 1)).toBe('forged')
    expect(checkReplyToken({ ...genuine, exp: EXP - 86_400 }, BINDING, SECRET, EXP - 1)).toBe('forged')
  })

  it.each([
    ['another game', 'game-0000|FED|42|user-19'],
    ['another seat', 'game-7f3a|ZEON|42|user-19'],
    ['another step', 'game-7f3a|FED|43|user-19'],
    ['another user', 'game-7f3a|FED|42|user-20'],
  ])('a token bound to %s is forged', (_what, binding) => {
    expect(checkReplyToken(genuine, binding, SECRET, EXP - 1)).toBe('forged')
  })

  it('a token made with another secret is forged', () => {
    expect(checkReplyToken(read(token(1234n, EXP, BINDING, 'other-secret')), BINDING, SECRET, EXP - 1)).toBe('forged')
  })

  it('a token with one character changed is forged', () => {
    const text = token()
    const last = text.at(-1) === 'a' ? 'b' : 'a'
    expect(checkReplyToken(read(text.slice(0, -1) + last), BINDING, SECRET, EXP - 1)).toBe('forged')
  })

  it('a MAC of the wrong length is forged', () => {
    expect(checkReplyToken({ ...genuine, mac: genuine.mac.slice(2) }, BINDING, SECRET, EXP - 1)).toBe('forged')
  })
})

describe('expiry', () => {
  it('is valid until the expiry second and expired from it on', () => {
    const genuine = read(token())
    expect(checkReplyToken(genuine, BINDING, SECRET, EXP - 1)).toBe('ok')
    expect(checkReplyToken(genuine, BINDING, SECRET, EXP)).toBe('expired')
    expect(checkReplyToken(genuine, BINDING, SECRET, EXP + 3600)).toBe('expired')
  })
})

describe('token shape', () => {
  it('is lowercase base32 and fits an address local part for a 64-bit id', () => {
    const text = token(MAX_PG_BIGINT, 2 ** 40 - 1)
    expect(text).toMatch(/^[a-z2-7]{40}$/)
    const address = replyAddress(BASE, text)
    expect(address).toBe(`play+${text}@hexmail.example`)
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64)
  })

  it.each([
    ['empty', ''],
    ['too short', 'abc'],
    ['one character short', 'a'.repeat(39)],
    ['one character long', 'b'.repeat(41)],
    ['digits outside base32', '0189' + 'a'.repeat(36)],
    ['punctuation', 'a'.repeat(39) + '!'],
    ['id zero', 'a'.repeat(40)],
  ])('reads %s as null', (_what, text) => {
    expect(readReplyToken(text)).toBeNull()
  })

  it('reads a non-string as null', () => {
    expect(readReplyToken(undefined as unknown as string)).toBeNull()
  })

  it.each([
    ['id zero', { id: 0n, exp: EXP }],
    ['negative id', { id: -1n, exp: EXP }],
    ['id over 64 bits', { id: MAX_U64 + 1n, exp: EXP }],
    ["id over the database's signed 64 bits", { id: MAX_PG_BIGINT + 1n, exp: EXP }],
    ['fractional expiry', { id: 1n, exp: 1.5 }],
    ['negative expiry', { id: 1n, exp: -1 }],
    ['expiry over 40 bits', { id: 1n, exp: 2 ** 40 }],
  ])('refuses to make a token with %s', (_what, claims) => {
    expect(() => makeReplyToken({ ...claims, binding: BINDING }, SECRET)).toThrow(RangeError)
  })

  it('refuses an empty secret', () => {
    expect(() => makeReplyToken({ id: 1n, exp: EXP, binding: BINDING }, '')).toThrow(RangeError)
  })

  it('refuses a base whose local part leaves no room for the token', () => {
    expect(() => replyAddress(`${'p'.repeat(24)}@hexmail.example`, token())).toThrow(RangeError)
    expect(replyAddress(`${'p'.repeat(23)}@hexmail.example`, token())).toMatch(/^p{23}\+[a-z2-7]{40}@hexmail\.example$/)
    expect(() => replyAddress('no-at-sign', token())).toThrow(RangeError)
  })
})

describe('tokenFromAddresses', () => {
  const text = token()
  const other = token(99n)

  it.each([
    ['a bare address', [`play+${text}@hexmail.example`]],
    ['a display name', [`"Hexmail, game 7" <play+${text}@hexmail.example>`]],
    ['upper case', [`Hexmail <PLAY+${text.toUpperCase()}@HEXMAIL.EXAMPLE>`]],
    ['a list of addresses', [`Char <char@example.org>, Hexmail <play+${text}@hexmail.example>`]],
    ['a later header', ['amuro@example.org', `play+${text}@hexmail.example`]],
    ['a trailing full stop', [`play+${text}@hexmail.example.`]],
  ])('finds the token in %s', (_what, addresses) => {
    expect(tokenFromAddresses(addresses, BASE)).toBe(text)
  })

  it('takes the first of two tokens', () => {
    expect(tokenFromAddresses([`play+${other}@hexmail.example`, `play+${text}@hexmail.example`], BASE)).toBe(other)
  })

  it('skips a malformed token for a well-formed one', () => {
    expect(tokenFromAddresses([`play+abc@hexmail.example, play+${text}@hexmail.example`], BASE)).toBe(text)
  })

  it.each([
    ['no addresses', []],
    ['the plain base', ['play@hexmail.example']],
    ['another domain', [`play+${text}@example.org`]],
    ['a longer domain', [`play+${text}@hexmail.example.evil.org`]],
    ['another local part', [`replay+${text}@hexmail.example`]],
    ['a malformed token', ['play+notatoken@hexmail.example']],
    ['a token with an extra character', [`play+${text}a@hexmail.example`]],
  ])('finds nothing in %s', (_what, addresses) => {
    expect(tokenFromAddresses(addresses, BASE)).toBeNull()
  })
})
