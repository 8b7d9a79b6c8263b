// The configuration read from the environment: defaults taken from other variables, and bad values refused.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'

describe('PUBLIC_URL', () => {
  it('gives the mail addresses their domain: the From and the reply address use its host', () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://play.example.org:8443/hexmail' })
    expect(config.mail.from).toBe('hexmail <noreply@play.example.org>')
    expect(config.mail.replyBase).toBe('play@play.example.org')
  })

  it('not an http(s) URL: refused, naming the variable (a typo would put broken links in every email)', () => {
    for (const bad of ['play.example.org', 'localhost:3000', 'ftp://play.example.org'])
      expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: bad })).toThrow(
        `PUBLIC_URL must be an http(s) URL such as https://hexmail.example.org, got "${bad}"`,
      )
  })
})
