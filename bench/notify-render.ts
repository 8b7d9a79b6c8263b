// Benchmark (not a test): map snapshots of A-S3, the largest map (32×24 hexes on four boards),
// in the middle of a game, as the server draws them: view -> map model -> PNG.
// Target: ≤ 50 ms per render. Prints, in milliseconds:
// - each new position as the game goes on (turns BENCH_TURN to BENCH_TURN + 2, every step, every
//   seat), in order, with the process's caches as they stand: what a server does all day;
// - the same with the piece rasters forgotten before each render (the board kept): a process that
//   has just drawn some other game;
// - the first render of the process, with nothing cached;
// - the email's picture (map/email.ts: panels cropped around the reader's units, 1116 px wide) of
//   each new position in order, as the worker draws it for each your-phase email;
// - the same email pictures drawn by plain resvg, without raster.ts, png-text.ts and png-glyphs.ts:
//   each panel's whole SVG document (renderSvg of the same crop) rendered by resvg with the bundled
//   fonts, then either stacked and written by png-encode.ts, or all panels in one document written
//   by resvg's own PNG encoder (nothing of ours but the SVG);
// - the SVG document alone (GET /games/:id/map.svg), and the whole document through resvg in one
//   pass, as the map was drawn before raster.ts, for comparison;
// - the first map of a fresh process (bench/first-map.ts, in a process of its own): after the worker's
//   warm-up (map-warm.ts), with the warm-up's own time, and without it. Goal (issue 17): <= 100 ms.
// Run: npx tsx bench/notify-render.ts   (BENCH_TURN, BENCH_TURNS, BENCH_WIDTH change the defaults)
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { Resvg } from '@resvg/resvg-js'
import {
  buildHexMapModel,
  emailMapPng,
  EMAIL_DISPLAY_WIDTH,
  forgetRasters,
  mapModelToPng,
  rasterCacheSize,
  renderSvg,
  svgToPng,
} from '../src/notify/map/index.js'
import { emailCrop } from '../src/notify/map/email.js'
import { fonts } from '../src/notify/map/png.js'
import { stackedPng, type PictureRows } from '../src/notify/map/raster.js'
import { a3Positions } from './map-positions.js'

const TURN = Number(process.env.BENCH_TURN ?? 6)
const TURNS = Number(process.env.BENCH_TURNS ?? 3)
/** PNG width in pixels; default the map's own size (1217 px for A-S3). */
const WIDTH = process.env.BENCH_WIDTH === undefined ? undefined : Number(process.env.BENCH_WIDTH)
const PNG_OPTIONS = WIDTH === undefined ? {} : { width: WIDTH }
/** Issue 17: the first map of a fresh process. */
const FIRST_GOAL_MS = 100

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  const max = s[s.length - 1]!
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${max.toFixed(1)} ms (n=${s.length})`
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now()
  const out = f()
  return [out, performance.now() - t0]
}

/** Wall time and the process's CPU time, which other work on a shared machine inflates less. */
function timeCpu<T>(f: () => T, wall: number[], cpu: number[]): T {
  const c0 = process.cpuUsage()
  const [out, ms] = time(f)
  const c = process.cpuUsage(c0)
  wall.push(ms)
  cpu.push((c.user + c.system) / 1000)
  return out
}

function median(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  return `${s[Math.floor(s.length / 2)]!.toFixed(1)} ms`
}

// The positions: after each resolution of turns TURN .. TURN + TURNS - 1, as every seat sees them.
const { positions, state } = a3Positions(TURN, TURNS)
const onMap = state.units.filter((u) => u.at === 'map').length
const seatsPerStep = state.seats.length
const render = (p: (typeof positions)[number]) =>
  mapModelToPng(buildHexMapModel('abaoaqu', p.view, p.events), PNG_OPTIONS)

// Nothing cached: fonts read, every label outlined, the board and every piece rasterised.
const [firstPng, firstMs] = time(() => render(positions[0]!))

const inOrder: number[] = []
const firstViewer: number[] = []
const laterViewer: number[] = []
let pngBytes = 0
positions.forEach((p, i) => {
  if (i === 0) return
  const [png, ms] = time(() => render(p))
  inOrder.push(ms)
  // Positions come as one per seat after each step: the first seat sees the step's marks first.
  ;(i % seatsPerStep === 0 ? firstViewer : laterViewer).push(ms)
  pngBytes = Math.max(pngBytes, png.length)
})

const kept = rasterCacheSize()
const piecesForgotten: number[] = []
for (const p of positions) {
  forgetRasters({ pieces: true })
  piecesForgotten.push(time(() => render(p))[1])
}

// The email pictures, as the worker draws them: a fresh process state for the pieces of this size.
forgetRasters()
const emailTimes: number[] = []
const emailCpu: number[] = []
let emailSize = ''
let emailBytes = 0
positions.forEach((p, i) => {
  const [wall, cpu] = i > 0 ? [emailTimes, emailCpu] : [[], []]
  const email = timeCpu(() => emailMapPng(buildHexMapModel('abaoaqu', p.view, p.events)), wall, cpu)
  emailBytes = Math.max(emailBytes, email.png.length)
  emailSize = `${email.png.readUInt32BE(16)}×${email.png.readUInt32BE(20)}, ${email.panels.length} panels`
})

// Plain resvg: the email's panels as whole SVG documents, as email.ts crops them.
function panelSvgs(model: ReturnType<typeof buildHexMapModel>): string[] {
  const panels = emailCrop(model).panels
  return panels.map((window, i) => renderSvg(model, { window, header: i === 0, legend: i === panels.length - 1 }))
}
const EMAIL_GAP = { rows: 9, colour: [0xd8, 0xdd, 0xe3] as [number, number, number] }
function plainPanels(model: ReturnType<typeof buildHexMapModel>): Buffer {
  const pictures: PictureRows[] = panelSvgs(model).map((svg) => {
    const image = new Resvg(svg, {
      font: fonts(),
      fitTo: { mode: 'width', value: EMAIL_DISPLAY_WIDTH },
      background: '#ffffff',
      logLevel: 'off',
    }).render()
    const { width, height } = image
    const rgba = image.pixels
    const rows = Buffer.alloc((width * 3 + 1) * height)
    for (let y = 0, q = 0, p = 0; y < height; y++) {
      q++ // filter byte 0
      for (let x = 0; x < width; x++, p += 4) {
        rows[q++] = rgba[p]!
        rows[q++] = rgba[p + 1]!
        rows[q++] = rgba[p + 2]!
      }
    }
    return { width, height, rows }
  })
  return stackedPng(pictures, EMAIL_GAP)
}
function plainDocument(model: ReturnType<typeof buildHexMapModel>): Buffer {
  const W = EMAIL_DISPLAY_WIDTH
  let y = 0
  const parts: string[] = []
  for (const svg of panelSvgs(model)) {
    const [, w, h] = /^<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg)!
    const height = Math.round((Number(h) * W) / Number(w))
    if (y > 0) {
      parts.push(`<rect y="${y}" width="${W}" height="${EMAIL_GAP.rows}" fill="#d8dde3"/>`)
      y += EMAIL_GAP.rows
    }
    // A nested <svg> places the panel and clips it to its own page, as a page of its own would.
    parts.push(
      svg.replace(/^<svg ([^>]*)width="[\d.]+" height="[\d.]+"/, `<svg $1y="${y}" width="${W}" height="${height}"`),
    )
    y += height
  }
  const doc =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" viewBox="0 0 ${W} ${y}">` +
    `${parts.join('')}</svg>`
  return new Resvg(doc, { font: fonts(), background: '#ffffff', logLevel: 'off' }).render().asPng()
}
const plainTimes: number[] = []
const plainCpu: number[] = []
const plainDocTimes: number[] = []
const plainDocCpu: number[] = []
let plainBytes = 0
let plainDocBytes = 0
positions.forEach((p, i) => {
  // Timed like the email picture: view -> model -> PNG.
  const first = i === 0
  const png = timeCpu(
    () => plainPanels(buildHexMapModel('abaoaqu', p.view, p.events)),
    first ? [] : plainTimes,
    first ? [] : plainCpu,
  )
  const doc = timeCpu(
    () => plainDocument(buildHexMapModel('abaoaqu', p.view, p.events)),
    first ? [] : plainDocTimes,
    first ? [] : plainDocCpu,
  )
  plainBytes = Math.max(plainBytes, png.length)
  plainDocBytes = Math.max(plainDocBytes, doc.length)
})

const svgTimes: number[] = []
const onePass: number[] = []
for (const p of positions.slice(0, 12)) {
  const [svg, ms] = time(() => renderSvg(buildHexMapModel('abaoaqu', p.view, p.events)))
  svgTimes.push(ms)
  onePass.push(time(() => svgToPng(svg, PNG_OPTIONS))[1])
}

console.log(
  `A-S3, turns ${TURN}–${TURN + TURNS - 1}: ${onMap} units on the map at the end, ` +
    `${positions.length} positions (steps × seats); load average ${loadavg()[0]!.toFixed(2)}`,
)
console.log(`PNG ${firstPng.readUInt32BE(16)}×${firstPng.readUInt32BE(20)}, up to ${pngBytes} bytes`)
console.log(`first render of the process, nothing cached: ${firstMs.toFixed(1)} ms   (goal <= ${FIRST_GOAL_MS} ms)`)
console.log(`view -> PNG, new positions in order:        ${stats(inOrder)}   target <= 50 ms`)
console.log(`  the first seat to see a step:             ${stats(firstViewer)}`)
console.log(`  the other seats:                          ${stats(laterViewer)}`)
console.log(
  `kept after those positions: ` +
    `${kept.pieces.entries} piece rasters in ${(kept.pieces.bytes / 1048576).toFixed(1)} MB, ` +
    `${kept.boards.entries} board in ${(kept.boards.bytes / 1048576).toFixed(1)} MB`,
)
console.log(`view -> PNG, piece rasters forgotten first: ${stats(piecesForgotten)}`)
console.log(
  `email picture (${emailSize}), new positions: ${stats(emailTimes)}   target <= 50 ms   ` +
    `(cpu median ${median(emailCpu)}, up to ${emailBytes} bytes)`,
)
console.log(
  `  plain resvg, panel by panel, png-encode:  ${stats(plainTimes)}   ` +
    `(cpu median ${median(plainCpu)}, up to ${plainBytes} bytes)`,
)
console.log(
  `  plain resvg, one document, resvg's PNG:  ${stats(plainDocTimes)}   ` +
    `(cpu median ${median(plainDocCpu)}, up to ${plainDocBytes} bytes)`,
)
console.log(`view -> SVG document (map.svg):             ${stats(svgTimes)}`)
console.log(`whole SVG -> PNG in one resvg pass:         ${stats(onePass)}   (for comparison)`)

// The first map of a fresh process, in a process of its own (bench/first-map.ts): as the worker draws it
// once it has started (the warm-up run and done), and with nothing run before it.
function firstMap(args: string[]): Record<'wholeMs' | 'wholeCpuMs' | 'emailMs' | 'emailCpuMs', number> & {
  warmMs?: number
  warmPictures?: number
} {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/first-map.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_TURN: String(TURN) },
  })
  if (child.status !== 0) throw new Error(`bench/first-map.ts ${args.join(' ')} failed: ${child.stderr}`)
  return JSON.parse(child.stdout.trim().split('\n').pop()!)
}
const ms = (wall: number, cpu: number) => `${wall.toFixed(1)} ms (cpu ${cpu.toFixed(1)} ms)`
const cold = firstMap([])
const warmed = firstMap(['--warm'])
console.log(
  `first map of a fresh process, after the warm-up: whole map ${ms(warmed.wholeMs, warmed.wholeCpuMs)}, ` +
    `email picture ${ms(warmed.emailMs, warmed.emailCpuMs)}   (goal <= ${FIRST_GOAL_MS} ms)`,
)
console.log(
  `  the warm-up itself (in the background from the worker's start): ${warmed.warmMs!.toFixed(0)} ms, ` +
    `${warmed.warmPictures} pictures`,
)
console.log(
  `  without the warm-up: whole map ${ms(cold.wholeMs, cold.wholeCpuMs)}, ` +
    `email picture ${ms(cold.emailMs, cold.emailCpuMs)}   (goal <= ${FIRST_GOAL_MS} ms)`,
)
