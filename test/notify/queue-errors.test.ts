// A Redis that cannot be reached is said in the log once per outage, not once per retry, and not dropped.
import { describe, expect, it } from 'vitest'
import { producerConnection } from '../../src/notify/queue.js'
import type { Log } from '../../src/store/db.js'

describe('Redis connection errors', () => {
  it('the first failed attempt is a warning, the retries after it debug lines', async () => {
    const lines: Array<[string, string]> = []
    const log: Log = {
      info: (m) => lines.push(['info', m]),
      warn: (m) => lines.push(['warn', m]),
      debug: (m) => lines.push(['debug', m]),
    }
    // Nothing listens on port 1: every attempt is refused at once, and ioredis retries within 200–600 ms.
    const redis = producerConnection('redis://127.0.0.1:1', log, 'test queue')
    try {
      const end = Date.now() + 10_000
      while (!lines.some(([level]) => level === 'debug') && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50))
    } finally {
      redis.disconnect()
    }
    expect(lines.filter(([level]) => level === 'warn')).toEqual([
      ['warn', expect.stringMatching(/^test queue: Redis unreachable \(.*ECONNREFUSED.*\); retrying$/)],
    ])
    expect(lines).toContainEqual(['debug', expect.stringMatching(/^test queue: Redis still unreachable \(/)])
    expect(lines[0]![0]).toBe('warn')
  })
})
