// npm run reliability:fuzz [requests] [seed]: the long fuzz run, printing its figures.
import { fuzzApi } from './fuzz.js'
import { fuzzWorld } from './fuzz-setup.js'

const count = Number(process.argv[2] ?? 100_000)
const seed = Number(process.argv[3] ?? Date.now() & 0xffffff)
const { h, ctx } = await fuzzWorld()
const report = await fuzzApi(ctx, count, seed)
await h.close()
console.log(
  JSON.stringify(
    {
      seed,
      requests: report.requests,
      seconds: report.seconds,
      byStatus: report.byStatus,
      serverErrors: report.serverErrors.length,
      changedOnRefusal: report.changedOnRefusal.length,
    },
    null,
    2,
  ),
)
for (const e of report.serverErrors.slice(0, 50)) console.log(`5xx ${e.status} ${e.request}\n    ${e.body}`)
for (const e of report.changedOnRefusal.slice(0, 50))
  console.log(`CHANGED ${e.status} ${e.tables.join(',')} ${e.request}`)
const failed = report.serverErrors.length + report.changedOnRefusal.length
console.log(
  failed === 0
    ? `fuzz run passed: ${report.requests} requests (seed ${seed}), ${report.seconds.toFixed(0)} s`
    : `fuzz run FAILED: ${failed} problems (seed ${seed})`,
)
process.exit(failed === 0 ? 0 : 1)
