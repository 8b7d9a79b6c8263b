// RB-5…11 action phase: action programs (§6 grammar) checked and run in the RB-5.4 order, obstacle and
// AT-to-AT collisions (RB-6.6, 10), magazine change (RB-11), purge (RB-5.6), reload (S9), smoke (§9.1 [H]),
// and standing up (RB-19.3); the speeds of the accel/decel phase (RB-4) are applied first.
import type { Dice } from '../../../engine/dice.js'
import {
  inBounds,
  offsetKey,
  offsetNeighbor,
  offsetToAxial,
  reverseDirection,
  sector,
  turnLeft,
  turnRight,
  type Direction,
  type OffsetHex,
} from '../../../engine/hex/index.js'
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import { fallCheck, standUp } from './fall.js'
import { refuseMove, type MoveMessageKey } from './messages-move.js'
import { applySpeed, clampSpeed, phaseSpeed, speedChoices, speedRule } from './speed.js'
import { atById, carried, cardOf, inPlay, isHeavy, maxSpeed, minSpeed, spendablePp, weaponCard } from './stats.js'
import { ACTION_PP, avoidCost, patternCost, spotTurnCost } from './tables.js'
import type { At, Dir6, PatternKey, ProgramStep, RbOrder, RbScenario, RbState, WeaponState } from './types.js'

type ProgramOrder = Extract<RbOrder, { kind: 'program' }>
type SpeedOrder = Extract<RbOrder, { kind: 'speed' }>

/** A step as the notation writes it: F, T2R, O1L, P3R, SL60, MAG hmg, STAND. */
export function stepText(step: ProgramStep): string {
  switch (step.op) {
    case 'T':
    case 'O':
    case 'P':
      return `${step.op}${step.n}${step.side}`
    case 'S':
      return `S${step.side}${step.deg}`
    case 'MAG':
    case 'PURGE':
    case 'RELOAD':
      return `${step.op} ${step.weapon}`
    default:
      return step.op
  }
}

/** RB-2.3, 2.4: the map edge is an obstacle, and so is every obstacle hex unless the scenario ignores them (S1,
 * AMB-RB-14: the edge still stops movement). */
function isObstacle(scn: RbScenario, hex: OffsetHex): boolean {
  if (!inBounds(scn.map, hex)) return true
  return !scn.ignoreObstacles && scn.map.obstacles.includes(offsetKey(hex))
}

// ---------------------------------------------------------------------------------------------------
// One program, step by step: the same walk checks a program (on a clone) and runs it (on the state)
// ---------------------------------------------------------------------------------------------------

interface Walk {
  state: RbState
  /** The AT walking: a clone when checking, the state's own when running. */
  at: At
  speed: number
  /** Action PP it may spend (RB-7.2, 8.2, 9.3, 11.4). */
  budget: number
  mp: number
  pp: number
  /** The T or O pattern whose repeats cost 0 (RB-7.8, 8.6, AMB-RB-6); any other step ends it. */
  chain: string | null
  path: OffsetHex[]
  /** The hex it was in before entering its current one (RB-13.8). */
  prev: OffsetHex | null
  blockedAt: number | null
  blockedHex: OffsetHex | null
  stands: number
  /** Running: the dice and the events; null when only checking. */
  run: { dice: Dice; events: GameEvent[]; segment: { from: OffsetHex; path: OffsetHex[]; facing: Direction } } | null
}

function startWalk(state: RbState, at: At, speed: number, run: Walk['run']): Walk {
  return {
    state,
    at,
    speed,
    budget: spendablePp(at),
    mp: 0,
    pp: 0,
    chain: null,
    path: [],
    prev: null,
    blockedAt: null,
    blockedHex: null,
    stands: 0,
    run,
  }
}

/** RB-6.3: forward at positive speed, backward at negative. */
function travel(w: Walk): Direction {
  return w.speed < 0 ? reverseDirection(w.at.facing) : w.at.facing
}

/** One hex in `dir`; an obstacle stops it where it is (RB-10.1, 10.3) and ends the program. */
function enter(w: Walk, dir: Direction, index: number): boolean {
  const hex = w.at.hex!
  const next = offsetNeighbor(hex, dir)
  if (isObstacle(w.state.scenario, next)) {
    w.blockedAt = index
    w.blockedHex = next
    return false
  }
  w.prev = hex
  w.at.hex = next
  w.path.push(next)
  w.run?.segment.path.push(next)
  return true
}

/** Running: reports the movement since the last report (before an action, and at the end). */
function flushMove(w: Walk): void {
  if (!w.run) return
  const seg = w.run.segment
  const hex = w.at.hex!
  if (seg.path.length > 0 || seg.facing !== w.at.facing) {
    w.run.events.push({
      type: 'move',
      ref: 'RB-6.4',
      at: w.at.id,
      from: [seg.from.col, seg.from.row],
      to: [hex.col, hex.row],
      path: seg.path.map((h) => [h.col, h.row]),
      facing: w.at.facing,
    })
  }
  w.run.segment = { from: hex, path: [], facing: w.at.facing }
}

function ppRule(step: ProgramStep): string {
  switch (step.op) {
    case 'O':
      return 'RB-8.2'
    case 'P':
      return 'RB-9.3'
    case 'MAG':
      return 'RB-11.4'
    case 'PURGE':
      return 'RB-5.6'
    case 'RELOAD':
      return 'RB-23-S9'
    case 'SMOKE':
      return 'GAP-RB-8'
    default:
      return 'RB-7.2'
  }
}

function findWeapon(at: At, id: string): WeaponState | undefined {
  return carried(at).find((w) => w.id === id)
}

/**
 * One step: its errors (nothing changes then), or its effect on the walk. A step into an obstacle sets
 * `blockedAt` and ends the walk.
 */
function stepOnce(w: Walk, step: ProgramStep, index: number): OrderError[] {
  const scn = w.state.scenario
  const at = w.at
  const base = { at: at.id, step: index + 1, text: stepText(step) }
  const fail = (rule: string, key: MoveMessageKey, extra: Record<string, string | number> = {}) => [
    refuseMove(rule, key, { ...base, ...extra }),
  ]
  const mpOk = (n: number) => w.mp + n <= Math.abs(w.speed)
  const mpFail = () => fail('RB-6.2', 'realbattle.move.mpOver', { need: Math.abs(w.speed), speed: w.speed })
  const pay = (pp: number): OrderError[] | null =>
    w.pp + pp > w.budget ? fail(ppRule(step), 'realbattle.move.pp', { need: w.pp + pp, has: w.budget }) : null
  const spend = (pp: number) => {
    w.pp += pp
    if (w.run) at.actionPp -= pp
  }
  const action = (type: string, ref: string, fields: Record<string, unknown>) => {
    if (!w.run) return
    flushMove(w)
    w.run.events.push({ type, ref, at: at.id, ...fields })
  }

  if (at.fallen && step.op !== 'STAND') return fail('RB-19.1', 'realbattle.move.fallen')
  const chainKey = step.op === 'T' || step.op === 'O' ? `${step.op}${step.n}` : null
  const repeat = chainKey !== null && w.chain === chainKey

  switch (step.op) {
    case 'STAND': {
      if (!at.fallen) return fail('RB-19.3', 'realbattle.move.standNotFallen')
      if (w.stands > 0 || (w.run && at.stoodUpTried)) return fail('AMB-RB-12', 'realbattle.move.standTwice')
      w.stands++
      if (w.run) standUp(scn, at, w.run.dice, w.run.events)
      break
    }
    case 'F':
    case 'B': {
      if (step.op === 'F' && w.speed <= 0) return fail('RB-6.3', 'realbattle.move.forwardOnly', { speed: w.speed })
      if (step.op === 'B' && w.speed >= 0) return fail('RB-6.3', 'realbattle.move.backwardOnly', { speed: w.speed })
      if (!mpOk(1)) return mpFail()
      w.mp += 1
      enter(w, travel(w), index)
      break
    }
    case 'T':
    case 'O': {
      const cost = patternCost(scn.tables, chainKey as PatternKey, w.speed, at.heavy)
      if (!cost.ok) return fail(cost.rule, 'realbattle.move.noPattern', { speed: w.speed })
      if (!mpOk(step.n)) return mpFail()
      const pp = repeat ? 0 : cost.pp
      const short = pay(pp)
      if (short) return short
      spend(pp)
      w.mp += step.n
      const straight = step.op === 'T' ? step.n : step.n - 1
      for (let k = 0; k < straight; k++) if (!enter(w, travel(w), index)) return []
      if (step.op === 'T') {
        at.facing = step.side === 'R' ? turnRight(at.facing) : turnLeft(at.facing)
      } else {
        // RB-8.6a [H]: the last step goes into the FR / FL hex (backward: BR / BL); the facing stays.
        const turns = w.speed < 0 ? 2 : 1
        const dir = step.side === 'R' ? turnRight(at.facing, turns) : turnLeft(at.facing, turns)
        if (!enter(w, dir, index)) return []
      }
      break
    }
    case 'P': {
      if (!cardOf(scn, at).turnPick) return fail('RB-9.2', 'realbattle.move.noTurnPick')
      const cost = patternCost(scn.tables, `P${step.n}`, w.speed, at.heavy)
      if (!cost.ok) {
        const key = cost.reason === 'heavy' ? 'realbattle.move.heavyPick' : 'realbattle.move.noPattern'
        return fail(cost.rule, key, { speed: w.speed })
      }
      const short = pay(cost.pp)
      if (short) return short
      spend(cost.pp)
      at.facing = step.side === 'R' ? turnRight(at.facing, step.n) : turnLeft(at.facing, step.n)
      break
    }
    case 'S': {
      if (w.speed !== 0) return fail('RB-7.7', 'realbattle.move.spotSpeed', { speed: w.speed })
      const pp = spotTurnCost(step.deg)
      if (pp === null) return fail('RB-7.7', 'realbattle.move.spot180')
      const short = pay(pp)
      if (short) return short
      spend(pp)
      const turns = step.deg / 60
      at.facing = step.side === 'R' ? turnRight(at.facing, turns) : turnLeft(at.facing, turns)
      break
    }
    case 'MAG': {
      const weapon = findWeapon(at, step.weapon)
      if (!weapon) return fail('RB-11.2', 'realbattle.move.noWeapon', { weapon: step.weapon })
      const card = weaponCard(scn, weapon)
      if (!card.magazine.allowed) return fail('RB-11.3', 'realbattle.move.magStar', { weapon: weapon.id })
      if (weapon.magazines <= 0) return fail('RB-11.2', 'realbattle.move.magNone', { weapon: weapon.id })
      const short = pay(ACTION_PP.magazine)
      if (short) return short
      spend(ACTION_PP.magazine)
      weapon.ammo = card.ammo ?? weapon.ammo
      weapon.magazines -= 1
      action('magazine', 'RB-11.4', { weapon: weapon.id })
      break
    }
    case 'PURGE': {
      const weapon = findWeapon(at, step.weapon)
      if (!weapon) return fail('RB-5.6', 'realbattle.move.noWeapon', { weapon: step.weapon })
      const card = weaponCard(scn, weapon)
      if (card.builtIn) return fail('RB-5.6', 'realbattle.move.purgeBuiltIn', { weapon: weapon.id })
      const hand = weapon.mount === 'handR' || weapon.mount === 'handL'
      if (!hand && card.kind !== 'launcher') return fail('RB-5.6', 'realbattle.move.purgeKind', { weapon: weapon.id })
      const pp = hand ? ACTION_PP.purgeHand : ACTION_PP.purgeLauncher
      const short = pay(pp)
      if (short) return short
      spend(pp)
      weapon.purged = true
      action('purge', 'RB-5.6', { weapon: weapon.id })
      break
    }
    case 'RELOAD': {
      const weapon = findWeapon(at, step.weapon)
      if (!weapon) return fail('RB-23-S9', 'realbattle.move.noWeapon', { weapon: step.weapon })
      const card = weaponCard(scn, weapon)
      if (card.kind !== 'launcher') return fail('RB-23-S9', 'realbattle.move.reloadKind', { weapon: weapon.id })
      if (weapon.ammo > 0)
        return fail('RB-23-S9', 'realbattle.move.reloadNotEmpty', { weapon: weapon.id, ammo: weapon.ammo })
      const spare = carried(at).find((s) => s.magazines > 0 && weaponCard(scn, s).reload)
      const reload = spare ? weaponCard(scn, spare).reload : undefined
      if (!spare || !reload) return fail('RB-23-S9', 'realbattle.move.reloadNoSpare', { weapon: weapon.id })
      const short = pay(reload.pp)
      if (short) return short
      spend(reload.pp)
      weapon.ammo = Math.min(reload.rounds, card.ammo ?? reload.rounds)
      spare.magazines -= 1
      action('reload', 'RB-23-S9', { weapon: weapon.id })
      break
    }
    case 'SMOKE': {
      const discharger = carried(at).find((s) => s.ammo > 0 && weaponCard(scn, s).kind === 'smoke')
      if (!discharger) return fail('GAP-RB-8', 'realbattle.move.smokeNone')
      const short = pay(ACTION_PP.smoke)
      if (short) return short
      spend(ACTION_PP.smoke)
      discharger.ammo -= 1
      const hex = { ...at.hex! }
      if (w.run) w.state.smoke.push({ hex, camp: at.camp })
      action('smoke-laid', 'GAP-RB-8', { hex: [hex.col, hex.row] })
      break
    }
  }
  w.chain = chainKey
  return []
}

/** The steps of an AT that sends no program (or an empty one): straight ahead by its speed (RB-6.2, 22.2). */
function straight(speed: number, from = 0): ProgramStep[] {
  const n = Math.max(0, Math.abs(speed) - from)
  return Array.from({ length: n }, () => (speed < 0 ? { op: 'B' as const } : { op: 'F' as const }))
}

export interface Simulation {
  errors: OrderError[]
  path: OffsetHex[]
  hex: OffsetHex
  facing: Direction
  pp: number
  mp: number
  /** Index of the step that hits an obstacle (RB-10.1), or null. */
  blockedAt: number | null
}

/**
 * Follows a program from the AT's hex and facing at `speed` (the speed after its change) without changing
 * anything: the first step at fault (its errors, and the walk stops there), the hexes entered, where it ends,
 * and the PP and MP spent. A step into an obstacle ends the program there (RB-10.3), and the MP need not add
 * up then; otherwise they must be exactly |speed| (RB-6.2). No steps: straight ahead by its speed.
 */
export function simulateProgram(state: RbState, at: At, speed: number, steps: ProgramStep[]): Simulation {
  if (!at.hex) {
    const errors = [refuseMove('RB-5.3', 'realbattle.move.noAt', { at: at.id })]
    return { errors, path: [], hex: { col: -1, row: -1 }, facing: at.facing, pp: 0, mp: 0, blockedAt: null }
  }
  const clone = structuredClone(at)
  const w = startWalk(state, clone, speed, null)
  const program = steps.length === 0 && !at.fallen ? straight(speed) : steps
  const errors: OrderError[] = []
  for (const [i, step] of program.entries()) {
    errors.push(...stepOnce(w, step, i))
    if (errors.length > 0 || w.blockedAt !== null) break
  }
  if (errors.length === 0 && w.blockedAt === null && w.mp !== Math.abs(speed)) {
    const params = { at: at.id, step: program.length, mp: w.mp, need: Math.abs(speed), speed }
    errors.push(refuseMove('RB-6.2', 'realbattle.move.mpShort', params))
  }
  return { errors, path: w.path, hex: clone.hex!, facing: clone.facing, pp: w.pp, mp: w.mp, blockedAt: w.blockedAt }
}

/** What an AT may do in its action phase at `speed`, for the seat's options (AtOptions.action). */
export interface ActionChoices {
  /** Each pattern it may use now and its PP as the first of a chain (T6, RB-7.7, 9.2, 20.1). */
  patterns: Array<{ step: string; pp: number }>
  canStand: boolean
  magazines: string[]
  reloads: string[]
  purgeable: string[]
  smoke: boolean
}

/**
 * The patterns and actions open to the AT at `speed`, each checked as a one-step program would be (so the
 * PP it has now count): turns, obliques and pick turns with their PP, on-the-spot turns at speed 0, and the
 * weapons a magazine change, reload or purge may name. A fallen AT may only stand (RB-19.1).
 */
export function actionChoices(state: RbState, at: At, speed: number): ActionChoices {
  const out: ActionChoices = { patterns: [], canStand: false, magazines: [], reloads: [], purgeable: [], smoke: false }
  if (!at.hex) return out
  // The PP of the step alone, or null when it cannot be made now.
  const one = (step: ProgramStep): number | null => {
    const w = startWalk(state, structuredClone(at), speed, null)
    return stepOnce(w, step, 0).length === 0 ? w.pp : null
  }
  if (at.fallen) {
    out.canStand = one({ op: 'STAND' }) !== null && !at.stoodUpTried
    return out
  }
  const candidates: ProgramStep[] = []
  for (const op of ['T', 'O', 'P'] as const) for (const n of [1, 2, 3] as const) candidates.push({ op, n, side: 'R' })
  candidates.push({ op: 'S', side: 'R', deg: 60 }, { op: 'S', side: 'R', deg: 120 })
  for (const step of candidates) {
    const pp = one(step)
    if (pp !== null) out.patterns.push({ step: stepText(step).replace(/R(\d*)$/, '$1'), pp })
  }
  for (const weapon of carried(at)) {
    if (one({ op: 'MAG', weapon: weapon.id }) !== null) out.magazines.push(weapon.id)
    if (one({ op: 'RELOAD', weapon: weapon.id }) !== null) out.reloads.push(weapon.id)
    if (one({ op: 'PURGE', weapon: weapon.id }) !== null) out.purgeable.push(weapon.id)
  }
  out.smoke = one({ op: 'SMOKE' }) !== null
  return out
}

// ---------------------------------------------------------------------------------------------------
// Checks (validate)
// ---------------------------------------------------------------------------------------------------

/** Who may order the AT now: it is in play, of this seat, of the camp whose action phase it is. */
function whoErrors(state: RbState, seat: string, id: string, place: { order: number; field?: string }): OrderError[] {
  const at = atById(state, id)
  if (!at || !inPlay(at)) return [refuseMove('RB-5.3', 'realbattle.move.noAt', { at: id }, place)]
  if (at.seat !== seat) return [refuseMove('RB-1.5a', 'realbattle.move.notYours', { at: id }, place)]
  if (at.camp !== state.active) return [refuseMove('RB-5.5', 'realbattle.move.notActive', { at: id }, place)]
  return []
}

/** The speeds the AT may take now: those stored at the reveal, else worked out (RB-4.4). */
function choicesOf(state: RbState, at: At): number[] {
  return at.speedChoices ?? speedChoices(state.scenario, at)
}

function speedErrors(state: RbState, at: At, speed: number, place: { order: number; field?: string }): OrderError[] {
  const choices = choicesOf(state, at)
  if (choices.includes(speed)) return []
  const scn = state.scenario
  const rule = speedRule(scn, at, speed)
  const where = { ...place, field: 'speed' }
  if (rule === 'RB-4.5') {
    const params = { at: at.id, speed, min: minSpeed(scn, at), max: maxSpeed(scn, at) }
    return [refuseMove(rule, 'realbattle.move.speedRange', params, where)]
  }
  if (rule === 'RB-4.8') {
    return [refuseMove(rule, 'realbattle.move.speedCross', { at: at.id, speed, from: at.speed }, where)]
  }
  const params = { at: at.id, speed, choices: choices.join(', ') }
  return [refuseMove(rule, 'realbattle.move.speedChoice', params, where)]
}

/** A `speed` order (RB-4.4): the AT is the seat's, in its action phase, and the speed one of its choices. */
export function checkSpeedOrder(state: RbState, seat: string, order: SpeedOrder, index: number): OrderError[] {
  const place = { order: index }
  const who = whoErrors(state, seat, order.at, place)
  if (who.length > 0) return who
  return speedErrors(state, atById(state, order.at)!, order.speed, place)
}

/**
 * A `program` order at `speed` (the speed the AT takes in this phase: its speed order, or the default):
 * who may send it, the speed (RB-4.4, 4.5, 4.8), the collision target (RB-6.6), confusion (RB-22.2), then
 * the program itself (simulateProgram). Refusals carry the order's index.
 */
export function checkProgram(
  state: RbState,
  seat: string,
  order: ProgramOrder,
  speed: number,
  index: number,
): OrderError[] {
  const place = { order: index }
  const who = whoErrors(state, seat, order.at, place)
  if (who.length > 0) return who
  const at = atById(state, order.at)!
  const errors = speedErrors(state, at, speed, place)
  if (order.target !== undefined) {
    const target = atById(state, order.target)
    if (!target || !inPlay(target) || target.id === at.id)
      errors.push(
        refuseMove('RB-6.6', 'realbattle.move.noTarget', { target: order.target }, { ...place, field: 'target' }),
      )
  }
  if (errors.length > 0) return errors
  if (at.confused) {
    if (order.steps.length === 0) return []
    return [refuseMove('RB-22.2', 'realbattle.move.confused', { at: at.id }, { ...place, field: 'steps' })]
  }
  return simulateProgram(state, at, speed, order.steps).errors.map((e) => ({ ...e, ...place, field: 'steps' }))
}

// ---------------------------------------------------------------------------------------------------
// The action phase (resolve)
// ---------------------------------------------------------------------------------------------------

/** RB-16.4, 20.1, 20.2: damage taken; destroyed at 0 or less; heavy damage at half, and its speed limit. */
function takeDamage(scn: RbScenario, at: At, damage: number, events: GameEvent[]): void {
  if (damage <= 0) return
  const before = at.durability
  at.durability = Math.max(0, before - damage)
  if (before - damage <= 0) {
    at.destroyed = true
    at.destroyedBy = 'damage'
    // The campaign's survival check (RB-24.15) reads the damage of the phase and the durability before it.
    events.push({
      type: 'destroyed',
      ref: 'RB-16.4',
      at: at.id,
      by: 'damage',
      damageThisPhase: damage,
      durabilityBefore: before,
    })
    return
  }
  if (!at.heavy && isHeavy(scn, at)) {
    at.heavy = true
    events.push({ type: 'heavy-damage', ref: 'RB-20.1', at: at.id, maxSpeed: maxSpeed(scn, at) })
    clampSpeed(scn, at, events)
  }
}

/**
 * RB-5.4 (AMB-RB-4): |speed| high first, then action PP low, attack PP high, base PP low; ATs still tied
 * are put in order by dice (one die per pick, rolled only when a tie remains).
 */
export function priorityOrder(ats: At[], dice: Dice): At[] {
  const key = (a: At) => [-Math.abs(a.speed), a.actionPp, -(a.plan?.atk ?? 0), a.pilot.basePp]
  const compare = (a: At, b: At) => {
    const ka = key(a)
    const kb = key(b)
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!
    return 0
  }
  const sorted = [...ats].sort((a, b) => compare(a, b) || a.id.localeCompare(b.id))
  const out: At[] = []
  let i = 0
  while (i < sorted.length) {
    let j = i + 1
    while (j < sorted.length && compare(sorted[i]!, sorted[j]!) === 0) j++
    const tied = sorted.slice(i, j)
    while (tied.length > 1) {
      const pick = dice.roll(tied.length, 'priority', 'RB-5.4')
      out.push(tied.splice(pick - 1, 1)[0]!)
    }
    out.push(...tied)
    i = j
  }
  return out
}

/** RB-10.6: the speed a collision uses, by the direction the mover struck the target from. */
function collisionSpeed(dir: Dir6, mover: number, target: number): number {
  const a = Math.abs(mover)
  const b = Math.abs(target)
  if (dir === 'FF') return a + b
  if (dir === 'BB') return Math.abs(a - b)
  return Math.max(a, b)
}

/** RB-10.4 / AMB-RB-7: |speed| lowered by the damage, toward 0, never across it. */
function slowDown(at: At, damage: number, events: GameEvent[]): void {
  if (damage <= 0 || at.speed === 0) return
  const abs = Math.max(0, Math.abs(at.speed) - damage)
  applySpeed(at, at.speed < 0 ? -abs : abs, 'RB-10.4', events)
}

function sameHex(a: OffsetHex | null, b: OffsetHex | null): boolean {
  return !!a && !!b && a.col === b.col && a.row === b.row
}

/** PP paid for an avoidance: the enemy's are counted against its next reveal (AMB-RB-2). */
function payAvoid(state: RbState, at: At, pp: number): void {
  if (at.camp === state.active) at.actionPp -= pp
  else at.spentEnemyTurn += pp
}

/**
 * RB-6.6 / AMB-RB-5, checked when the AT has finished: its hex holds other ATs. The mover picks the target
 * (its order's, or the first by id), pays to avoid unless it rams or cannot; then the target may pay by its
 * standing order; else they collide (RB-10.5, 10.6): damage V + 2 − 1d6 each, speeds lowered, fall checks.
 * House readings: a pair that avoided or collided is settled for the rest of the phase (a friend that paid
 * does not face the same AT again when it finishes); an AT that did not enter its hex this phase strikes from
 * FF (as RB-13.8 treats an AT that has not moved); a fallen AT (RB-19.1) and a confused one (RB-22.2: it can
 * do nothing) do not pay to avoid.
 */
function collideAtEnd(
  state: RbState,
  at: At,
  order: ProgramOrder | undefined,
  settled: Set<string>,
  dice: Dice,
  events: GameEvent[],
): void {
  const scn = state.scenario
  const pair = (o: At) => [at.id, o.id].sort().join(' ')
  const others = state.ats
    .filter((o) => o.id !== at.id && inPlay(o) && sameHex(o.hex, at.hex) && !settled.has(pair(o)))
    .sort((a, b) => a.id.localeCompare(b.id))
  if (others.length === 0 || !inPlay(at)) return
  const target = others.find((o) => o.id === order?.target) ?? others[0]!
  settled.add(pair(target))
  const dir: Dir6 = at.enteredFrom
    ? sector(offsetToAxial(target.hex!), target.facing, offsetToAxial(at.enteredFrom))
    : 'FF'
  const base = { type: 'collision', ref: 'RB-6.6', at: at.id, target: target.id, direction: dir }
  const moverPp = avoidCost(at.speed)
  const rams = order?.collide === 'ram' || at.confused || at.fallen
  if (!rams && spendablePp(at) >= moverPp) {
    payAvoid(state, at, moverPp)
    events.push({ ...base, damage: {}, avoidedBy: at.id, pp: moverPp })
    return
  }
  const targetPp = avoidCost(target.speed)
  if (target.policies.avoid === 'avoid-if-affordable' && !target.fallen && spendablePp(target) >= targetPp) {
    payAvoid(state, target, targetPp)
    events.push({ ...base, damage: {}, avoidedBy: target.id, pp: targetPp })
    return
  }
  const v = collisionSpeed(dir, at.speed, target.speed)
  const rollMover = dice.roll(6, `collision damage of ${at.id}`, 'RB-10.5')
  const rollTarget = dice.roll(6, `collision damage of ${target.id}`, 'RB-10.5')
  const damageMover = Math.max(0, v + 2 - rollMover)
  const damageTarget = Math.max(0, v + 2 - rollTarget)
  events.push({
    ...base,
    ref: 'RB-10.6',
    damage: { [at.id]: damageMover, [target.id]: damageTarget },
    rolls: { [at.id]: rollMover, [target.id]: rollTarget },
  })
  for (const [who, damage] of [
    [at, damageMover],
    [target, damageTarget],
  ] as const) {
    slowDown(who, damage, events)
    takeDamage(scn, who, damage, events)
  }
  fallCheck(scn, at, { damage: damageMover, other: target, ref: 'RB-10.5' }, at.camp !== state.active, dice, events)
  fallCheck(
    scn,
    target,
    { damage: damageTarget, other: at, ref: 'RB-10.5' },
    target.camp !== state.active,
    dice,
    events,
  )
}

/** RB-10.1, 10.3, 10.5: into an obstacle: it stays where it was, speed 0, damage |v| + 2 − 1d6, a fall check. */
function hitObstacle(state: RbState, at: At, hex: OffsetHex, dice: Dice, events: GameEvent[]): void {
  const speed = at.speed
  const roll = dice.roll(6, `obstacle collision of ${at.id}`, 'RB-10.5')
  const damage = Math.max(0, Math.abs(speed) + 2 - roll)
  events.push({ type: 'collision-obstacle', ref: 'RB-10.3', at: at.id, hex: [hex.col, hex.row], speed, damage, roll })
  applySpeed(at, 0, 'RB-10.3', events)
  takeDamage(state.scenario, at, damage, events)
  fallCheck(state.scenario, at, { damage, ref: 'RB-10.5' }, false, dice, events)
}

/**
 * One AT's action. A confused AT (RB-22.2), or one without a program, goes straight by its speed.
 * House reading (RB-6.2, 10.4, 18.10): an AT whose speed or state an earlier collision in this phase changed
 * runs its program while each step can still be made (MP left, the table entry at its speed, the PP), and
 * goes straight for any MP left; the same holds when a step can no longer be paid for.
 */
function act(
  state: RbState,
  at: At,
  order: ProgramOrder | undefined,
  settled: Set<string>,
  dice: Dice,
  events: GameEvent[],
): void {
  const start = { ...at.hex! }
  const run = { dice, events, segment: { from: start, path: [] as OffsetHex[], facing: at.facing } }
  const w = startWalk(state, at, at.speed, run)
  const program = !at.confused && order ? order.steps : []
  for (const [i, step] of program.entries()) {
    if (stepOnce(w, step, i).length > 0 || w.blockedAt !== null || !inPlay(at)) break
  }
  if (w.blockedAt === null && !at.fallen && inPlay(at)) {
    for (const [k, step] of straight(w.speed, w.mp).entries()) {
      stepOnce(w, step, program.length + k)
      if (w.blockedAt !== null) break
    }
  }
  flushMove(w)
  if (w.path.length > 0) at.enteredFrom = w.prev
  if (w.blockedHex) hitObstacle(state, at, w.blockedHex, dice, events)
  collideAtEnd(state, at, order, settled, dice, events)
}

/**
 * The active camp's accel/decel and action phases (RB-4, 5): every AT takes its speed (its order, else the
 * default; a plan error or confusion keeps it, RB-22), then the ATs act in the RB-5.4 order. Mutates the
 * state, which the caller has cloned.
 */
export function runActionPhase(state: RbState, orders: RbOrder[], dice: Dice, events: GameEvent[]): void {
  const mine = state.ats.filter((a) => a.camp === state.active && inPlay(a))
  const speedOrder = new Map<string, number>()
  const programs = new Map<string, ProgramOrder>()
  for (const o of orders) {
    if (o.kind === 'speed') speedOrder.set(o.at, o.speed)
    if (o.kind === 'program' && !programs.has(o.at)) programs.set(o.at, o)
  }
  for (const at of mine) {
    at.enteredFrom = null
    at.stoodUpTried = false
    // RB-22.1/22.2: the plan error and the confusion were told at the reveal (sequence.ts, phase ①).
    applySpeed(at, phaseSpeed(state.scenario, at, speedOrder.get(at.id)), 'RB-4.4', events)
    at.speedChoices = null
  }
  const settled = new Set<string>()
  for (const at of priorityOrder(mine, dice)) {
    if (!inPlay(at)) continue
    act(state, at, programs.get(at.id), settled, dice, events)
  }
}
