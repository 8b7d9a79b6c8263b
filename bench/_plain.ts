import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { createDice } from '../src/engine/dice.js'
import type { GameEvent } from '../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../src/engine/rulesets/abaoaqu/index.js'
import { randomOrders, rng } from '../src/engine/rulesets/abaoaqu/random-orders.js'
import {
  buildMapModel,
  emailMapPng,
  emailColumns,
  planCrop,
  renderSvg,
  forgetRasters,
} from '../src/notify/map/index.js'
import { encodePngRows } from '../src/notify/map/png-encode.js'
import { loadAbaoaquScenario } from '../src/scenarios/index.js'

const SEED = 'be'.repeat(32)
const TURN = 6,
  TURNS = 3
function playStep(state: State, r: () => number): Record<string, Order[]> {
  const submissions: Record<string, Order[]> = {}
  for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
  return submissions
}
function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms (n=${s.length})`
}
const r = rng(3)
let seq = 0
let state = abaoaqu.setup(
  loadAbaoaquScenario('A-S3'),
  { players: 2, options: { deployment: 'auto' } },
  createDice(SEED, seq++),
).state
while (state.turn < TURN && state.step !== 'over')
  state = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++)).state
const positions: Array<{ view: unknown; events: GameEvent[] }> = []
while (state.turn < TURN + TURNS && state.step !== 'over') {
  const resolved = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++))
  state = resolved.state
  for (const seat of state.seats) positions.push({ view: abaoaqu.view(state, seat.id), events: resolved.events })
}
const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const font = {
  loadSystemFonts: false,
  fontFiles: [join(dir, 'DejaVuSans.ttf'), join(dir, 'DejaVuSans-Bold.ttf')],
  defaultFontFamily: 'DejaVu Sans',
  sansSerifFamily: 'DejaVu Sans',
}
const LIMITS = { minRows: 4, maxRows: 8, panels: 3 }
const phase = { svg: 0, resvg: 0, enc: 0 }
function plain(model: ReturnType<typeof buildMapModel>, mode: 'own' | 'resvgpng') {
  const plan = planCrop(model, { ...LIMITS, cols: emailColumns() })
  const last = plan.panels.length - 1
  let t = performance.now()
  const svgs = plan.panels.map((window, i) => renderSvg(model, { window, header: i === 0, legend: i === last }))
  phase.svg += performance.now() - t
  if (mode === 'resvgpng') {
    // one document: panels stacked with nested svgs
    t = performance.now()
    const W = 558
    let y = 0
    const parts: string[] = []
    for (const s of svgs) {
      const m = /width="([\d.]+)" height="([\d.]+)"/.exec(s)!
      const fw = Number(m[1]),
        fh = Number(m[2])
      const h = Math.round((fh * W) / fw)
      if (y > 0) {
        parts.push(`<rect x="0" y="${y}" width="${W}" height="9" fill="#d8dde3"/>`)
        y += 9
      }
      parts.push(
        s
          .replace(/^<svg /, `<svg x="0" y="${y}" `)
          .replace(/width="[\d.]+" height="[\d.]+"/, `width="${W}" height="${h}"`),
      )
      y += h
    }
    const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${y}" viewBox="0 0 ${W} ${y}">${parts.join('')}</svg>`
    const img = new Resvg(doc, { font, background: '#ffffff', logLevel: 'off' }).render()
    phase.resvg += performance.now() - t
    t = performance.now()
    const png = img.asPng()
    phase.enc += performance.now() - t
    return png
  }
  t = performance.now()
  const pics = svgs.map((s) =>
    new Resvg(s, { font, fitTo: { mode: 'width', value: 558 }, background: '#ffffff', logLevel: 'off' }).render(),
  )
  phase.resvg += performance.now() - t
  t = performance.now()
  const rowsList: Buffer[] = []
  let height = 0
  const line = Buffer.alloc(558 * 3 + 1)
  for (let x = 0; x < 558; x++) line.set([0xd8, 0xdd, 0xe3], 1 + x * 3)
  pics.forEach((p, i) => {
    if (i > 0) {
      for (let k = 0; k < 9; k++) rowsList.push(line)
      height += 9
    }
    const px = p.pixels
    const rows = Buffer.alloc((p.width * 3 + 1) * p.height)
    for (let yy = 0, q = 0; yy < p.height; yy++) {
      q++
      for (let x = 0, o = yy * p.width * 4; x < p.width; x++, o += 4) {
        rows[q++] = px[o]!
        rows[q++] = px[o + 1]!
        rows[q++] = px[o + 2]!
      }
    }
    rowsList.push(rows)
    height += p.height
  })
  const out = encodePngRows(Buffer.concat(rowsList), 558, height, 3)
  phase.enc += performance.now() - t
  return out
}
for (let rep = 0; rep < 2; rep++) {
  for (const mode of ['own', 'resvgpng'] as const) {
    phase.svg = phase.resvg = phase.enc = 0
    const times: number[] = []
    let size = 0
    positions.forEach((p, i) => {
      const t0 = performance.now()
      const png = plain(buildMapModel('abaoaqu', p.view, p.events), mode)
      if (i > 0) times.push(performance.now() - t0)
      size = Math.max(size, png.length)
    })
    const n = positions.length
    console.log(
      `plain ${mode}: ${stats(times)} bytes<=${size}; per pos svg ${(phase.svg / n).toFixed(1)} resvg ${(phase.resvg / n).toFixed(1)} enc ${(phase.enc / n).toFixed(1)}; load ${loadavg()[0]!.toFixed(2)}`,
    )
  }
  forgetRasters()
  const times: number[] = []
  let size = 0
  positions.forEach((p, i) => {
    const t0 = performance.now()
    const e = emailMapPng(buildMapModel('abaoaqu', p.view, p.events))
    if (i > 0) times.push(performance.now() - t0)
    size = Math.max(size, e.png.length)
  })
  console.log(`sprites: ${stats(times)} bytes<=${size}; load ${loadavg()[0]!.toFixed(2)}`)
}
