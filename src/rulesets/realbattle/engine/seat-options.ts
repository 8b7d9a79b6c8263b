// Real Battle: what a seat may do now (the `options` of the Ruleset) and what its orders would do (`preview`).
// Never a sealed value of another seat: an attack's hit number is given before the target's evasion
// (RB-12.11), the evasion only when it is known.
import type { Direction } from '../../../engine/hex/index.js'
import { fillTemplate, type MessageParams } from '../../../engine/messages.js'
import { attackOptions, checkAttacks } from './combat.js'
import { MESSAGES, type MessageKey } from './messages.js'
import { simulateProgram } from './movement.js'
import { planValues } from './plan.js'
import { chosenSpeed, DEPLOY_FACINGS, facingName, hasDecision, hexLabel, pendingSteps, seatsOf } from './sequence.js'
import { carried, inPlay, spendablePp, weaponCard } from './stats.js'
import type { At, AtOptions, AttackOption, PatternKey, RbOrder, RbScenario, RbSeatOptions, RbState } from './types.js'

const PATTERNS: readonly PatternKey[] = ['T1', 'T2', 'T3', 'O1', 'O2', 'O3', 'P1', 'P2', 'P3']

/** T6 (§9.1): each pattern's action PP at |speed| (the row with the largest `from` ≤ |speed|). */
function patternCosts(scn: RbScenario, speed: number): Array<{ step: string; pp: number }> {
  const rows = scn.tables.actionPp.filter((r) => r.from <= Math.abs(speed))
  const row = rows[rows.length - 1]
  if (!row) return []
  return PATTERNS.flatMap((k) => (row.pp[k] === undefined ? [] : [{ step: k, pp: row.pp[k] }]))
}

const text = (key: MessageKey, params: MessageParams = {}) => fillTemplate(MESSAGES, MESSAGES[key], params)

function actionOf(state: RbState, at: At): NonNullable<AtOptions['action']> {
  const scn = state.scenario
  const choices = at.speedChoices ?? [at.speed]
  const ws = carried(at)
  const cardOfW = (w: (typeof ws)[number]) => weaponCard(scn, w)
  const hasSpare = ws.some((w) => cardOfW(w).kind === 'spareSet' && w.magazines > 0)
  return {
    speedChoices: [...choices],
    actionPp: spendablePp(at),
    patterns: patternCosts(scn, choices[0] ?? at.speed),
    canStand: at.fallen && !at.stoodUpTried,
    magazines: ws.filter((w) => cardOfW(w).magazine.allowed && w.magazines > 0).map((w) => w.id),
    reloads: hasSpare ? ws.filter((w) => cardOfW(w).kind === 'launcher' && w.ammo === 0).map((w) => w.id) : [],
    purgeable: ws
      .filter(
        (w) => !cardOfW(w).builtIn && (w.mount === 'handR' || w.mount === 'handL' || cardOfW(w).kind === 'launcher'),
      )
      .map((w) => w.id),
    smoke: ws.some((w) => cardOfW(w).kind === 'smoke' && w.ammo > 0),
  }
}

function blocked(key: MessageKey, ref: string): AtOptions['blocked'] {
  return { reason: text(key), ref }
}

function atOptions(state: RbState, at: At): AtOptions {
  const out: AtOptions = { at: at.id }
  if (state.ended) return out
  if (state.step === 'deploy') {
    if (at.destroyed) return out
    const end = state.ends[at.camp]
    out.deploy = {
      hexes: state.scenario.map.deploy[end].map((k) => k.split(',').map(Number) as [number, number]),
      facings: [...DEPLOY_FACINGS[end]],
    }
    out.plan = { ...planValues(state, at), maxTotal: at.pilot.basePp }
    return out
  }
  if (at.camp !== state.active) return out
  if (!inPlay(at)) return { ...out, blocked: blocked('realbattle.blocked.outOfPlay', 'RB-16.4') }
  switch (state.step) {
    case 'action':
      if (at.confused) return { ...out, blocked: blocked('realbattle.blocked.confused', 'RB-22.2') }
      return { ...out, action: actionOf(state, at) }
    case 'attack': {
      if (at.confused) return { ...out, blocked: blocked('realbattle.blocked.confused', 'RB-22.2') }
      const attacks = at.fallen ? [] : attackOptions(state, at)
      if (attacks.length === 0)
        return { ...out, blocked: blocked('realbattle.blocked.noAttack', at.fallen ? 'RB-19.1' : 'RB-12.1') }
      return { ...out, attacks }
    }
    case 'plan':
      if (at.fallen) return { ...out, blocked: blocked('realbattle.blocked.fallen', 'RB-21.5') }
      return { ...out, plan: { ...planValues(state, at), maxTotal: at.pilot.basePp } }
  }
}

/** The seat's ATs and what each may do now; never throws, whatever the seat. */
export function seatOptions(state: RbState, seat: string): RbSeatOptions {
  const known = seatsOf(state).some((s) => s.id === seat)
  const step = state.ended ? null : state.step
  if (!known) return { seat, step, toAct: false, ats: [] }
  return {
    seat,
    step,
    toAct: pendingSteps(state).some((p) => p.seats.includes(seat)),
    ats: state.ats.filter((a) => a.seat === seat).map((a) => atOptions(state, a)),
  }
}

/** Whether `seat` has anything to decide now. */
export const hasChoice = (state: RbState, seat: string): boolean =>
  state.ats.some((a) => a.seat === seat && hasDecision(state, a))

export const PREVIEW_KEYS = [
  'realbattle.preview.noSeat',
  'realbattle.preview.noAt',
  'realbattle.preview.program',
  'realbattle.preview.programError',
  'realbattle.preview.attack',
  'realbattle.preview.illegal',
  'realbattle.preview.order',
] as const
export type PreviewKey = (typeof PREVIEW_KEYS)[number]

export interface PreviewLine {
  order: RbOrder
  text: string
  key: PreviewKey
  params: MessageParams
  attack?: AttackOption
  program?: { hex: [number, number]; facing: Direction; mp: number; pp: number; errors: number }
}

function line(order: RbOrder, key: PreviewKey, params: MessageParams, more: Partial<PreviewLine> = {}): PreviewLine {
  return { order, text: text(key, params), key, params, ...more }
}

/** What each order would do, without dice: a program's end, an attack's hit number before evasion. */
export function preview(state: RbState, seat: string, orders: readonly RbOrder[]): PreviewLine[] {
  const known = seatsOf(state).some((s) => s.id === seat)
  return orders.map((o) => {
    try {
      return previewOne(state, seat, known, orders, o)
    } catch {
      return line(o, 'realbattle.preview.illegal', {})
    }
  })
}

function previewOne(state: RbState, seat: string, known: boolean, orders: readonly RbOrder[], o: RbOrder): PreviewLine {
  if (!known) return line(o, 'realbattle.preview.noSeat', {})
  const at = state.ats.find((a) => a.id === o.at && a.seat === seat)
  if (!at || !inPlay(at)) return line(o, 'realbattle.preview.noAt', {})
  if (o.kind === 'program') {
    const sim = simulateProgram(state, at, chosenSpeed(state, at, orders), o.steps)
    const first = sim.errors[0]
    if (first) return line(o, 'realbattle.preview.programError', { at: at.id, rule: first.rule })
    const params = { at: at.id, hex: hexLabel(sim.hex), facing: facingName(sim.facing), mp: sim.mp, pp: sim.pp }
    return line(o, 'realbattle.preview.program', params, {
      program: { hex: [sim.hex.col, sim.hex.row], facing: sim.facing, mp: sim.mp, pp: sim.pp, errors: 0 },
    })
  }
  if (o.kind === 'attack') {
    const option = attackOptions(state, at).find(
      (a) =>
        a.target === o.target &&
        (a.weapon ?? null) === (o.weapon ?? null) &&
        (a.arm ?? null) === (o.arm ?? null) &&
        (a.volley ?? false) === (o.volley ?? false),
    )
    if (!option || checkAttacks(state, seat, [o]).length > 0) return line(o, 'realbattle.preview.illegal', {})
    const params = { at: at.id, target: o.target, distance: option.distance, hit: option.hitBeforeEvasion }
    return line(o, 'realbattle.preview.attack', params, { attack: option })
  }
  return line(o, 'realbattle.preview.order', { at: at.id, kind: o.kind })
}
