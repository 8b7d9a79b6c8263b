// Real Battle's fuzzer (issue 15): random legal games of every scenario through setup / validate / resolve,
// with the invariants checked after every resolution. Two players: the engine's random player
// (random-orders.ts), whose games need a turn limit, and an aggressive one (here) that plans attack PP, moves
// toward the enemy and makes its best attack, whose games must end by destruction.
import { expect } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { offsetDistance, offsetNeighbor, type Direction, type OffsetHex } from '../../../src/engine/hex/index.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import {
  realbattle,
  type RbOrder,
  type RbScenario,
  type RbState,
} from '../../../src/rulesets/realbattle/engine/index.js'
import { simulateProgram } from '../../../src/rulesets/realbattle/engine/movement.js'
import { randomOrders, rng } from '../../../src/rulesets/realbattle/engine/random-orders.js'
import { seatOptions } from '../../../src/rulesets/realbattle/engine/seat-options.js'
import { validateStep } from '../../../src/rulesets/realbattle/engine/sequence.js'
import {
  atById,
  cardOf,
  inPlay,
  maxSpeed,
  minSpeed,
  spendablePp,
  weaponCard,
} from '../../../src/rulesets/realbattle/engine/stats.js'
import type { At, AtOptions, ProgramStep } from '../../../src/rulesets/realbattle/engine/types.js'
import { realbattleScenarios } from '../../../src/rulesets/realbattle/scenarios/index.js'

/**
 * Games a fuzz file plays: FUZZ_GAMES when set (`npm run fuzz:long`: 200), else 8, at least one of every
 * player count. Measured on the 2-core machine: the nine files at 8 take about 21 s of test time (33 s of
 * CPU with vitest's start-up); `fuzz:long` (200 a file, 1800 games) about 150 s of test time.
 */
export const FUZZ_GAMES_RB = Math.max(1, Number(process.env.FUZZ_GAMES ?? 8) || 8)

/** A file plays FUZZ_GAMES_RB games, and at least one of every player count of its scenario. */
export function gamesOf(scenario: string): number {
  return Math.max(FUZZ_GAMES_RB, scenarioData(scenario).players.length)
}

/** Resolutions a game may take before it counts as one that never ends. */
export const STEP_BOUND = 4000

export type Player = 'random' | 'aggressive'

export interface GameConfig {
  scenario: string
  seed: number
  players: number
  player: Player
  /** RB-23.7 [H]: 0 = none; the game must then end by destruction. */
  turnLimit: number
  tabletopErrors?: boolean
  endOnFirstKill?: boolean
}

export interface Tally {
  attacks: number
  hits: number
  falls: number
  collisions: number
  avoided: number
  obstacles: number
  destroyed: number
}

export interface FuzzResult {
  state: RbState
  steps: number
  /** Every resolution's submissions, in order, for a replay. */
  submissions: Array<Record<string, RbOrder[]>>
  tally: Tally
}

export function scenarioData(id: string): { data: RbScenario; players: number[] } {
  const entry = realbattleScenarios().find((s) => s.summary.id === id)
  if (!entry) throw new Error(`no Real Battle scenario ${id}`)
  return { data: entry.data as RbScenario, players: entry.summary.seatLayouts.map((l) => l.players) }
}

const gameSeedOf = (seed: number) => seed.toString(16).padStart(64, '0')
const key = (h: OffsetHex) => `${h.col},${h.row}`

function optionsOf(c: GameConfig): Record<string, number | boolean> {
  return {
    turnLimit: c.turnLimit,
    ...(c.tabletopErrors ? { tabletopErrors: true } : {}),
    ...(c.endOnFirstKill ? { endOnFirstKill: true } : {}),
  }
}

// ---------------------------------------------------------------------------------------------------
// The aggressive player

function pick<T>(r: () => number, xs: readonly T[]): T | undefined {
  return xs[Math.floor(r() * xs.length)]
}

/** A plan that always attacks: the most attack PP within about 60 % of base, some accel, little defence. */
function aggressivePlan(r: () => number, at: At, o: NonNullable<AtOptions['plan']>): RbOrder {
  let left = o.maxTotal
  const atk = Math.max(0, ...o.atk.filter((v) => v <= Math.ceil(left * 0.6)))
  left -= atk
  const acc =
    r() < 0.6
      ? (pick(
          r,
          o.acc.filter((v) => v <= left / 2),
        ) ?? 0)
      : 0
  left -= acc
  const dec =
    acc === 0 && r() < 0.2
      ? (pick(
          r,
          o.dec.filter((v) => v <= left / 2),
        ) ?? 0)
      : 0
  left -= dec
  const def =
    r() < 0.3
      ? (pick(
          r,
          o.def.filter((v) => v <= left / 2),
        ) ?? 0)
      : 0
  return { kind: 'plan', at: at.id, acc, dec, atk, def }
}

/** A random program of |speed| MP (straight, turns, obliques, picks), or null when it was not legal. */
function randomSteps(r: () => number, speed: number): ProgramStep[] {
  const steps: ProgramStep[] = []
  let mp = Math.abs(speed)
  if (speed === 0 && r() < 0.7) steps.push({ op: 'S', side: r() < 0.5 ? 'L' : 'R', deg: r() < 0.5 ? 60 : 120 })
  while (mp > 0) {
    const n = Math.min(mp, 1 + Math.floor(r() * 3)) as 1 | 2 | 3
    const u = r()
    const side = r() < 0.5 ? 'L' : 'R'
    if (u < 0.4 || n === 1) {
      if (u < 0.15 && speed > 0) steps.push({ op: 'P', n: 1, side })
      steps.push({ op: speed < 0 ? 'B' : 'F' })
      mp -= 1
    } else {
      steps.push({ op: u < 0.75 ? 'T' : 'O', n, side })
      mp -= n
    }
  }
  return steps
}

/** How far from attacking the nearest enemy an AT would stand: distance, plus 2 when the enemy is behind. */
function closeness(state: RbState, at: At, hex: OffsetHex, facing: number): number {
  let best = Infinity
  for (const e of state.ats) {
    if (e.camp === at.camp || !inPlay(e)) continue
    const d = offsetDistance(hex, e.hex!)
    // Ahead when stepping one hex forward brings it nearer (a coarse front arc).
    const ahead = simulateAhead(hex, facing, e.hex!)
    best = Math.min(best, d + (ahead ? 0 : 2))
  }
  return best
}

/** Whether the hex one step ahead (by facing) is nearer the target. */
function simulateAhead(hex: OffsetHex, facing: number, target: OffsetHex): boolean {
  const next = offsetNeighbor(hex, facing as Direction)
  return offsetDistance(next, target) < offsetDistance(hex, target) || offsetDistance(hex, target) === 0
}

function aggressiveOrders(state: RbState, seat: string, r: () => number): RbOrder[] {
  const opts = seatOptions(state, seat)
  if (!opts.toAct || !opts.step) return []
  if (opts.step === 'deploy')
    return randomOrders(state, seat, r).map((o) => {
      const a = opts.ats.find((x) => x.at === o.at)
      return o.kind === 'plan' && a?.plan ? aggressivePlan(r, atById(state, o.at)!, a.plan) : o
    })
  const orders: RbOrder[] = []
  const keep = (o: RbOrder) => {
    if (validateStep(state, seat, [...orders, o]).length === 0) orders.push(o)
  }
  for (const a of opts.ats) {
    const at = atById(state, a.at)!
    if (opts.step === 'plan' && a.plan) keep(aggressivePlan(r, at, a.plan))
    else if (opts.step === 'attack' && a.attacks && a.attacks.length > 0) {
      const best = [...a.attacks].sort((x, y) => x.hitBeforeEvasion - y.hitBeforeEvasion)
      for (const choice of best.reverse().slice(0, 3)) {
        const before = orders.length
        keep({
          kind: 'attack',
          at: a.at,
          target: choice.target,
          ...(choice.weapon ? { weapon: choice.weapon } : {}),
          ...(choice.arm ? { arm: choice.arm } : {}),
          ...(choice.volley ? { volley: true } : {}),
          ...(choice.missilesMax ? { missiles: choice.missilesMax } : {}),
        })
        if (orders.length > before) break
      }
    } else if (opts.step === 'action' && a.action) {
      if (at.fallen) {
        if (a.action.canStand) keep({ kind: 'program', at: a.at, steps: [{ op: 'STAND' }] })
        continue
      }
      let best: { order: RbOrder[]; score: number } | null = null
      for (const speed of a.action.speedChoices) {
        const speedOrder: RbOrder[] = a.action.speedChoices.length > 1 ? [{ kind: 'speed', at: a.at, speed }] : []
        for (let t = 0; t < 10; t++) {
          const steps = t === 0 ? [] : randomSteps(r, speed)
          const sim = simulateProgram(state, at, speed, steps)
          if (sim.errors.length > 0) continue
          const score = closeness(state, at, sim.hex, sim.facing) + (sim.blockedAt !== null ? 3 : 0) + r() * 0.5
          const order: RbOrder[] = [
            ...speedOrder,
            ...(steps.length > 0 ? [{ kind: 'program' as const, at: a.at, steps }] : []),
          ]
          if (!best || score < best.score) best = { order: order as RbOrder[], score }
        }
      }
      if (best && validateStep(state, seat, [...orders, ...best.order]).length === 0) orders.push(...best.order)
    }
  }
  return orders
}

// ---------------------------------------------------------------------------------------------------
// Invariants

/**
 * RB-6.6 / AMB-RB-5: ATs share a hex only after a collision (avoided or not) or when they already did. An AT
 * in a shared hex is explained when it took part in a collision of this resolution (as the mover or the
 * target: a mover ending among several ATs meets one of them), or was in that hex before with another AT.
 * An AT that came into the hex must be explained; of those that stayed, at most one (the one the others came
 * to) may be unexplained.
 */
function checkSharing(prev: RbState | null, state: RbState, events: readonly GameEvent[], where: string): void {
  const collided = new Set<string>()
  for (const e of events) if (e.type === 'collision') collided.add(String(e.at)).add(String(e.target))
  const hexesOf = (s: RbState) => {
    const byHex = new Map<string, string[]>()
    for (const a of s.ats) if (inPlay(a)) byHex.set(key(a.hex!), [...(byHex.get(key(a.hex!)) ?? []), a.id])
    return byHex
  }
  const before = prev ? hexesOf(prev) : new Map<string, string[]>()
  for (const [hex, ids] of hexesOf(state)) {
    if (ids.length < 2) continue
    const there = before.get(hex) ?? []
    const unexplained = ids.filter((id) => !collided.has(id) && !(there.includes(id) && there.length > 1))
    const cameIn = unexplained.filter((id) => !there.includes(id))
    must(
      cameIn.length === 0 && unexplained.length <= 1,
      () => `${where}: ATs ${ids.join(', ')} share hex ${hex} without a collision (${unexplained.join(', ')})`,
    )
  }
}

const PLAN_FIELDS = ['acc', 'dec', 'atk', 'def'] as const

/** An invariant: cheap to check, its message built only when it breaks. */
function must(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(`invariant broken: ${message()}`)
}

export function checkInvariants(prev: RbState | null, state: RbState, events: readonly GameEvent[], where: string) {
  const scn = state.scenario
  const obstacles = new Set(scn.ignoreObstacles ? [] : scn.map.obstacles)
  // expect only when the plain test fails (it decides and says why): a call of expect per step costs more than check().
  const problems = realbattle.check(state)
  if (problems.length !== 0) expect(problems, `${where}: check(state)`).toEqual([])
  for (const at of state.ats) {
    const w = () => `${where}: ${at.id} ${JSON.stringify(at)}`
    const card = cardOf(scn, at)
    must(at.actionPp >= 0, () => `${w()}: action PP ${at.actionPp}`)
    must(at.spentEnemyTurn >= 0, () => `${w()}: PP spent in the enemy's turn ${at.spentEnemyTurn}`)
    if (inPlay(at) && !state.options.tabletopErrors) {
      const p = at.plan
      const sealed = p && !at.planRevealed ? p.acc + p.dec + p.atk + p.def : 0
      const raw = at.actionPp - sealed - at.spentEnemyTurn
      must(raw >= 0, () => `${w()}: spendable PP ${raw} before the floor at 0 (spendablePp ${spendablePp(at)})`)
    }
    must(at.durability <= card.durability, () => `${w()}: durability over ${card.durability}`)
    // Durability runs 0..max (RB-16.4: the track stops at 0); an AT destroyed by damage is at 0.
    must(at.durability >= 0, () => `${w()}: durability ${at.durability} below 0`)
    must(at.destroyed || at.durability >= 1, () => `${w()}: durability ${at.durability} and not destroyed`)
    must(at.destroyedBy !== 'damage' || at.durability === 0, () => `${w()}: destroyed by damage with durability`)
    must(!at.destroyed || at.destroyedBy !== null, () => `${w()}: destroyed, by nothing`)
    const before = prev?.ats.find((a) => a.id === at.id)
    if (before?.destroyed) {
      must(at.destroyed, () => `${w()}: no longer destroyed`)
      must(JSON.stringify(at.hex) === JSON.stringify(before.hex), () => `${w()}: moved after its destruction`)
    }
    for (const weapon of at.weapons) {
      const wc = weaponCard(scn, weapon)
      const cap = wc.ammo ?? 0
      must(weapon.ammo >= 0 && weapon.ammo <= cap, () => `${w()}: ${weapon.id} ammo ${weapon.ammo} outside 0..${cap}`)
      must(weapon.magazines >= 0, () => `${w()}: ${weapon.id} magazines ${weapon.magazines}`)
    }
    if (!inPlay(at)) {
      must(state.step === 'deploy' || at.destroyed, () => `${w()}: not deployed after the deployment`)
      continue
    }
    const h = at.hex!
    must(h.col >= 0 && h.col < scn.map.cols && h.row >= 0 && h.row < scn.map.rows, () => `${w()}: off the map`)
    must(!obstacles.has(key(h)), () => `${w()}: on an obstacle`)
    const [lo, hi] = [minSpeed(scn, at), maxSpeed(scn, at)]
    must(at.speed >= lo && at.speed <= hi, () => `${w()}: speed ${at.speed} outside ${lo}..${hi}`)
    must(!at.fallen || at.speed === 0, () => `${w()}: fallen at speed ${at.speed}`)
  }
  checkSharing(prev, state, events, where)
  // Sealed information: events carry no plan value but at the reveal (and the defence turned up by an attack).
  for (const e of events) {
    if (e.type === 'plan-sealed')
      must(Object.keys(e).sort().join() === 'at,ref,type', () => `${where}: ${JSON.stringify(e)}`)
    if (e.type !== 'plan-revealed' && e.type !== 'defence-revealed')
      for (const f of PLAN_FIELDS) must(!(f in e), () => `${where}: event ${JSON.stringify(e)} carries ${f}`)
  }
  // Views: each seat's (and an observer's) never shows another seat's sealed plan.
  const viewers = [null, ...realbattle.seats(state).map((s) => s.id)]
  for (const viewer of viewers) {
    const v = realbattle.view(state, viewer)
    for (const av of v.ats) {
      const at = atById(state, av.id)!
      if (at.seat === viewer || at.planRevealed) continue
      must(
        av.plan === null && av.actionPp === null && (at.defRevealed || av.defence === null) && !('policies' in av),
        () => `${where}: view of ${viewer ?? 'observer'} shows ${at.id}'s sealed plan: ${JSON.stringify(av)}`,
      )
    }
  }
  if (state.ended === null) {
    const seats = realbattle.pending(state).flatMap((p) => p.seats)
    must(seats.length > 0, () => `${where}: nobody to act`)
  }
}

function tallyOf(events: readonly GameEvent[], t: Tally): void {
  for (const e of events) {
    if (e.type === 'attack') {
      t.attacks++
      if (Number(e.hits) > 0) t.hits++
    }
    if (e.type === 'fall-check' && e.fell) t.falls++
    if (e.type === 'collision') {
      if (e.avoidedBy !== undefined) t.avoided++
      else t.collisions++
    }
    if (e.type === 'collision-obstacle') t.obstacles++
    if (e.type === 'destroyed') t.destroyed++
  }
}

export const emptyTally = (): Tally => ({
  attacks: 0,
  hits: 0,
  falls: 0,
  collisions: 0,
  avoided: 0,
  obstacles: 0,
  destroyed: 0,
})

// ---------------------------------------------------------------------------------------------------
// Games

/** Plays one game to its end, checking every submission and the invariants after every resolution. */
export function playRandomGame(c: GameConfig): FuzzResult {
  const r = rng(c.seed)
  const gameSeed = gameSeedOf(c.seed)
  const { data } = scenarioData(c.scenario)
  let seq = 0
  const first = realbattle.setup(data, { players: c.players, options: optionsOf(c) }, createDice(gameSeed, seq++))
  let state = first.state
  const tally = emptyTally()
  const label = `${c.scenario} seed ${c.seed} ${c.players}p ${c.player} limit ${c.turnLimit}`
  checkInvariants(null, state, first.events, `${label} setup`)
  const submissions: Array<Record<string, RbOrder[]>> = []
  let steps = 0
  while (state.ended === null && steps < STEP_BOUND) {
    const where = `${label} step ${steps} (turn ${state.turn} ${state.active ?? '-'} ${state.step})`
    const sub: Record<string, RbOrder[]> = {}
    for (const p of realbattle.pending(state))
      for (const seat of p.seats) {
        const orders = c.player === 'aggressive' ? aggressiveOrders(state, seat, r) : randomOrders(state, seat, r)
        const errors = realbattle.validate(state, seat, orders, sub)
        if (errors.length !== 0) expect(errors, `${where} ${seat}: ${JSON.stringify(orders)}`).toEqual([])
        sub[seat] = orders
      }
    const res = realbattle.resolve(state, sub, createDice(gameSeed, seq++))
    submissions.push(sub)
    tallyOf(res.events, tally)
    try {
      checkInvariants(state, res.state, res.events, where)
    } catch (e) {
      // The step's submissions and events, so a broken invariant can be read without replaying the game.
      const detail = `\nsubmissions ${JSON.stringify(sub)}\nevents ${JSON.stringify(res.events)}`
      if (e instanceof Error) e.message += detail
      throw e
    }
    state = res.state
    steps++
  }
  expect(state.ended, `${label}: the game ends within ${STEP_BOUND} resolutions`).not.toBeNull()
  expect(realbattle.outcome(state)).not.toBeNull()
  if (c.turnLimit > 0) expect(state.turn).toBeLessThanOrEqual(c.turnLimit)
  return { state, steps, submissions, tally }
}

/** The same game from its seed and recorded submissions: the final state. */
export function replayGame(c: GameConfig, submissions: ReadonlyArray<Record<string, RbOrder[]>>): RbState {
  const gameSeed = gameSeedOf(c.seed)
  const { data } = scenarioData(c.scenario)
  let seq = 0
  let state = realbattle.setup(data, { players: c.players, options: optionsOf(c) }, createDice(gameSeed, seq++)).state
  for (const sub of submissions) state = realbattle.resolve(state, sub, createDice(gameSeed, seq++)).state
  return state
}

/**
 * The `game`-th game of the fuzz file `fileIndex`: every third by the aggressive player without a turn
 * limit (it must end by destruction), the others with a limit of 3 to 8 turns, some by the aggressive
 * player, some with the tabletop-error or first-kill option; the player counts in turn.
 */
export function gameConfig(scenario: string, fileIndex: number, game: number): GameConfig {
  const { players } = scenarioData(scenario)
  const seed = 300_000 + 1000 * fileIndex + game
  const r = rng(seed ^ 0x5eed)
  const unlimited = game % 3 === 2
  return {
    scenario,
    seed,
    players: players[game % players.length]!,
    player: unlimited || r() < 0.3 ? 'aggressive' : 'random',
    turnLimit: unlimited ? 0 : 3 + Math.floor(r() * 6),
    tabletopErrors: r() < 0.2,
    endOnFirstKill: !unlimited && r() < 0.15,
  }
}

/**
 * One file's games: FUZZ_GAMES_RB of the scenario across every player count; every third game by the
 * aggressive player without a turn limit (it must end by destruction), the others with a limit of 3 to 8
 * turns, some with the tabletop-error or first-kill option. Prints the endings and the tally.
 */
export function fuzzScenario(
  scenario: string,
  fileIndex: number,
): { endings: Map<string, number>; tally: Tally; byPlayer: Record<Player, Tally> } {
  const endings = new Map<string, number>()
  const tally = emptyTally()
  const byPlayer: Record<Player, Tally> = { random: emptyTally(), aggressive: emptyTally() }
  const games = gamesOf(scenario)
  const t0 = performance.now()
  for (let game = 0; game < games; game++) {
    const config = gameConfig(scenario, fileIndex, game)
    const result = playRandomGame(config)
    if (game === 0) expect(replayGame(config, result.submissions), 'replay gives the same state').toEqual(result.state)
    if (config.turnLimit === 0)
      expect(result.state.ended!.reason, `${scenario} seed ${config.seed}: ends by destruction`).not.toMatch(
        /turn limit/,
      )
    const end = result.state.ended!
    const k = `${end.winner ?? 'draw'}: ${end.reason}`
    endings.set(k, (endings.get(k) ?? 0) + 1)
    for (const f of Object.keys(tally) as Array<keyof Tally>) {
      tally[f] += result.tally[f]
      byPlayer[config.player][f] += result.tally[f]
    }
  }
  console.log(`${scenario}: ${games} games, ${(performance.now() - t0).toFixed(0)} ms`)
  console.log(`${scenario} endings`, Object.fromEntries(endings), 'tally', byPlayer)
  return { endings, tally, byPlayer }
}
