// npm run reliability:crash [orders] [kills]: the long crash run, printing its figures.
import { runCrash } from './crash.js'

const orders = Number(process.argv[2] ?? 2000)
const kills = Number(process.argv[3] ?? 20)
const report = await runCrash({
  orders,
  kills,
  games: 40,
  clients: 8,
  timeoutMs: 30 * 60_000,
  seed: Date.now() & 0xffff,
  log: (l) => console.log(l),
})
console.log(JSON.stringify({ ...report, problems: report.problems.length }, null, 2))
for (const p of report.problems) console.log(`PROBLEM ${p}`)
console.log(
  report.problems.length === 0
    ? `crash run passed: ${report.acknowledged} acknowledged orders, ${report.kills} kills, ` +
        `${report.seconds.toFixed(0)} s`
    : `crash run FAILED: ${report.problems.length} problems`,
)
process.exit(report.problems.length === 0 ? 0 : 1)
