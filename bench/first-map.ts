// Benchmark (not a test): the first map picture of a fresh process, as bench/notify-render.ts draws
// it (A-S3 after turn BENCH_TURN's first resolution, the first seat's view -> map model -> PNG), in a
// process of its own so that nothing is cached. With --warm, the worker's warm-up (warmMaps) runs
// first, as it does when the worker starts, and its own time is printed too.
// Prints one JSON line: { warmMs?, warmPictures?, wholeMs, wholeCpuMs, emailMs, emailCpuMs }, wall and CPU
// milliseconds. Run by bench/notify-render.ts.
import { performance } from 'node:perf_hooks'
import { buildHexMapModel, emailMapPng, mapModelToPng } from '../src/notify/map/index.js'
import { warmMaps } from '../src/notify/map-warm.js'
import { firstPositions } from './map-positions.js'

const warm = process.argv.includes('--warm')
const [first] = firstPositions(Number(process.env.BENCH_TURN ?? 6), 1)
const p = first!
const out: Record<string, number> = {}
if (warm) {
  const w = await warmMaps()
  out.warmMs = w.ms
  out.warmPictures = w.pictures
}
/** Wall and CPU time of `f`: on a busy machine the CPU time is the steadier of the two. */
function timed(name: string, f: () => unknown): void {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  f()
  out[`${name}Ms`] = performance.now() - t0
  const c = process.cpuUsage(c0)
  out[`${name}CpuMs`] = (c.user + c.system) / 1000
}
timed('whole', () => mapModelToPng(buildHexMapModel('abaoaqu', p.view, p.events)))
timed('email', () => emailMapPng(buildHexMapModel('abaoaqu', p.view, p.events)))
console.log(JSON.stringify(out))
