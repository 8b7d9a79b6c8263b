import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    // A file's setup (a database copied from the template, a browser, a mail stack) can take tens of seconds
    // on a loaded 2-core machine.
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/support/global-setup.ts'],
  },
})
