// Benchmark (not a test): resolve one full turn of A-S3, the largest scenario, and compute the
// options of every unit. Prints its figures. Run: npm run bench:engine
import { performance } from 'node:perf_hooks'
import { createDice } from '../src/engine/dice.js'
import { abaoaqu, type Order, type State } from '../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../src/rulesets/abaoaqu/scenarios/index.js'

const SEED = 'be'.repeat(32)
const WARMUP_TURNS = Number(process.env.BENCH_WARMUP_TURNS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200)
const WARMUP_ROUNDS = 20

interface Step {
  state: State
  submissions: Record<string, Order[]>
  seq: number
}

function playStep(state: State, r: () => number): Record<string, Order[]> {
  const submissions: Record<string, Order[]> = {}
  for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
  return submissions
}

function stats(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  const mean = s.reduce((a, b) => a + b, 0) / s.length
  return (
    `median ${at(0.5).toFixed(2)} ms, mean ${mean.toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, ` +
    `min ${s[0]!.toFixed(2)} ms (n=${s.length})`
  )
}

const scenario = loadAbaoaquScenario('A-S3')
const r = rng(3)
let seq = 0
let state = abaoaqu.setup(scenario, { players: 2, options: { deployment: 'auto' } }, createDice(SEED, seq++)).state
while (state.turn <= WARMUP_TURNS && state.step !== 'over')
  state = abaoaqu.resolve(state, playStep(state, r), createDice(SEED, seq++)).state

// Record the steps of one full turn: the states before each submission and the orders.
const turn: Step[] = []
const startTurn = state.turn
while (state.turn === startTurn && state.step !== 'over') {
  const submissions = playStep(state, r)
  turn.push({ state, submissions, seq })
  state = abaoaqu.resolve(state, submissions, createDice(SEED, seq++)).state
}
const onMap = turn[0]!.state.units.filter((u) => u.at === 'map').length
const orders = turn.reduce((n, s) => n + Object.values(s.submissions).flat().length, 0)

const turnTimes: number[] = []
for (let i = 0; i < ROUNDS + WARMUP_ROUNDS; i++) {
  const t0 = performance.now()
  for (const s of turn) abaoaqu.resolve(s.state, s.submissions, createDice(SEED, s.seq))
  if (i >= WARMUP_ROUNDS) turnTimes.push(performance.now() - t0)
}

const optionTimes: number[] = []
const moveStep = turn.find((s) => s.state.step === 'move')!.state
const attackStep = turn.find((s) => s.state.step === 'attack-lead')!.state
let listed = 0
for (let i = 0; i < ROUNDS + WARMUP_ROUNDS; i++) {
  for (const st of [moveStep, attackStep]) {
    const t0 = performance.now()
    let n = 0
    for (const seat of st.seats) n += abaoaqu.options(st, seat.id).units.length
    if (i >= WARMUP_ROUNDS) optionTimes.push(performance.now() - t0)
    listed = n
  }
}

console.log(`A-S3, turn ${startTurn}: ${onMap} units on the map, ${turn.length} submitted steps, ${orders} orders`)
console.log(`resolve one full turn (validation, every step and automatic phase): ${stats(turnTimes)}   target <= 5 ms`)
console.log(
  `options() for every unit of every seat (${listed} units), per step: ${stats(optionTimes)}   target <= 20 ms`,
)
