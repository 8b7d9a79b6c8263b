// MS@W's fuzzer (issue 16): random legal games of every scenario through setup / validate / resolve, with the
// invariants checked after every resolution. Two players: the engine's random player (random-orders.ts), whose
// games need the round limit, and an aggressive one (here) that closes on the nearest enemy and makes its best
// attack, whose games must end by annihilation or the limit.
import { expect } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { discOnTable, dist2, distance, type Pt } from '../../../src/engine/table/index.js'
import { msaw } from '../../../src/rulesets/msaw/engine/index.js'
import { attackProblem, bestWeapon } from '../../../src/rulesets/msaw/engine/combat.js'
import { checkMove, moveAllowance } from '../../../src/rulesets/msaw/engine/movement.js'
import { randomOrders } from '../../../src/rulesets/msaw/engine/random-orders.js'
import { itemTypeOf, usableWeapons } from '../../../src/rulesets/msaw/engine/stats.js'
import type { MsOrder, MsScenario, MsState, Suit } from '../../../src/rulesets/msaw/engine/types.js'
import { msawScenarios } from '../../../src/rulesets/msaw/scenarios/index.js'

/** Games a fuzz file plays: FUZZ_GAMES when set (`npm run fuzz:long`: 200), else 6, at least one a player count. */
export const FUZZ_GAMES_MS = Math.max(1, Number(process.env.FUZZ_GAMES ?? 6) || 6)

/** Resolutions a game may take before it counts as one that never ends. */
export const STEP_BOUND = 2000

export type Player = 'random' | 'aggressive'

export interface Tally {
  attacks: number
  hits: number
  destroyed: number
  moves: number
  switches: number
  reactions: number
}

export function scenarioData(id: string): { data: MsScenario; players: number[] } {
  const entry = msawScenarios().find((s) => s.summary.id === id)
  if (!entry) throw new Error(`no MS@W scenario ${id}`)
  return { data: entry.data as MsScenario, players: entry.summary.seatLayouts.map((l) => l.players) }
}

export function gamesOf(scenario: string): number {
  return Math.max(FUZZ_GAMES_MS, scenarioData(scenario).players.length)
}

/** A small seeded generator (mulberry32): the fuzzer's own choices, never the game's dice. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const live = (s: MsState) => s.suits.filter((x) => !x.destroyed)

/** The point `frac` of the way from a to b, each coordinate rounded toward a. */
function toward(a: Pt, b: Pt, frac: number): Pt {
  const step = (p: number, q: number) => p + Math.trunc((q - p) * frac)
  return { x: step(a.x, b.x), y: step(a.y, b.y) }
}

/** The best attack `suit` could make standing at `at`: the target and weapon, or null. */
function bestAttack(state: MsState, suit: Suit, at: Pt): { target: string; weapon: string } | null {
  const moved: MsState = { ...state, suits: state.suits.map((x) => (x.id === suit.id ? { ...x, at } : x)) }
  const me = moved.suits.find((x) => x.id === suit.id) as Suit
  const enemies = live(moved)
    .filter((e) => e.side !== suit.side)
    .sort((a, b) => a.hp - b.hp)
  for (const foe of enemies) {
    const usable = usableWeapons(moved, me)
      .filter((w) => itemTypeOf(moved, w).kind === 'weapon')
      .map((w) => w.id)
      .filter((w) => attackProblem(moved, suit.id, foe.id, w, false) === null)
    const weapon = bestWeapon(moved, suit.id, usable)
    if (weapon) return { target: foe.id, weapon }
  }
  return null
}

/**
 * The aggressive player: each suit that can act picks, among moves toward the nearest enemies and a few random
 * ones inside its allowance, the one from which it can attack (else the one nearest an enemy), and attacks.
 */
function aggressiveOrders(state: MsState, seat: string, r: () => number): MsOrder[] {
  if (state.step !== 'action') return randomOrders(state, seat, r)
  const orders: MsOrder[] = []
  for (const suit of live(state).filter((x) => x.seat === seat)) {
    if (state.activated.includes(suit.id) || suit.errorPhases > 0) continue
    const enemies = live(state).filter((e) => e.side !== suit.side)
    if (enemies.length === 0) break
    enemies.sort((a, b) => dist2(suit.at, a.at) - dist2(suit.at, b.at))
    const { move } = moveAllowance(state, suit)
    const candidates: Pt[] = [suit.at]
    for (const foe of enemies.slice(0, 3)) {
      const d = distance(suit.at, foe.at)
      if (d <= 200) continue
      for (const f of [Math.min(1, move / d) * (1 - 150 / d), 0.6 * Math.min(1, move / d), 0.3 * Math.min(1, move / d)])
        candidates.push(toward(suit.at, foe.at, Math.max(0, f)))
    }
    for (let i = 0; i < 6; i++) {
      const angle = r() * 2 * Math.PI
      const len = move * (0.3 + 0.7 * r())
      candidates.push({
        x: suit.at.x + Math.trunc(Math.cos(angle) * len),
        y: suit.at.y + Math.trunc(Math.sin(angle) * len),
      })
    }
    let best: { parts: MsOrder[]; score: number } | null = null
    for (const to of candidates) {
      const still = to.x === suit.at.x && to.y === suit.at.y
      if (!still && !checkMove(state, suit.id, [to]).ok) continue
      const attack = bestAttack(state, suit, to)
      const near = Math.min(...enemies.map((e) => distance(to, e.at)))
      const score = (attack ? 0 : 100000) + near
      if (best && best.score <= score) continue
      best = {
        score,
        parts: [
          ...(still ? [] : [{ kind: 'move' as const, ms: suit.id, path: [to] }]),
          ...(attack ? [{ kind: 'attack' as const, ms: suit.id, ...attack }] : []),
        ],
      }
    }
    if (best && best.parts.length > 0 && msaw.validate(state, seat, [...orders, ...best.parts]).length === 0)
      orders.push(...best.parts)
  }
  return orders
}

/** An invariant: cheap to check, its message built only when it breaks. */
function must(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(`invariant broken: ${message()}`)
}

/** What must hold after every resolution: check(), discs on the table and apart, values in range, views sealed. */
export function checkInvariants(prev: MsState | null, state: MsState, where: string): void {
  // expect only when the plain test fails (it decides and says why): a call of expect per step costs more than check().
  const problems = msaw.check(state)
  if (problems.length !== 0) expect(problems, `${where}: check(state)`).toEqual([])
  const deployed = (x: Suit) => state.step !== 'deploy' || state.deployed.includes(x.seat)
  const onTable = live(state).filter(deployed)
  for (const x of onTable) {
    must(
      discOnTable(x.at, 50, state.scenario.table),
      () => `${where}: ${x.id} off the table at ${JSON.stringify(x.at)}`,
    )
    for (const y of onTable)
      if (x.id < y.id) must(dist2(x.at, y.at) >= 100 * 100, () => `${where}: ${x.id} and ${y.id} overlap`)
  }
  for (const x of state.suits) {
    must(x.hp <= x.maxHp, () => `${where}: ${x.id} HP ${x.hp} over ${x.maxHp}`)
    must(x.destroyed === x.hp <= 0, () => `${where}: ${x.id} HP ${x.hp} and destroyed ${x.destroyed}`)
    must(x.errorPhases >= 0, () => `${where}: ${x.id} error ${x.errorPhases}`)
    for (const it of x.items) {
      const t = itemTypeOf(state, it)
      if (it.ammo !== undefined)
        must(it.ammo >= 0 && it.ammo <= (t.ammo ?? 0), () => `${where}: ${x.id} ${it.id} ammo ${it.ammo}`)
      if (it.body !== undefined) must(it.body > 0, () => `${where}: ${x.id} ${it.id} body ${it.body} and not removed`)
    }
    const before = prev?.suits.find((y) => y.id === x.id)
    if (before?.destroyed) must(x.destroyed, () => `${where}: ${x.id} came back`)
  }
  // Standing orders are their seat's own until the game ends: no other reader's view shows them.
  if (msaw.outcome(state) === null)
    for (const viewer of [null, ...msaw.seats(state).map((s) => s.id)])
      for (const sv of msaw.view(state, viewer).suits)
        must(sv.seat === viewer || sv.policy === null, () => `${where}: ${viewer ?? 'observer'} sees ${sv.id}'s policy`)
}

export interface GameResult {
  state: MsState
  steps: number
  submissions: Array<Record<string, MsOrder[]>>
  tally: Tally
}

/** One random game, checked at every step; throws when an invariant breaks or the game does not end. */
export function playGame(
  scenario: string,
  seed: number,
  players: number,
  player: Player,
  options: Record<string, number | boolean> = {},
): GameResult {
  const { data } = scenarioData(scenario)
  const gameSeed = seed.toString(16).padStart(64, '0')
  const r = rng(seed)
  let seq = 0
  let res = msaw.setup(data, { players, options }, createDice(gameSeed, seq++))
  let state = res.state
  checkInvariants(null, state, `${scenario}#${seed} setup`)
  const tally: Tally = { attacks: 0, hits: 0, destroyed: 0, moves: 0, switches: 0, reactions: 0 }
  const submissions: Array<Record<string, MsOrder[]>> = []
  let steps = 0
  while (!msaw.outcome(state)) {
    if (++steps > STEP_BOUND) throw new Error(`${scenario}#${seed}: no end after ${STEP_BOUND} resolutions`)
    const subs: Record<string, MsOrder[]> = {}
    for (const p of msaw.pending(state))
      for (const seat of p.seats) {
        const orders = player === 'aggressive' ? aggressiveOrders(state, seat, r) : randomOrders(state, seat, r)
        const errors = msaw.validate(state, seat, orders, subs)
        if (errors.length !== 0)
          expect(errors, `${scenario}#${seed} step ${steps} ${seat}: ${JSON.stringify(orders)}`).toEqual([])
        subs[seat] = orders
      }
    submissions.push(subs)
    const prev = state
    res = msaw.resolve(state, subs, createDice(gameSeed, seq++))
    state = res.state
    for (const e of res.events as GameEvent[]) {
      if (e.type === 'attack') {
        tally.attacks++
        if (e.hit) tally.hits++
      } else if (e.type === 'destroyed') tally.destroyed++
      else if (e.type === 'moved') tally.moves++
      else if (e.type === 'switched') tally.switches++
      else if (e.type === 'waiting') tally.reactions++
    }
    checkInvariants(prev, state, `${scenario}#${seed} step ${steps}`)
  }
  return { state, steps, submissions, tally }
}

/** Replays a game's submissions with the same seed: the same final state, to the bit. */
export function replay(
  scenario: string,
  seed: number,
  players: number,
  options: Record<string, number | boolean>,
  submissions: Array<Record<string, MsOrder[]>>,
): MsState {
  const { data } = scenarioData(scenario)
  const gameSeed = seed.toString(16).padStart(64, '0')
  let seq = 0
  let state = msaw.setup(data, { players, options }, createDice(gameSeed, seq++)).state
  for (const subs of submissions) state = msaw.resolve(state, subs, createDice(gameSeed, seq++)).state
  return state
}

/** `gamesOf(scenario)` games, every player count, both players; how they ended and what they did. */
export function fuzzScenario(scenario: string, seed0: number): { endings: Map<string, number>; tally: Tally } {
  const { players } = scenarioData(scenario)
  const endings = new Map<string, number>()
  const tally: Tally = { attacks: 0, hits: 0, destroyed: 0, moves: 0, switches: 0, reactions: 0 }
  const n = gamesOf(scenario)
  for (let i = 0; i < n; i++) {
    const seed = seed0 * 1000 + i
    const count = players[i % players.length]!
    const player: Player = i % 2 === 0 ? 'aggressive' : 'random'
    // Every option on in some games; the random player's games need the round limit.
    const options: Record<string, number | boolean> = {
      roundLimit: player === 'random' || i % 3 === 0 ? 12 : 0,
      ...(i % 4 === 1 ? { aim: true, oneHitKill: true, systemError: true } : {}),
      ...(i % 4 === 3 ? { rough: true, counterOncePerRound: true, goufShieldBody: 10 } : {}),
    }
    const game = playGame(scenario, seed, count, player, options)
    const out = msaw.outcome(game.state)!
    endings.set(out.reason, (endings.get(out.reason) ?? 0) + 1)
    for (const k of Object.keys(tally) as (keyof Tally)[]) tally[k] += game.tally[k]
    if (i === 0) {
      const again = replay(scenario, seed, count, options, game.submissions)
      expect(JSON.stringify(again), `${scenario}#${seed}: replay`).toBe(JSON.stringify(game.state))
    }
  }
  return { endings, tally }
}
