import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import SlowFirstSequencer from './test/support/sequencer.js'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // A file's setup (a database copied from the template, a browser, a mail stack) can take tens of seconds
    // on a loaded 2-core machine.
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default for `vitest run` is one worker fewer than the cores: on the 2-core machine the suite
    // ran one file at a time, while most files spend much of their time waiting (on PostgreSQL, Redis, an SMTP
    // server, a child server starting, Chromium). One worker per core keeps both busy. Every file has its own
    // database, Redis, SMTP server and ports, so files never share state. VITEST_MAX_WORKERS overrides this.
    maxWorkers: Math.max(2, availableParallelism()),
    // The slowest files first, so that no worker is left running one alone at the end (test/support/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    globalSetup: ['test/support/global-setup.ts'],
  },
})
