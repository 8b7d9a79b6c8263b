// The combat phases (A-3-3 (3)-(5)): BD launches, declarations, immediate return fire and the
// damage check. Ratios and shifts are fixed at declaration; C/D modifiers read at resolution
// (AMB-A-3).
import type { GameEvent, OrderError } from '../../../engine/ruleset.js'
import { BD_RANGE } from './bd-screen.js'
import { planAttack, planSm, type AttackOrder, type AttackPlan } from './combat.js'
import { emit, rollD6, type Ctx } from './context.js'
import { distance, hexLabel, onMap } from './geometry.js'
import { declaredOdds, isNoBase, oddsOf } from './odds.js'
import { countsWholeGroup } from './rules-version.js'
import { refuse } from './messages.js'
import { removeUnit } from './state-index.js'
import { dieModifier, lookup, ratioLabel, type Result } from './tables.js'
import type { DeclaredAttack, Order, State, Unit } from './types.js'
import { isOnMap, isSteady, seatOf, stackClass, unitById, unitType, unitsIn, worsenMorale } from './units.js'

export type BdOrder = Extract<Order, { kind: 'bd' }>
export type DefendOrder = Extract<Order, { kind: 'defend' }>

// ---- validation ------------------------------------------------------------------------------

export function bdProblem(state: State, seat: string, order: BdOrder): OrderError | null {
  const u = unitById(state, order.unit)
  if (!u) return refuse('A-2-2', 'abaoaqu.unknownUnit', { unit: order.unit }, { field: 'unit' })
  if (seatOf(state, u) !== seat) return refuse('A-0a', 'abaoaqu.notYourUnit', { unit: u.id }, { field: 'unit' })
  const type = unitType(state, u)
  if (!type.bdLauncher)
    return refuse('A-18-2', 'abaoaqu.bd.noLauncher', { unit: u.id, type: type.name }, { field: 'unit' })
  if (u.face !== 'front') return refuse('A-18-3', 'abaoaqu.bd.alreadyFired', { unit: u.id }, { field: 'unit' })
  if (!isOnMap(u)) return refuse('A-18-3', 'abaoaqu.notOnMap', { unit: u.id }, { field: 'unit' })
  if (!isSteady(u)) return refuse('GAP-A-3', 'abaoaqu.bd.notSteady', { unit: u.id, state: u.morale }, { field: 'unit' })
  if (!onMap(state.scenario.map, order.target))
    return refuse('A-4-6a', 'abaoaqu.hexOffMap', { hex: hexLabel(order.target) }, { field: 'target' })
  const d = distance(u.hex, order.target)
  if (d > BD_RANGE)
    return refuse(
      'A-18-3',
      'abaoaqu.bd.outOfRange',
      { hex: hexLabel(order.target), distance: d, unit: u.id, range: BD_RANGE },
      { field: 'target' },
    )
  return null
}

/** The ranks a player may name: 0..max, or exactly max when option newtypeShift = always. */
function ranksProblem(state: State, ranks: number | undefined, max: number, field: string): OrderError | null {
  if (ranks === undefined) return null
  // No pilot to shift with: there is no range to choose from, so say that rather than "from 0 to 0".
  if (max === 0 && ranks !== 0) return refuse('A-11-2', 'abaoaqu.ranks.nothingToChoose', { ranks }, { field })
  if (!Number.isInteger(ranks) || ranks < 0 || ranks > max)
    return refuse('A-11-2', 'abaoaqu.ranks.outOfBounds', { max }, { field })
  if (state.options.newtypeShift === 'always' && ranks !== max)
    return refuse('AMB-A-13', 'abaoaqu.ranks.mustBeFull', { max }, { field })
  return null
}

export function defendProblem(state: State, seat: string, order: DefendOrder): OrderError | null {
  if (state.step !== 'attack-follow') return refuse('A-11-2', 'abaoaqu.defend.tooEarly', {}, { field: 'attack' })
  const attack = state.declared.find((a) => a.id === order.attack)
  if (!attack) return refuse('A-11-2', 'abaoaqu.defend.noSuchAttack', { attack: order.attack }, { field: 'attack' })
  const mine = attack.targets.some((id) => {
    const u = unitById(state, id)
    return u !== undefined && u.side !== attack.side && seatOf(state, u) === seat
  })
  if (!mine) return refuse('A-0a', 'abaoaqu.defend.notYours', { attack: order.attack }, { field: 'attack' })
  if (attack.defenderMax === 0)
    return refuse('A-11-2', 'abaoaqu.defend.noChoice', { attack: order.attack }, { field: 'attack' })
  return ranksProblem(state, order.ranks, attack.defenderMax, 'ranks')
}

/** A combat declaration with the per-phase limits (A-6-4a, AMB-A-5). `used` tracks this submission. */
export function attackProblems(
  state: State,
  side: string,
  seat: string,
  order: AttackOrder,
  used: Map<string, string>,
): OrderError[] {
  const errors: OrderError[] = []
  for (const id of order.units) {
    const u = unitById(state, id)
    if (u && seatOf(state, u) !== seat && u.side === side)
      errors.push(refuse('A-0a', 'abaoaqu.teammateUnit', { unit: id }, { field: 'units' }))
  }
  if (errors.length) return errors
  const planned = planAttack(state, side, order, true)
  if (!planned.ok) return planned.errors
  const mark = order.mode === 'shoot' ? 's' : 'c'
  for (const id of order.units) {
    const before = used.get(id) ?? ''
    if (before.includes(mark))
      errors.push(
        refuse(
          'A-6-4a',
          order.mode === 'shoot' ? 'abaoaqu.attack.alreadyShoots' : 'abaoaqu.attack.alreadyCloses',
          { unit: id },
          { field: 'units' },
        ),
      )
    else if (before && state.options.shootAndClose === 'either')
      errors.push(refuse('AMB-A-5', 'abaoaqu.attack.onlyOne', { unit: id }, { field: 'units' }))
    used.set(id, before + mark)
  }
  const p = ranksProblem(state, order.ranks, planned.plan.attackerShift.max, 'ranks')
  if (p) errors.push(p)
  return errors
}

// ---- resolution ------------------------------------------------------------------------------

export function launchBd(ctx: Ctx, order: BdOrder): void {
  const u = unitById(ctx.s, order.unit)!
  const roll = rollD6(ctx, `BD missile ${u.id} at ${hexLabel(order.target)}`, 'A-18-3')
  const hit = roll.face < 5
  if (hit) ctx.s.bd.push({ hex: [order.target[0], order.target[1]], turn: ctx.s.turn })
  u.face = 'back'
  ctx.s.used[u.id] = (ctx.s.used[u.id] ?? '') + 's'
  emit(ctx, {
    type: 'bd-launch',
    ref: 'A-18-3',
    unit: u.id,
    hex: order.target,
    roll: roll.face,
    rollIndex: roll.index,
    hit,
  })
}

function flipLargeMissiles(ctx: Ctx, attackers: Unit[]): void {
  for (const a of attackers) {
    if (unitType(ctx.s, a).largeMissile && a.face === 'front') {
      a.face = 'back'
      emit(ctx, { type: 'flip', ref: 'A-15-3', unit: a.id })
    }
  }
}

function declaredFrom(ctx: Ctx, seat: string, plan: AttackPlan, ranks: number | undefined): DeclaredAttack {
  ctx.s.attackSeq++
  return {
    id: `A${ctx.s.attackSeq}`,
    side: plan.attackers[0]!.side,
    seat,
    mode: plan.mode,
    attackers: plan.attackers.map((u) => u.id),
    targetHex: plan.targetHex,
    targets: plan.targets.map((u) => u.id),
    ...declaredOdds(plan, ranks),
  }
}

function markUsed(ctx: Ctx, plan: AttackPlan): void {
  const mark = plan.mode === 'shoot' ? 's' : 'c'
  for (const a of plan.attackers) ctx.s.used[a.id] = (ctx.s.used[a.id] ?? '') + mark
}

/** The lead-off combat phase: launches, then declarations kept for the damage check. */
export function leadCombat(ctx: Ctx, seatOrders: Array<{ seat: string; order: Order }>): void {
  for (const { order } of seatOrders) if (order.kind === 'bd') launchBd(ctx, order)
  declareSmAttacks(ctx)
  for (const { seat, order } of seatOrders) {
    if (order.kind !== 'attack') continue
    const planned = planAttack(ctx.s, sideOfSeat(ctx.s, seat), order, false)
    if (!planned.ok) {
      emit(ctx, { type: 'attack-void', ref: planned.errors[0]!.rule, reason: planned.errors[0]!.message })
      continue
    }
    const declared = declaredFrom(ctx, seat, planned.plan, order.ranks)
    markUsed(ctx, planned.plan)
    if (ctx.s.options.largeMissileFlip !== 'resolution') flipLargeMissiles(ctx, planned.plan.attackers)
    if (ctx.s.options.leadDice === 'atDeclaration')
      declared.roll = rollD6(ctx, `attack ${declared.id}`, rollRef(declared.mode)).face
    ctx.s.declared.push(declared)
    emit(ctx, declaredSummary(declared, 'declare', 'A-3-3a'))
  }
}

/** A-16-2 [R]: a Satellite Missile that moved into an enemy hex attacks there, every unit in turn. */
function declareSmAttacks(ctx: Ctx): void {
  const side = leadSideOf(ctx.s)
  for (const sm of ctx.s.units) {
    if (sm.side !== side || !sm.spent || !isOnMap(sm)) continue
    const everyone = ctx.s.options.smTargets !== 'enemies'
    for (const t of unitsIn(ctx.s, sm.hex).filter((u) => u !== sm && (everyone || u.side !== sm.side))) {
      const declared = declaredFrom(ctx, seatOf(ctx.s, sm) ?? sm.side, planSm(ctx.s, sm, t), undefined)
      ctx.s.declared.push(declared)
      emit(ctx, declaredSummary(declared, 'declare', 'A-16-5'))
    }
  }
}

function declaredSummary(d: DeclaredAttack, type: string, ref: string): GameEvent {
  return {
    type,
    ref,
    attack: d.id,
    mode: d.mode,
    attackers: d.attackers,
    hex: d.targetHex,
    targets: d.targets,
    attackTotal: d.attack,
    defenceTotal: d.defence,
    base: isNoBase(d.base) ? null : ratioLabel(d.base),
    attackerShift: d.attackerShift,
  }
}

function rollRef(mode: DeclaredAttack['mode']): string {
  return mode === 'shoot' ? 'A-7-4' : mode === 'close' ? 'A-9-5' : 'A-16-4'
}

export function sideOfSeat(state: State, seat: string): string {
  const s = state.seats.find((x) => x.id === seat)
  if (!s) throw new Error(`no seat ${seat}`)
  return s.side
}

export function leadSideOf(state: State): string {
  if (state.half === 1) return state.leadOff
  return state.scenario.sides.find((s) => s.id !== state.leadOff)!.id
}

/**
 * Ranks a defending seat uses when it was not asked: its standing order (default full). Only the
 * defender's units count: the attacker's own units caught in a group target (A-8-4) give
 * their seat no say in the defender's shift.
 */
export function standingRanks(
  state: State,
  attack: Pick<DeclaredAttack, 'side' | 'targets' | 'defenderMax'>,
  immediate = false,
): number {
  const max = attack.defenderMax
  let ranks = max
  for (const t of defendingUnits(state, attack, immediate)) {
    const seat = seatOf(state, t)
    const policy = seat ? (state.standing[seat]?.defenceShift ?? 'full') : 'full'
    const r = policy === 'full' ? max : policy === 'none' ? 0 : Math.min(policy, max)
    ranks = Math.min(ranks, r)
  }
  return state.options.newtypeShift === 'always' ? max : ranks
}

/**
 * The enemy units of an attack's target group (A-8-4 adds the attacker's own; they never defend).
 * abaoaqu-1 counted the whole group of a declared attack, and only the enemies of return fire.
 */
function defendingUnits(state: State, attack: Pick<DeclaredAttack, 'side' | 'targets'>, immediate: boolean): Unit[] {
  const group = attack.targets.map((id) => unitById(state, id)!)
  if (countsWholeGroup(state) && !immediate) return group
  return group.filter((u) => u.side !== attack.side)
}

/** Resolves one attack now: roll, read the table, apply to every target still on the map. */
export function resolveAttack(ctx: Ctx, d: DeclaredAttack): void {
  const s = ctx.s
  const targets = d.targets.map((id) => unitById(s, id)!).filter((u) => isOnMap(u))
  const { base, defenderShift, shift, column } = oddsOf(d)
  const event = declaredSummary(d, 'attack', rollRef(d.mode))
  event.defenderShift = defenderShift
  event.shift = shift
  if (s.options.largeMissileFlip === 'resolution')
    flipLargeMissiles(
      ctx,
      d.attackers.map((id) => unitById(s, id)!),
    )
  if (targets.length === 0) {
    event.ref = 'A-3-3a'
    event.outcome = 'no target left'
    emit(ctx, event)
    return
  }
  if (base === null || column === null) {
    event.ref = base === null ? 'A-18-5' : 'GAP-A-12'
    event.column = column === null ? 'below 1:4' : null
    event.outcome = 'no effect'
    emit(ctx, event)
    return
  }
  const table = d.mode === 'shoot' ? s.scenario.tables.shoot : s.scenario.tables.close
  const face = d.roll ?? rollD6(ctx, `attack ${d.id}`, rollRef(d.mode)).face
  const policy = s.options.groupDieModifier
  const groupMod = groupDieModifier(s, d, targets)
  const results: Array<{ unit: string; modifier: number; result: Result }> = []
  for (const t of targets) {
    const modifier = policy === 'perUnit' ? dieModifier(t.morale) : groupMod
    results.push({ unit: t.id, modifier, result: lookup(table, column, face + modifier) })
  }
  for (let i = 0; i < targets.length; i++) applyResult(ctx, targets[i]!, results[i]!.result, d.side)
  event.column = ratioLabel(column)
  event.table = table.id
  event.roll = face
  event.results = results
  emit(ctx, event)
}

/**
 * A-7-6 / AMB-A-8: the C/D modifier of a target group, the smallest (option: largest) among its enemy
 * units only; the attacker's own units in the group (A-8-4) share the roll but do not set it. A target
 * that is the attacker's own unit alone (a Satellite Missile's, AMB-A-18) uses its own state.
 */
function groupDieModifier(state: State, d: DeclaredAttack, targets: Unit[]): number {
  const enemies = countsWholeGroup(state) ? [] : targets.filter((t) => t.side !== d.side)
  const mods = (enemies.length > 0 ? enemies : targets).map((t) => dieModifier(t.morale))
  return state.options.groupDieModifier === 'max' ? Math.max(...mods) : Math.min(...mods)
}

/** A-16-2: once its attacks have resolved, a Satellite Missile leaves the map. */
function removeSpentSms(ctx: Ctx, declared: DeclaredAttack[]): void {
  for (const id of new Set(declared.filter((d) => d.mode === 'sm').map((d) => d.attackers[0]!))) {
    const sm = unitById(ctx.s, id)!
    if (sm.at !== 'map') continue
    removeUnit(ctx.s, sm)
    emit(ctx, { type: 'sm-spent', ref: 'A-16-2', unit: sm.id })
  }
}

/** §5.3 [H]: X eliminates; C and D worsen the state (C on C gives D). */
export function applyResult(ctx: Ctx, unit: Unit, result: Result, bySide: string): void {
  if (result === '-') return
  if (result === 'X') {
    removeUnit(ctx.s, unit)
    if (stackClass(ctx.s, unit) === 'SHIP' && unit.side !== bySide)
      ctx.s.shipsDestroyed[bySide] = (ctx.s.shipsDestroyed[bySide] ?? 0) + 1
    return
  }
  unit.morale = worsenMorale(unit.morale, result)
}

/** The follow-up combat phase: defensive choices, launches, then each attack at once. */
export function followCombat(ctx: Ctx, seatOrders: Array<{ seat: string; order: Order }>): void {
  const s = ctx.s
  for (const { order } of seatOrders) {
    if (order.kind !== 'defend') continue
    const d = s.declared.find((a) => a.id === order.attack)
    if (d) d.defenderRanks = order.ranks
  }
  for (const d of s.declared) {
    if (d.defenderRanks === null) d.defenderRanks = standingRanks(s, d)
  }
  for (const { order } of seatOrders) if (order.kind === 'bd') launchBd(ctx, order)
  for (const { seat, order } of seatOrders) {
    if (order.kind !== 'attack') continue
    const planned = planAttack(s, sideOfSeat(s, seat), order, false)
    if (!planned.ok) {
      emit(ctx, { type: 'attack-void', ref: planned.errors[0]!.rule, reason: planned.errors[0]!.message, order })
      continue
    }
    const d = declaredFrom(ctx, seat, planned.plan, order.ranks)
    markUsed(ctx, planned.plan)
    if (s.options.largeMissileFlip !== 'resolution') flipLargeMissiles(ctx, planned.plan.attackers)
    d.defenderRanks = standingRanks(s, d, true)
    emit(ctx, declaredSummary(d, 'declare', 'A-3-3a'))
    resolveAttack(ctx, d)
  }
}

/** Phase (5): the lead-off side's declared attacks, in declaration order. */
export function damageCheck(ctx: Ctx): void {
  const declared = ctx.s.declared
  for (const d of declared) {
    if (d.defenderRanks === null) d.defenderRanks = standingRanks(ctx.s, d)
    resolveAttack(ctx, d)
  }
  removeSpentSms(ctx, declared)
  ctx.s.declared = []
}
