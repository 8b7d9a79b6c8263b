// GREEN NOA: what a seat may do now (the `options` of the Ruleset) and what attacks would do (`preview`).
// Movement: each unit's reachable hexes with the facings possible there, the cheapest program for each;
// combat: each legal attack with its difference, direction modifier and the odds of each result.
import {
  inBounds,
  offsetDistance,
  offsetKey,
  offsetNeighbor,
  turnLeft,
  turnRight,
  type Direction,
} from '../../../engine/hex/index.js'
import { fillTemplate, type MessageParams } from '../../../engine/messages.js'
import { MESSAGES, type MessageKey } from './messages.js'
import { attackProblems, fireDiff, meleeDiff, stackedEnemy } from './combat.js'
import { attackDirection } from './direction.js'
import { movementPoints, traceSteps } from './movement.js'
import { pendingStep, type StepKind } from './sequence.js'
import { fireResult, fireTotal, meleeResult, meleeTotal } from './tables.js'
import type { AttackOrder, GnOrder, GnState, PhaseNo, Side, Step, Unit } from './types.js'
import { findUnit, hexLabel, isS, liveUnits, otherSide, pilotOf, turnLimit, unitType } from './units.js'

/** One end of a move: the hex and facing, the cheapest program reaching them, its MP and turns. */
export interface MoveChoice {
  col: number
  row: number
  facing: Direction
  steps: string
  mp: number
  turns: number
}

export interface UnitMoves {
  unit: string
  nameJa: string
  name: string
  hex: { col: number; row: number }
  facing: Direction
  form: string
  /** MP this phase and turns left this inning (GN-4-4, GN-4-5). */
  mp: number
  turnsLeft: number
  /** Forms it may change to at the start of this phase (GN-11); `moves` are in its current form. */
  forms: string[]
  /** For each of `forms`: the moves after changing to it first (MP halved this phase, GN-11). */
  formMoves: Array<{ form: string; mp: number; moves: MoveChoice[] }>
  /** Why it cannot move, when it cannot (S, M), in English; the rule it cites and the message key. */
  blocked: string | null
  blockedRule: string | null
  blockedKey: BlockedKey | null
  moves: MoveChoice[]
}

/** The chance of one result, in 36ths of 2D6. */
export interface Chance {
  result: string
  in36: number
}

export interface AttackChoice {
  kind: 'fire' | 'melee'
  unit: string
  target: string
  /** FP − d − DEF (fire) or MEL − MEL (melee), as it would be declared now (AMB-GN-1). */
  diff: number
  distance: number
  /** Fire only (GN-10): the attacker's hex seen from the target, and the modifier. */
  direction: 'front' | 'side' | 'rear' | null
  directionMod: number
  /** +2 when the target is S now (GN-7-4, GN-8-2). */
  sMod: number
  pilotMod: number
  /** A melee the rules add if left out (GN-5-2). */
  compulsory: boolean
  odds: Chance[]
}

export interface GnSeatOptions {
  side: Side | null
  /** What this seat's step takes, or null when it has nothing to decide now. */
  step: StepKind | null
  inning: number
  phase: PhaseNo
  units: UnitMoves[]
  attacks: AttackChoice[]
}

/** Seats are named after the side they play (one seat a side). */
export function sideOfSeat(seat: string): Side | null {
  return seat === 'AEUG' || seat === 'TITANS' ? seat : null
}

/**
 * GN-4-4, GN-4-5: every (hex, facing) a unit can end at, with the cheapest program (fewest MP, then fewest
 * turns), never leaving the map (GN-4-5a), never ending on a friendly unit that stays (GN-5-1).
 */
export function reachable(state: GnState, unit: Unit, form: string = unit.form): MoveChoice[] {
  const transformed = form !== unit.form
  const mp = movementPoints(state, unit, form, transformed)
  const turnsLeft = turnLimit(state.scenario, { type: unit.type, form, pilot: unit.pilot }) - unit.turnsUsed
  const map = state.scenario.map
  const friends = new Set(
    liveUnits(state, unit.side)
      .filter((u) => u.id !== unit.id)
      .map((u) => offsetKey(u.hex)),
  )
  type Node = { hex: Unit['hex']; facing: Direction; turns: number; steps: Step[] }
  const seen = new Set<string>()
  const best = new Map<string, MoveChoice>()
  let frontier: Node[] = [{ hex: unit.hex, facing: unit.facing, turns: 0, steps: [] }]
  seen.add(`${offsetKey(unit.hex)}/${unit.facing}/0`)
  for (let spent = 1; spent <= mp && frontier.length > 0; spent++) {
    const next: Node[] = []
    for (const n of frontier) {
      const candidates: Node[] = [
        { hex: offsetNeighbor(n.hex, n.facing), facing: n.facing, turns: n.turns, steps: [...n.steps, 'F'] },
      ]
      if (n.turns < turnsLeft) {
        candidates.push({ hex: n.hex, facing: turnLeft(n.facing), turns: n.turns + 1, steps: [...n.steps, 'L'] })
        candidates.push({ hex: n.hex, facing: turnRight(n.facing), turns: n.turns + 1, steps: [...n.steps, 'R'] })
      }
      for (const c of candidates) {
        if (!inBounds(map, c.hex)) continue
        const key = `${offsetKey(c.hex)}/${c.facing}/${c.turns}`
        if (seen.has(key)) continue
        seen.add(key)
        next.push(c)
        const end = `${offsetKey(c.hex)}/${c.facing}`
        const isStart = offsetKey(c.hex) === offsetKey(unit.hex) && c.facing === unit.facing
        const prev = best.get(end)
        if (isStart || friends.has(offsetKey(c.hex))) continue
        if (!prev || prev.mp > spent || (prev.mp === spent && prev.turns > c.turns))
          best.set(end, {
            col: c.hex.col,
            row: c.hex.row,
            facing: c.facing,
            steps: c.steps.join(''),
            mp: spent,
            turns: c.turns,
          })
      }
    }
    frontier = next
  }
  return [...best.values()].sort((a, b) => a.col - b.col || a.row - b.row || a.facing - b.facing)
}

export type BlockedKey = 'greennoa.blocked.S' | 'greennoa.blocked.M'
/** Why a unit cannot move: S (GN-7-7) or M (GN-4-5b). */
const BLOCKED = {
  S: { rule: 'GN-7-7', key: 'greennoa.blocked.S' },
  M: { rule: 'GN-4-5b', key: 'greennoa.blocked.M' },
} as const satisfies Record<string, { rule: string; key: BlockedKey }>

function unitMoves(state: GnState, unit: Unit): UnitMoves {
  const type = unitType(state.scenario, unit)
  const why = isS(unit) ? BLOCKED.S : unit.m ? BLOCKED.M : null
  const blocked = why && MESSAGES[why.key]
  const forms = isS(unit) ? [] : type.formOrder.filter((f) => f !== unit.form)
  return {
    unit: unit.id,
    nameJa: type.nameJa,
    name: type.name,
    hex: { ...unit.hex },
    facing: unit.facing,
    form: unit.form,
    mp: movementPoints(state, unit, unit.form, false),
    turnsLeft: turnLimit(state.scenario, unit) - unit.turnsUsed,
    forms,
    formMoves: forms.map((form) => ({
      form,
      mp: movementPoints(state, unit, form, true),
      moves: blocked ? [] : reachable(state, unit, form),
    })),
    blocked,
    blockedRule: why?.rule ?? null,
    blockedKey: why?.key ?? null,
    moves: blocked ? [] : reachable(state, unit),
  }
}

/** The odds of each result over the 36 outcomes of 2D6, most likely first. */
function oddsOf(roll: (dice: number) => string): Chance[] {
  const counts = new Map<string, number>()
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const r = roll(a + b)
      counts.set(r, (counts.get(r) ?? 0) + 1)
    }
  return [...counts]
    .map(([result, in36]) => ({ result, in36 }))
    .sort((x, y) => y.in36 - x.in36 || x.result.localeCompare(y.result))
}

/** What one attack would do now, or null when it is not legal (attackProblems). */
export function attackChoice(state: GnState, side: Side, order: AttackOrder): AttackChoice | null {
  if (attackProblems(state, side, order).length > 0) return null
  const attacker = findUnit(state, order.unit) as Unit
  const target = findUnit(state, order.target) as Unit
  const sMod = isS(target) ? 2 : 0
  const pAtt = pilotOf(state.scenario, attacker).skill
  const pDef = pilotOf(state.scenario, target).skill
  const distance = offsetDistance(attacker.hex, target.hex)
  const compulsory = order.kind === 'melee' && stackedEnemy(state, attacker)?.id === target.id
  if (order.kind === 'fire') {
    const diff = fireDiff(state, attacker, target)
    const dir = attackDirection(target.hex, target.facing, attacker.hex)
    return {
      kind: 'fire',
      unit: attacker.id,
      target: target.id,
      diff,
      distance,
      direction: dir.direction,
      directionMod: dir.modifier,
      sMod,
      pilotMod: pAtt - pDef,
      compulsory: false,
      odds: oddsOf((d) => fireResult(diff, fireTotal(d, sMod > 0, dir.modifier, pAtt, pDef))),
    }
  }
  const diff = meleeDiff(state, attacker, target)
  const literal = state.options.literalDsDc
  return {
    kind: 'melee',
    unit: attacker.id,
    target: target.id,
    diff,
    distance,
    direction: null,
    directionMod: 0,
    sMod,
    pilotMod: pAtt - pDef,
    compulsory,
    odds: oddsOf((d) => {
      const r = meleeResult(diff, meleeTotal(d, sMod > 0, pAtt, pDef))
      // AMB-GN-4: results against the attacker are void when the target is S.
      if (sMod > 0 && r.startsWith('A')) return '-'
      if (literal && r === 'DS') return 'DC'
      if (literal && r === 'DC') return 'DS'
      return r
    }),
  }
}

/** Every legal attack of `side`'s units now: fire at each enemy in arc and range, melee at each in the same hex. */
function attackChoices(state: GnState, side: Side): AttackChoice[] {
  const out: AttackChoice[] = []
  for (const unit of liveUnits(state, side))
    for (const enemy of liveUnits(state, otherSide(side)))
      for (const kind of ['fire', 'melee'] as const) {
        const choice = attackChoice(state, side, { kind, unit: unit.id, target: enemy.id })
        if (choice) out.push(choice)
      }
  return out
}

/**
 * GN-3-2 [R]: whether the pending step leaves its side anything to decide. Movement: a unit that may change
 * form (GN-11) or has a move (GN-4). Combat: a legal fire (GN-7); a melee is only ever against the enemy in
 * the unit's hex, which the rules add anyway when left out (GN-5-2), so it decides nothing.
 */
export function hasChoice(state: GnState, pending: { side: Side; step: StepKind }): boolean {
  const units = liveUnits(state, pending.side)
  if (pending.step === 'movement')
    return units.some(
      (u) => !isS(u) && (unitType(state.scenario, u).formOrder.length > 1 || (!u.m && reachable(state, u).length > 0)),
    )
  const enemies = liveUnits(state, otherSide(pending.side))
  return units.some((u) =>
    enemies.some((e) => attackProblems(state, pending.side, { kind: 'fire', unit: u.id, target: e.id }).length === 0),
  )
}

/** The seat's options: empty lists when it has nothing to decide now (never throws). */
export function seatOptions(state: GnState, seat: string): GnSeatOptions {
  const side = sideOfSeat(seat)
  const pending = pendingStep(state)
  const base = { side, inning: state.inning, phase: state.phase, units: [], attacks: [] }
  if (!side || !pending || pending.side !== side) return { ...base, step: null }
  if (pending.step === 'movement') {
    return { ...base, step: pending.step, units: liveUnits(state, side).map((u) => unitMoves(state, u)) }
  }
  return { ...base, step: pending.step, attacks: attackChoices(state, side) }
}

export interface PreviewLine {
  order: GnOrder
  /** What the order would do, in English; `key` and `params` give it in another language. */
  text: string
  key: PreviewKey
  params: MessageParams
  attack?: AttackChoice
}

type PreviewKey = Extract<MessageKey, `greennoa.preview.${string}`>

function line(order: GnOrder, key: PreviewKey, params: MessageParams = {}, attack?: AttackChoice): PreviewLine {
  return { order, text: fillTemplate(MESSAGES, MESSAGES[key], params), key, params, ...(attack ? { attack } : {}) }
}

/** What each order would do, without dice: the odds of each attack, the end of each move. */
export function preview(state: GnState, seat: string, orders: readonly GnOrder[]): PreviewLine[] {
  const side = sideOfSeat(seat)
  return orders.map((order) => {
    if (!side) return line(order, 'greennoa.preview.noSeat')
    if (order.kind === 'fire' || order.kind === 'melee') {
      const attack = attackChoice(state, side, order)
      if (!attack) return line(order, 'greennoa.preview.illegal')
      const odds = attack.odds.map((c) => `${c.result} ${c.in36}/36`).join(', ')
      const params = { kind: order.kind, unit: order.unit, target: order.target, diff: attack.diff, odds }
      return line(order, 'greennoa.preview.attack', params, attack)
    }
    if (order.kind === 'move') {
      const unit = findUnit(state, order.unit)
      if (!unit || unit.removed) return line(order, 'greennoa.preview.noUnit')
      const t = traceSteps(unit.hex, unit.facing, order.steps, state.scenario.map)
      const at = {
        unit: unit.id,
        hex: hexLabel(t.hex),
        col: t.hex.col,
        row: t.hex.row,
        facing: t.facing,
        mp: t.mp,
        turns: t.turns,
      }
      return line(order, 'greennoa.preview.move', at)
    }
    if (order.kind === 'transform')
      return line(order, 'greennoa.preview.transform', { unit: order.unit, form: order.form })
    return line(order, 'greennoa.preview.remove', { unit: order.unit })
  })
}
