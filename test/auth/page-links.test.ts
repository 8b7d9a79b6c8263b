// Signed page links: a token opens the one page it was made for, for its user, until it expires.
import { describe, expect, it } from 'vitest'
import { pageUrl, signPageLink, signedPath, verifyPageLink } from '../../src/auth/page-links.js'

const SECRET = 'jwt-secret-for-page-links'
const USER = '00000000-0000-4000-8000-00000000a11c'
const NOW = new Date('2026-12-04T12:00:00Z')
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)

describe('signPageLink and verifyPageLink', () => {
  const token = signPageLink(SECRET, USER, '/g/42', 3600, NOW)

  it('give the user back on the page it was made for, before it expires', () => {
    expect(verifyPageLink(SECRET, token, '/g/42', NOW)).toBe(USER)
    expect(verifyPageLink(SECRET, token, '/g/42', later(3599))).toBe(USER)
    // The request's own URL, with the token in it, is the same page.
    expect(verifyPageLink(SECRET, token, `/g/42?login=${token}`, NOW)).toBe(USER)
  })

  it('refuse another page', () => {
    for (const path of ['/g/43', '/g/42/replay', '/g/42?x=1', '/g/4', '/', '/g/42/'])
      expect(verifyPageLink(SECRET, token, path, NOW), path).toBeNull()
  })

  it('refuse a tampered token', () => {
    const [uid, exp, sig] = token.split('.') as [string, string, string]
    const other = Buffer.from('00000000-0000-4000-8000-000000000b0b').toString('base64url')
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1)
    for (const bad of [
      `${other}.${exp}.${sig}`,
      `${uid}.${(parseInt(exp, 36) + 86_400).toString(36)}.${sig}`,
      `${uid}.${exp}.${flipped}`,
      `${uid}.${exp}`,
      `${uid}.${exp}.${sig}.x`,
      '',
    ])
      expect(verifyPageLink(SECRET, bad, '/g/42', NOW), bad).toBeNull()
  })

  it('refuse an expired token', () => {
    expect(verifyPageLink(SECRET, token, '/g/42', later(3600))).toBeNull()
    expect(verifyPageLink(SECRET, token, '/g/42', later(86_400))).toBeNull()
  })

  it('refuse a token made with another secret', () => {
    expect(verifyPageLink('another-secret', token, '/g/42', NOW)).toBeNull()
    expect(verifyPageLink(SECRET, signPageLink('another-secret', USER, '/g/42', 3600, NOW), '/g/42', NOW)).toBeNull()
  })

  it('refuse to sign anything but a path of this site', () => {
    for (const path of ['https://evil.example/g/1', '//evil.example/g/1', 'g/1'])
      expect(() => signPageLink(SECRET, USER, path, 60, NOW), path).toThrow(/path of this site/)
  })
})

describe('pageUrl', () => {
  it('puts the token in the query, before the fragment, and signs what the server will see', () => {
    const url = new URL(pageUrl('https://hexmail.example.org', SECRET, USER, '/g/42#orders', { now: NOW }))
    expect(url.origin + url.pathname).toBe('https://hexmail.example.org/g/42')
    expect(url.hash).toBe('#orders')
    const login = url.searchParams.get('login')!
    expect(verifyPageLink(SECRET, login, url.pathname + url.search, NOW)).toBe(USER)
    // 72 hours by default.
    expect(verifyPageLink(SECRET, login, '/g/42', later(72 * 3600 - 1))).toBe(USER)
    expect(verifyPageLink(SECRET, login, '/g/42', later(72 * 3600))).toBeNull()
  })

  it('adds &login= to a path with a query, and the query stays part of what is signed', () => {
    const text = pageUrl('http://h.test', SECRET, USER, '/g/42/verify?receipt=9%3Aab', { ttlSeconds: 60, now: NOW })
    expect(text).toMatch(/^http:\/\/h\.test\/g\/42\/verify\?receipt=9%3Aab&login=[\w-]+\.[0-9a-z]+\.[\w-]{43}$/)
    const url = new URL(text)
    const login = url.searchParams.get('login')!
    expect(verifyPageLink(SECRET, login, url.pathname + url.search, NOW)).toBe(USER)
    expect(verifyPageLink(SECRET, login, '/g/42/verify?receipt=10%3Aab', NOW)).toBeNull()
    expect(verifyPageLink(SECRET, login, '/g/42/verify', NOW)).toBeNull()
  })

  it('signedPath: the query without login, in one spelling, and no fragment', () => {
    expect(signedPath('/g/1?a=1&login=x&b=%3A#log')).toBe('/g/1?a=1&b=%3A')
    expect(signedPath('/g/1?login=x')).toBe('/g/1')
    expect(signedPath('//evil.example/')).toBeNull()
  })
})
