// §7 Victory: occupation "N units on the fortress at all times for 3 turns" (AMB-A-21),
// annihilation, forced retreat (A-S6 [H]) and the turn limit (GAP-A-8).
import { emit, type Ctx } from './context.js'
import { inZone } from './geometry.js'
import type { State, VictoryRule } from './types.js'
import { isAlive, isOnMap, otherSide, stackClass } from './units.js'

type OccupyRule = Extract<VictoryRule, { type: 'occupy' }>

export function unitsOnZone(state: State, rule: OccupyRule): number {
  const zone = { tag: rule.zoneTag }
  return state.units.filter((u) => u.side === rule.side && isOnMap(u) && inZone(state.scenario.map, zone, u.hex)).length
}

function occupyRules(state: State): OccupyRule[] {
  return state.scenario.victory.filter((v): v is OccupyRule => v.type === 'occupy')
}

/** A check at the end of a phase: a failed count spoils the turn for that side. */
export function occupationCheck(ctx: Ctx): void {
  for (const rule of occupyRules(ctx.s)) {
    const entry = ctx.s.occupation[rule.side]!
    if (entry.turnOk && unitsOnZone(ctx.s, rule) < rule.count) entry.turnOk = false
  }
}

function win(ctx: Ctx, winner: string | null, reason: string, ref: string): void {
  if (ctx.s.outcome) return
  ctx.s.outcome = { winner, reason, ref }
  ctx.s.step = 'over'
  emit(ctx, { type: 'game-over', ref, winner, reason })
}

/** A side with no units left on the map or to come loses (§7 [H]); both at once is a draw. */
export function annihilationCheck(ctx: Ctx): void {
  if (!ctx.s.scenario.victory.some((v) => v.type === 'annihilation')) return
  // A-3-3a: declared attacks still resolve, so a battle is over only after its damage check.
  if (ctx.s.declared.length > 0) return
  const alive = (side: string) => ctx.s.units.some((u) => u.side === side && isAlive(u))
  const [a, b] = ctx.s.scenario.sides.map((s) => s.id) as [string, string]
  const ref = ctx.s.scenario.victory.find((v) => v.type === 'annihilation')!.ref
  if (!alive(a) && !alive(b)) win(ctx, null, 'both sides were destroyed', ref)
  else if (!alive(a)) win(ctx, b, `every unit of ${sideName(ctx.s, a)} was destroyed`, ref)
  else if (!alive(b)) win(ctx, a, `every unit of ${sideName(ctx.s, b)} was destroyed`, ref)
}

export function sideName(state: State, side: string): string {
  return state.scenario.sides.find((s) => s.id === side)?.name ?? side
}

function shipsLeft(state: State, side: string): number {
  return state.units.filter((u) => u.side === side && isAlive(u) && stackClass(state, u) === 'SHIP').length
}

/** End of turn: occupation streaks, forced retreat, then the turn limit. */
export function endOfTurnVictory(ctx: Ctx): void {
  const s = ctx.s
  for (const rule of occupyRules(s)) {
    const entry = s.occupation[rule.side]!
    if (s.options.occupationCheck === 'endOfTurn') entry.turnOk = unitsOnZone(s, rule) >= rule.count
    entry.streak = entry.turnOk ? entry.streak + 1 : 0
    emit(ctx, {
      type: 'occupation',
      ref: 'AMB-A-21',
      side: rule.side,
      qualified: entry.turnOk,
      streak: entry.streak,
      needed: rule.consecutiveTurns,
    })
    if (entry.streak >= rule.consecutiveTurns)
      win(ctx, rule.side, `${rule.count} units held the ${rule.zoneTag} for ${rule.consecutiveTurns} turns`, rule.ref)
  }
  for (const rule of s.scenario.victory) {
    if (rule.type !== 'forcedRetreat' || s.outcome) continue
    const beaten = s.scenario.sides
      .map((x) => x.id)
      .filter((side) => shipsLeft(s, side) <= rule.fraction * (s.startShips[side] ?? 0))
    if (beaten.length === 2) win(ctx, null, 'both fleets were forced to retreat', rule.ref)
    else if (beaten.length === 1)
      win(ctx, otherSide(s, beaten[0]!), `${sideName(s, beaten[0]!)} was forced to retreat`, rule.ref)
  }
  for (const rule of s.scenario.victory) {
    if (rule.type !== 'turnLimit' || s.outcome || s.turn < rule.turns) continue
    if (rule.winner !== 'shipsDestroyed') {
      win(ctx, rule.winner, `the turn limit (${rule.turns}) was reached`, rule.ref)
      continue
    }
    const [a, b] = s.scenario.sides.map((x) => x.id) as [string, string]
    const da = s.shipsDestroyed[a] ?? 0
    const db = s.shipsDestroyed[b] ?? 0
    win(
      ctx,
      da === db ? null : da > db ? a : b,
      `the turn limit (${rule.turns}) was reached: ships destroyed ${da}–${db}`,
      rule.ref,
    )
  }
}
