// Benchmark (not a test): GREEN NOA map pictures, Japanese names included, as the worker would draw them.
// Plays GN-H1 (the fleet action, 24×18, ten units) from the rules' own options for two innings and, for
// every new position and seat, times view -> map model -> the email's picture (emailMapPng) and the whole
// map's PNG. The first render (fonts and caches cold) is left out of the medians.
// Run: npx tsx bench/greennoa-map.ts
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { createDice } from '../src/engine/dice.js'
import { emailMapPng, mapModelToPng } from '../src/notify/map/index.js'
import { greennoa } from '../src/rulesets/greennoa/engine/index.js'
import type { GnOrder, GnState } from '../src/rulesets/greennoa/engine/types.js'
import { greennoaMapModel } from '../src/rulesets/greennoa/present/map/index.js'
import { loadGreenNoa } from '../src/rulesets/greennoa/scenarios/load.js'

const SEED = '3c'.repeat(32)
const INNINGS = 2

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

/** One order a unit from its options: the n-th move, the first attack. */
function ordersFor(state: GnState, seat: string, n: number): GnOrder[] {
  const opts = greennoa.options(state, seat)
  const orders: GnOrder[] = []
  for (const u of opts.units) {
    const m = u.moves[(n * 7 + orders.length * 3) % Math.max(1, u.moves.length)]
    if (!m) continue
    const move: GnOrder = { kind: 'move', unit: u.unit, steps: [...m.steps] as Array<'F' | 'L' | 'R'> }
    if (greennoa.validate(state, seat, [...orders, move]).length === 0) orders.push(move)
  }
  const used = new Set<string>()
  for (const a of opts.attacks)
    if (!used.has(a.unit)) {
      used.add(a.unit)
      orders.push({ kind: a.kind, unit: a.unit, target: a.target })
    }
  return orders
}

const entry = loadGreenNoa().find((e) => e.scenario.id === 'GN-H1')
if (!entry) throw new Error('GN-H1 missing')
let state = greennoa.setup(entry.scenario, { players: 2 }, createDice(SEED, 0)).state
const email: number[] = []
const whole: number[] = []
let n = 0
let first = true
while (greennoa.pending(state).length > 0 && state.inning <= INNINGS) {
  const seat = greennoa.pending(state)[0]!.seats[0]!
  const r = greennoa.resolve(state, { [seat]: ordersFor(state, seat, ++n) }, createDice(SEED, n))
  state = r.state
  for (const viewer of ['AEUG', 'TITANS']) {
    const t0 = performance.now()
    const model = greennoaMapModel(greennoa.view(state, viewer), r.events)
    emailMapPng(model)
    const t1 = performance.now()
    mapModelToPng(model)
    const t2 = performance.now()
    if (first) {
      console.log(
        `first render, nothing cached: email ${(t1 - t0).toFixed(1)} ms, whole map ${(t2 - t1).toFixed(1)} ms ` +
          `(goal <= 100 ms after the worker's warm-up: bench/notify-render.ts)`,
      )
      first = false
      continue
    }
    email.push(t1 - t0)
    whole.push(t2 - t1)
  }
}
console.log(`GN-H1, ${email.length} positions (steps × seats); load average ${loadavg()[0]!.toFixed(2)}`)
console.log(`view -> email picture (558 px): median ${median(email).toFixed(1)} ms (n=${email.length})`)
console.log(`view model -> whole-map PNG:    median ${median(whole).toFixed(1)} ms (n=${whole.length})`)
