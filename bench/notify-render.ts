// Benchmark (not a test): map snapshots of A-S3, the largest map (32×24 hexes on four boards),
// in the middle of a game. Renders the position after each step of turn 6 for each seat, with that
// step's events. Prints model+SVG and SVG->PNG times and the PNG size. Target: ≤ 50 ms per render.
// Run: npx tsx bench/notify-render.ts   (BENCH_ROUNDS, BENCH_TURN, BENCH_WIDTH to change the defaults)
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createDice } from '../src/engine/dice.js'
import type { GameEvent } from '../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../src/engine/rulesets/abaoaqu/index.js'
import { randomOrders, rng } from '../src/engine/rulesets/abaoaqu/random-orders.js'
import { renderMap, svgToPng } from '../src/notify/map/index.js'
import { loadAbaoaquScenario } from '../src/scenarios/index.js'

const SEED = 'be'.repeat(32)
const TURN = Number(process.env.BENCH_TURN ?? 6)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const WARMUP_ROUNDS = 3
/** PNG width in pixels; default the SVG's own size (1217 px for A-S3). */
const WIDTH = process.env.BENCH_WIDTH === undefined ? undefined : Number(process.env.BENCH_WIDTH)
const PNG_OPTIONS = WIDTH === undefined ? {} : { width: WIDTH }

function playStep(state: State, r: () => number): Record<string, Order[]> {
  const submissions: Record<string, Order[]> = {}
  for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
  return submissions
}

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, min ${s[0]!.toFixed(2)} ms (n=${s.length})`
}

// The positions: after each resolution of turn TURN, as every seat sees it.
const r = rng(3)
let seq = 0
let state = abaoaqu.setup(loadAbaoaquScenario('A-S3'), { players: 2, options: { deployment: 'auto' } }, createDice(SEED, seq++)).state
while (state.turn < TURN && state.step !== 'over') state = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++)).state
const positions: Array<{ view: unknown; events: GameEvent[] }> = []
while (state.turn === TURN && state.step !== 'over') {
  const resolved = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++))
  state = resolved.state
  for (const seat of state.seats) positions.push({ view: abaoaqu.view(state, seat.id), events: resolved.events })
}
const onMap = state.units.filter((u) => u.at === 'map').length

// Cold: the first render of the process, which loads the fonts and outlines every label once.
const c0 = performance.now()
const first = renderMap('abaoaqu', positions[0]!.view, positions[0]!.events)
const c1 = performance.now()
const firstPng = svgToPng(first.svg, PNG_OPTIONS)
const c2 = performance.now()

const svgTimes: number[] = []
const pngTimes: number[] = []
const totalTimes: number[] = []
let pngBytes = 0
let svgBytes = 0
let width = 0
let height = 0
for (let round = 0; round < ROUNDS + WARMUP_ROUNDS; round++) {
  for (const p of positions) {
    const t0 = performance.now()
    const { svg } = renderMap('abaoaqu', p.view, p.events)
    const t1 = performance.now()
    const png = svgToPng(svg, PNG_OPTIONS)
    const t2 = performance.now()
    if (round < WARMUP_ROUNDS) continue
    svgTimes.push(t1 - t0)
    pngTimes.push(t2 - t1)
    totalTimes.push(t2 - t0)
    pngBytes = Math.max(pngBytes, png.length)
    svgBytes = Math.max(svgBytes, svg.length)
    width = png.readUInt32BE(16)
    height = png.readUInt32BE(20)
  }
}

// The floor on this machine: a blank page of the same size still has to be rasterised and encoded.
const own = /width="(\d+)" height="(\d+)"/.exec(first.svg)!
const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="${own[1]}" height="${own[2]}"><rect width="${own[1]}" height="${own[2]}" fill="#ffffff"/></svg>`
const blankTimes: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  const t0 = performance.now()
  svgToPng(blank, PNG_OPTIONS)
  blankTimes.push(performance.now() - t0)
}

console.log(`A-S3, turn ${TURN}: ${onMap} units on the map, ${positions.length} positions (steps × seats); load average ${loadavg()[0]!.toFixed(2)}`)
console.log(`first render of the process (fonts, label outlines): model+SVG ${(c1 - c0).toFixed(1)} ms, PNG ${(c2 - c1).toFixed(1)} ms (${firstPng.length} bytes)`)
console.log(`model + SVG:        ${stats(svgTimes)}`)
console.log(`SVG -> PNG:         ${stats(pngTimes)}`)
console.log(`view -> PNG, total: ${stats(totalTimes)}   target <= 50 ms`)
console.log(`blank page, same size: ${stats(blankTimes)}   (rasterising and encoding alone)`)
console.log(`PNG ${width}×${height}, up to ${pngBytes} bytes (SVG up to ${svgBytes} bytes)`)
