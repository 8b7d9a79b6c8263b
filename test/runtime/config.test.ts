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

describe('the email worker', () => {
  it('takes its SMTP pool and warm-up from the environment, with the measured defaults', () => {
    const defaults = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).mail
    expect(defaults).toMatchObject({ concurrency: 8, smtpMaxConnections: 4, smtpMaxMessages: 1000, warmMaps: true })
    // Under test the warm-up is off: every suite starts workers of its own.
    expect(loadConfig({ NODE_ENV: 'test' }).mail.warmMaps).toBe(false)
    const set = loadConfig({
      NODE_ENV: 'test',
      MAIL_CONCURRENCY: '32',
      SMTP_MAX_CONNECTIONS: '6',
      SMTP_MAX_MESSAGES: '50',
      MAP_WARM_UP: 'on',
    }).mail
    expect(set).toMatchObject({ concurrency: 32, smtpMaxConnections: 6, smtpMaxMessages: 50, warmMaps: true })
  })

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_MAX_CONNECTIONS: 'four' })).toThrow(
      'SMTP_MAX_CONNECTIONS must be a whole number, got "four"',
    )
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_WARM_UP: 'yes' })).toThrow(
      'MAP_WARM_UP must be "on" or "off", got "yes"',
    )
  })
})
