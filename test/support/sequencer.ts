// The order test files start in: the slowest first, so that the workers finish together instead of one of
// them running a two-minute file alone at the end. Vitest sorts by the durations it cached from the last run
// (node_modules/.vite/vitest), but a clean clone (CI) has none, and then it sorts by file size, which puts the
// crash test (14 lines that start a server five times) near the end. SLOW lists the slow files, slowest first;
// every other file follows in vitest's own order.
import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Files taking about 20 s or more, slowest first: seconds alone, measured one at a time on the 2-core machine at
 * a load average of 6 to 14 (other work beside it), so about twice what they take on an idle one. The web/
 * files not measured start Chromium and a server, as those measured (40 to 100 s) do.
 */
export const SLOW = [
  'test/reliability/crash.test.ts', // 109-112: the server started five times, SIGKILLed three
  'test/runtime/main.test.ts', // 104-106: eight starts of the real server (npm start), one with embedded PostgreSQL
  'test/web/game.test.ts', // 75-100
  'test/http/clubs.test.ts', // 65
  'test/web/campaign.test.ts', // 43-66
  'test/reliability/fuzz.test.ts', // 60: 5,000 generated requests, the database digested after each that may write
  'test/web/moderation.test.ts', // 37-58
  'test/cli/admin.test.ts', // 52
  'test/notify/headers.test.ts', // 15-50
  'test/notify/moderation-flow.test.ts', // 47
  'test/runtime/multi-process.test.ts', // 42-44: two API and two worker processes
  'test/web/log.test.ts', // 36-43
  'test/http/auth.test.ts', // 40
  'test/web/leagues.test.ts',
  'test/web/auth.test.ts',
  'test/web/magic.test.ts',
  'test/web/talk.test.ts',
  'test/web/preferences.test.ts',
  'test/web/catalogue.test.ts',
  'test/web/log-verify.test.ts',
  'test/web/game-svg.test.ts',
  'test/http/metrics.test.ts', // 36
  'test/notify/smtp-faults.test.ts', // 30
  'test/engine/abaoaqu/fuzz-a-s5.test.ts', // 21-33
  'test/engine/abaoaqu/fuzz-a-s7.test.ts', // 14-32
  'test/engine/abaoaqu/fuzz-a-s3.test.ts', // 25-29
  'test/engine/abaoaqu/fuzz-a-s4.test.ts', // 13-29
  'test/http/permissions.test.ts', // 24
  'test/http/api-schemas.test.ts', // 24
  'test/notify/invite.test.ts', // 23
]

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const i = SLOW.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll('\\', '/'))
      return i === -1 ? SLOW.length : i
    }
    // Array.prototype.sort is stable: the unlisted files keep vitest's order among themselves.
    return ordered.sort((a, b) => rank(a) - rank(b))
  }
}
