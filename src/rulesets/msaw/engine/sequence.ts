// MS@W sequence of play (MS-1; docs/msaw.md "How it plays"): a round is initiative by seat (MS-1.1, AMB-M-1),
// upkeep, an action phase per seat in initiative order (MS-1.2, MS-1.3), then the end of the round (MS-1.4).
// An action phase takes one submission of activations (AMB-M-2), run in order; a standing order `ask` stops
// it for the defender's answer (step `react`, §8), after which the rest of the submission runs.
import type { Dice } from '../../../engine/dice.js'
import { fillTemplate } from '../../../engine/messages.js'
import type { GameEvent, OrderError, Outcome, Resolution, Seat } from '../../../engine/ruleset.js'
import { dist2, discOnTable, sweptDiscTouchesPolygon } from '../../../engine/table/index.js'
import { answerCounter, answerShield, attackProblem, defaultAnswer, runAttack, type AttackResult } from './combat.js'
import { applySwitch, checkSwitch } from './items.js'
import { MESSAGES, refuse, type MessageKey } from './messages.js'
import { checkMove } from './movement.js'
import { itemType, placeItems, RADIUS, suitType } from './loadout.js'
import type { MsEvent, MsOrder, MsState, MsStep, Pt, Suit } from './types.js'

// ---------------------------------------------------------------------------------------------------
// Who is who

/** The suit of that id, if any. */
export const suitById = (state: MsState, id: string): Suit | undefined => state.suits.find((s) => s.id === id)

/** A suit still on the table (GAP-M-5: a destroyed suit is removed). */
export const inPlay = (suit: Suit): boolean => !suit.destroyed

/** The game's seats: the scenario's layout whose seats are the suits' seats. */
export function seatsOf(state: MsState): Seat[] {
  const ids = [...new Set(state.suits.map((s) => s.seat))]
  const layout = state.scenario.seatLayouts.find(
    (l) => l.seats.length === ids.length && l.seats.every((s) => ids.includes(s.id)),
  )
  if (layout) return layout.seats.map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] }))
  return ids.map((id) => {
    const suits = state.suits.filter((s) => s.seat === id)
    return { id, side: suits[0]!.side, groups: suits.map((s) => s.id) }
  })
}

/** The seat whose action phase it is (action and react steps), else null. */
export function activeSeat(state: MsState): string | null {
  if (state.over || state.step === 'deploy') return null
  return state.order[state.activeIndex] ?? null
}

/** Whether a seat has a suit in play. */
const hasSuits = (state: MsState, seat: string): boolean => state.suits.some((s) => s.seat === seat && inPlay(s))

/** MS-2.0, MS-4.4: whether the suit may still activate in this action phase. */
export function canActivate(state: MsState, suit: Suit): boolean {
  return (
    !state.over &&
    state.step === 'action' &&
    suit.seat === activeSeat(state) &&
    inPlay(suit) &&
    suit.errorPhases === 0 &&
    !state.activated.includes(suit.id)
  )
}

/** The seats that must submit now. */
export function pendingSeats(state: MsState): string[] {
  if (state.over) return []
  if (state.step === 'deploy')
    return seatsOf(state)
      .filter((s) => !state.deployed.includes(s.id))
      .map((s) => s.id)
  if (state.step === 'react') return state.reaction ? [state.reaction.seat] : []
  const seat = activeSeat(state)
  return seat ? [seat] : []
}

/** Who must submit now, by side: every undeployed seat (sealed), the active seat, or the answering seat. */
export function pendingSteps(state: MsState): Array<{ side: string; step: MsStep; seats: string[] }> {
  if (outcome(state) !== null) return []
  const seats = seatsOf(state)
  const ids = pendingSeats(state)
  const sides = [...new Set(seats.filter((s) => ids.includes(s.id)).map((s) => s.side))]
  return sides.map((side) => ({
    side,
    step: state.step,
    seats: seats.filter((s) => s.side === side && ids.includes(s.id)).map((s) => s.id),
  }))
}

// ---------------------------------------------------------------------------------------------------
// Validation

const KINDS: Record<MsStep, readonly MsOrder['kind'][]> = {
  deploy: ['deploy', 'policy'],
  action: ['move', 'switch', 'attack', 'aim', 'more', 'policy'],
  react: ['shield', 'counter', 'policy'],
}

const PART: Partial<Record<MsOrder['kind'], 'move' | 'switch' | 'combat'>> = {
  move: 'move',
  switch: 'switch',
  attack: 'combat',
  aim: 'combat',
}

const label = (p: Pt): string => `(${(p.x / 100).toFixed(2)}, ${(p.y / 100).toFixed(2)})`

function validateDeploy(
  state: MsState,
  seat: string,
  orders: readonly MsOrder[],
  others: Record<string, MsOrder[]>,
): OrderError[] {
  const errors: OrderError[] = []
  const deploys = orders.flatMap((o, order) => (o.kind === 'deploy' ? [{ o, order }] : []))
  if (deploys.length === 0) return errors
  for (const suit of state.suits.filter((s) => s.seat === seat && inPlay(s)))
    if (!deploys.some((d) => d.o.ms === suit.id))
      errors.push(refuse('GAP-M-4', 'msaw.frame.deploy.missing', { ms: suit.id }))
  const scn = state.scenario
  const placed: Array<{ ms: string; at: Pt }> = []
  for (const [other, theirs] of Object.entries(others))
    if (other !== seat) for (const o of theirs) if (o.kind === 'deploy') placed.push({ ms: o.ms, at: o.at })
  const seen = new Set<string>()
  for (const { o, order } of deploys) {
    if (seen.has(o.ms)) {
      errors.push(refuse('GAP-M-4', 'msaw.frame.duplicate', { ms: o.ms, kind: 'deploy' }, { order }))
      continue
    }
    seen.add(o.ms)
    const suit = suitById(state, o.ms)!
    const zone = scn.sides.find((s) => s.id === suit.side)!.zone
    const at = label(o.at)
    if (o.at.x < zone.x0 || o.at.x > zone.x1 || o.at.y < zone.y0 || o.at.y > zone.y1)
      errors.push(refuse('GAP-M-4', 'msaw.frame.deploy.zone', { ms: o.ms, at }, { order, field: 'at' }))
    else if (!discOnTable(o.at, RADIUS, scn.table))
      errors.push(refuse('GAP-M-1', 'msaw.frame.deploy.table', { ms: o.ms, at }, { order, field: 'at' }))
    const other = placed.find((p) => dist2(p.at, o.at) < (2 * RADIUS) ** 2)
    if (other)
      errors.push(refuse('GAP-M-1', 'msaw.frame.deploy.overlap', { ms: o.ms, other: other.ms }, { order, field: 'at' }))
    placed.push({ ms: o.ms, at: o.at })
    const piece = scn.terrain.find(
      (t) => t.move === 'impassable' && sweptDiscTouchesPolygon(o.at, o.at, RADIUS, t.polygon),
    )
    if (piece)
      errors.push(
        refuse('GAP-M-3', 'msaw.frame.deploy.terrain', { ms: o.ms, at, piece: piece.id }, { order, field: 'at' }),
      )
    const held = placeItems(scn, suitType(scn, suit.type), suit.id, suit.items, o.hold)
    if ('problem' in held)
      errors.push(refuse(held.problem.rule, held.problem.key, held.problem.params, { order, field: 'hold' }))
  }
  return errors
}

/** One activation of a submission: a suit's consecutive orders (AMB-M-2), with their indices. */
interface Group {
  ms: string
  orders: Array<{ o: Extract<MsOrder, { ms: string }>; order: number }>
}

/** The submission's activations in order; a suit whose orders are split is refused (AMB-M-2). */
export function activations(orders: readonly MsOrder[], errors: OrderError[] = []): Group[] {
  const groups: Group[] = []
  let last: Group | null = null
  orders.forEach((o, order) => {
    if (o.kind === 'more' || o.kind === 'policy' || !PART[o.kind]) return
    const part = o as Extract<MsOrder, { ms: string }>
    if (last?.ms !== part.ms) {
      if (groups.some((g) => g.ms === part.ms)) {
        errors.push(refuse('AMB-M-2', 'msaw.frame.notConsecutive', { ms: part.ms }, { order }))
        return
      }
      last = { ms: part.ms, orders: [] }
      groups.push(last)
    }
    last.orders.push({ o: part, order })
  })
  return groups
}

/** What an attack or aim names: the weapon an item of the suit, the target an enemy in play. */
function checkTarget(state: MsState, suit: Suit, target: string, order: number): OrderError | null {
  const t = suitById(state, target)
  if (!t || !inPlay(t) || t.side === suit.side)
    return refuse('MS-3.1', 'msaw.frame.noTarget', { ms: suit.id, target }, { order, field: 'target' })
  return null
}

function validateAction(state: MsState, orders: readonly MsOrder[]): OrderError[] {
  const errors: OrderError[] = []
  const groups = activations(orders, errors)
  // `more` keeps the phase open to see results first: with no activation it would only put the deadline off.
  const more = orders.findIndex((o) => o.kind === 'more')
  if (more >= 0 && groups.length === 0) errors.push(refuse('MS-2.0', 'msaw.frame.moreAlone', {}, { order: more }))
  for (const g of groups) {
    const suit = suitById(state, g.ms)!
    const first = g.orders[0]!.order
    if (state.activated.includes(g.ms)) {
      errors.push(refuse('MS-2.0', 'msaw.frame.activated', { ms: g.ms }, { order: first }))
      continue
    }
    if (suit.errorPhases > 0) {
      errors.push(refuse('MS-4.4', 'msaw.frame.systemError', { ms: g.ms, left: suit.errorPhases }, { order: first }))
      continue
    }
    const done: Partial<Record<MsOrder['kind'], true>> = {}
    g.orders.forEach(({ o, order }, k) => {
      const part = PART[o.kind]!
      const same = g.orders.slice(0, k).find((p) => PART[p.o.kind] === part)
      if (same && same.o.kind !== o.kind)
        errors.push(refuse('MS-2.3', 'msaw.frame.attackAndAim', { ms: g.ms }, { order }))
      else if (same) errors.push(refuse('MS-2.0', 'msaw.frame.twice', { ms: g.ms, kind: o.kind }, { order }))
      done[o.kind] = true
      if (o.kind === 'aim') {
        if (!state.options.aim) errors.push(refuse('MS-4.2', 'msaw.frame.aimOff', { ms: g.ms }, { order }))
        else if (k < g.orders.length - 1) errors.push(refuse('MS-4.2', 'msaw.frame.aimLast', { ms: g.ms }, { order }))
      }
    })
  }
  if (errors.length > 0) return errors
  // Each activation on the state its earlier ones leave: moves and switches checked where they happen.
  let sim = structuredClone(state)
  for (const g of groups)
    for (const { o, order } of g.orders) {
      const suit = suitById(sim, g.ms)!
      if (o.kind === 'move') {
        const r = checkMove(sim, g.ms, o.path, { order })
        if (r.ok) suit.at = r.to
        else errors.push({ ...r.error, order: r.error.order ?? order })
      } else if (o.kind === 'switch') {
        const e = checkSwitch(sim, g.ms, o.ops, { order })
        if (e) errors.push({ ...e, order: e.order ?? order })
        else sim = applySwitch(sim, g.ms, o.ops).state
      } else if (o.kind === 'attack') {
        const before = errors.length
        const item = suit.items.find((i) => i.id === o.weapon)
        if (!item) errors.push(refuse('MS-3.1', 'msaw.frame.noWeapon', { ms: g.ms, weapon: o.weapon }, { order }))
        else if (itemType(sim.scenario, item.type).kind !== 'weapon')
          errors.push(refuse('MS-3.1', 'msaw.frame.notWeapon', { ms: g.ms, weapon: o.weapon }, { order }))
        const e = checkTarget(sim, suit, o.target, order)
        if (e) errors.push(e)
        // Range, sight, the weapon in use and its ammunition are known now, where the earlier parts leave the
        // suit: refused here. Only what dice decide (a target destroyed first, a system error) voids it later (§8).
        const p = errors.length === before ? attackProblem(sim, g.ms, o.target, o.weapon, false) : null
        if (p) errors.push(refuse(p.rule, p.key, p.params, { order }))
      } else if (o.kind === 'aim') {
        const e = checkTarget(sim, suit, o.target, order)
        if (e) errors.push(e)
      }
    }
  return errors
}

function validateReact(state: MsState, orders: readonly MsOrder[]): OrderError[] {
  const errors: OrderError[] = []
  const r = state.reaction!
  let answered = false
  orders.forEach((o, order) => {
    if (o.kind !== 'shield' && o.kind !== 'counter') return
    if (answered) return errors.push(refuse('§8', 'msaw.frame.answerTwice', { ms: r.ms }, { order }))
    answered = true
    if (o.kind !== r.kind) errors.push(refuse('§8', 'msaw.frame.answerKind', { ms: r.ms, kind: r.kind }, { order }))
    else if (o.ms !== r.ms) errors.push(refuse('§8', 'msaw.frame.answerMs', { ms: r.ms, other: o.ms }, { order }))
    else if (o.kind === 'counter' && o.weapon !== null && !(r.choices ?? []).includes(o.weapon))
      errors.push(
        refuse(
          'MS-3.8',
          'msaw.frame.counterChoice',
          { ms: r.ms, weapon: o.weapon, choices: (r.choices ?? []).join(', ') || '-' },
          { order, field: 'weapon' },
        ),
      )
  })
  return errors
}

/**
 * Every error of `seat`'s orders for the current step; [] when legal. A seat with nothing to decide may only
 * pass. `others` are the orders teammates already submitted (deployment: no two discs overlap).
 */
export function validateStep(
  state: MsState,
  seat: string,
  orders: readonly MsOrder[],
  others: Record<string, MsOrder[]> = {},
): OrderError[] {
  const none = orders.length === 0
  if (!seatsOf(state).some((s) => s.id === seat)) return none ? [] : [refuse('GAP-M-11', 'msaw.frame.noSeat', { seat })]
  if (state.over) return none ? [] : [refuse('MS-0.1', 'msaw.frame.gameOver')]
  if (!pendingSeats(state).includes(seat))
    return none ? [] : [refuse('MS-1.2', 'msaw.frame.notYourStep', { seat, step: state.step })]
  const errors: OrderError[] = []
  orders.forEach((o, order) => {
    if (!KINDS[state.step].includes(o.kind))
      return errors.push(refuse('MS-1.2', 'msaw.frame.wrongStep', { kind: o.kind, step: state.step }, { order }))
    if (o.kind === 'more') return
    const suit = suitById(state, o.ms)
    if (!suit) return errors.push(refuse('MS-0.3', 'msaw.frame.noSuit', { ms: o.ms }, { order, field: 'ms' }))
    if (suit.seat !== seat) return errors.push(refuse('GAP-M-11', 'msaw.frame.notYours', { ms: o.ms }, { order }))
    if (!inPlay(suit)) return errors.push(refuse('GAP-M-5', 'msaw.frame.destroyed', { ms: o.ms }, { order }))
    if (o.kind === 'policy' && o.shield === undefined && o.counter === undefined)
      errors.push(refuse('§8', 'msaw.frame.policyEmpty', { ms: o.ms }, { order }))
  })
  if (errors.length > 0) return errors
  switch (state.step) {
    case 'deploy':
      return validateDeploy(state, seat, orders, others)
    case 'action':
      return validateAction(state, orders)
    case 'react':
      return validateReact(state, orders)
  }
}

// ---------------------------------------------------------------------------------------------------
// The round

/**
 * MS-1.1, AMB-M-1: each seat rolls 1d6, highest first; only the seats that tied re-roll, and only to settle
 * their own order (recursively).
 */
export function rollInitiative(
  seats: readonly string[],
  dice: Dice,
): { order: string[]; rolls: Array<{ seat: string; rolls: number[] }> } {
  const rolls = seats.map((seat) => ({ seat, rolls: [] as number[] }))
  const settle = (group: readonly string[]): string[] => {
    const rolled = group.map((seat) => {
      const face = dice.roll(6, `initiative ${seat}`, 'MS-1.1')
      rolls.find((r) => r.seat === seat)!.rolls.push(face)
      return { seat, face }
    })
    const faces = [...new Set(rolled.map((r) => r.face))].sort((a, b) => b - a)
    return faces.flatMap((face) => {
      const tied = rolled.filter((r) => r.face === face).map((r) => r.seat)
      return tied.length === 1 ? tied : settle(tied)
    })
  }
  const order = seats.length < 2 ? [...seats] : settle(seats)
  return { order, rolls }
}

/** MS-1.1 and upkeep (step 1b): the next round's initiative, aim markers, Magella recharge; then its first phase. */
export function beginRound(state: MsState, dice: Dice, events: GameEvent[]): void {
  state.round += 1
  state.step = 'action'
  const seats = seatsOf(state)
    .map((s) => s.id)
    .filter((id) => hasSuits(state, id))
  const { order, rolls } = rollInitiative(seats, dice)
  state.order = order
  state.activeIndex = -1
  push(events, { type: 'initiative', ref: 'MS-1.1', round: state.round, rolls, order })
  for (const suit of state.suits.filter(inPlay)) {
    // AMB-M-8: an aim serves the next own action phase only; one older than the last round is spent.
    if (suit.aim && suit.aim.round < state.round - 1) {
      suit.aim = null
      push(events, { type: 'upkeep', ref: 'MS-4.2', ms: suit.id, what: 'aim-expired' })
    }
    // AMB-M-10: fired in round r, the Magella cannot fire in r+1, and can again in r+2.
    for (const item of suit.items)
      if (item.firedRound === state.round - 2 && state.scenario.items[item.type]?.recharge)
        push(events, { type: 'upkeep', ref: 'AMB-M-10', ms: suit.id, what: 'recharged' })
  }
  nextPhase(state, dice, events)
}

const push = (events: GameEvent[], e: MsEvent): void => {
  events.push(e)
}

/**
 * MS-1.2, MS-1.3: the next seat's action phase. A seat with no suit left is skipped; one whose suits are all
 * in system error has its phase pass by itself (and the counters go down). After the last, the round ends.
 */
function nextPhase(state: MsState, dice: Dice, events: GameEvent[]): void {
  for (;;) {
    state.activeIndex += 1
    state.activated = []
    state.current = null
    if (state.activeIndex >= state.order.length) return endRound(state, dice, events)
    const seat = state.order[state.activeIndex]!
    if (!hasSuits(state, seat)) continue
    state.step = 'action'
    push(events, { type: 'phase-begins', ref: 'MS-1.2', seat, round: state.round })
    if (state.suits.some((s) => canActivate(state, s))) return
    endPhase(state, events)
  }
}

/** MS-1.3: the active seat's phase ends; AMB-M-9: each of its suits in system error has skipped one more phase. */
function endPhase(state: MsState, events: GameEvent[]): void {
  const seat = activeSeat(state)!
  const mine = state.suits.filter((s) => s.seat === seat && inPlay(s))
  const skipped = mine.filter((s) => !state.activated.includes(s.id)).map((s) => s.id)
  for (const suit of mine) {
    // A suit that erred in this very phase activated in it: its count starts with its next phase.
    if (suit.errorPhases === 0 || state.activated.includes(suit.id)) continue
    suit.errorPhases -= 1
    push(events, { type: 'error-skip', ref: 'MS-4.4', ms: suit.id, left: suit.errorPhases })
    if (suit.errorPhases === 0) push(events, { type: 'upkeep', ref: 'MS-4.4', ms: suit.id, what: 'error-ends' })
  }
  push(events, { type: 'phase-ends', ref: 'MS-1.3', seat, round: state.round, skipped })
  state.activated = []
  state.current = null
}

/** MS-1.4: the round ends; GAP-M-4: at the round limit the side that destroyed more enemy cost wins. */
function endRound(state: MsState, dice: Dice, events: GameEvent[]): void {
  push(events, { type: 'round-ends', ref: 'MS-1.4', round: state.round })
  const limit = state.options.roundLimit
  if (limit > 0 && state.round >= limit) {
    const scores = state.scenario.sides.map((side) => ({
      side: side.id,
      score: state.suits.filter((s) => s.side === side.id).reduce((sum, s) => sum + s.cost, 0),
    }))
    const best = Math.max(...scores.map((s) => s.score))
    const leaders = scores.filter((s) => s.score === best)
    return endGame(state, leaders.length === 1 ? leaders[0]!.side : null, 'round-limit', events)
  }
  beginRound(state, dice, events)
}

function endGame(state: MsState, winner: string | null, reason: string, events: GameEvent[]): void {
  state.over = true
  state.winner = winner
  state.reason = reason
  state.reaction = null
  state.current = null
  push(events, { type: 'game-over', ref: 'GAP-M-4', winner, reason })
}

/** GAP-M-4, MS-0.1: the game ends as soon as one side (or none) has suits left. */
function checkAnnihilation(state: MsState, events: GameEvent[]): void {
  if (state.over) return
  const left = state.scenario.sides.filter((side) => state.suits.some((s) => s.side === side.id && inPlay(s)))
  if (left.length <= 1) endGame(state, left[0]?.id ?? null, 'annihilation', events)
}

/** The game's end, if it has ended. */
export function outcome(state: MsState): Outcome | null {
  if (state.over) return { winner: state.winner, reason: state.reason ?? 'annihilation', ref: 'GAP-M-4' }
  // A moderator's adjustment can leave one side (or none) with suits: the game is then over as the rules would
  // have ended it (GAP-M-4), though no resolution ran.
  if (state.step === 'deploy') return null
  const sides = [...new Set(state.suits.filter((s) => !s.destroyed).map((s) => s.side))]
  if (sides.length <= 1) return { winner: sides[0] ?? null, reason: 'annihilation', ref: 'GAP-M-4' }
  return null
}

// ---------------------------------------------------------------------------------------------------
// Resolution

/**
 * §8: standing orders take effect at once. They make no event: they are their seat's own until the game ends,
 * and a resolution's events are everyone's.
 */
function applyPolicies(state: MsState, orders: readonly MsOrder[]): void {
  for (const o of orders) {
    if (o.kind !== 'policy') continue
    const suit = suitById(state, o.ms)!
    if (o.shield !== undefined) suit.policy.shield = o.shield
    if (o.counter !== undefined) suit.policy.counter = o.counter
  }
}

const message = (key: MessageKey, params: Record<string, string | number>): string =>
  fillTemplate(MESSAGES, MESSAGES[key], params)

/** The result of an attack folded in; true when it asks a question (the reaction stored, step `react`). */
function takeResult(
  res: AttackResult,
  rest: MsOrder[],
  more: boolean,
  events: GameEvent[],
): { state: MsState; asked: boolean; rest: MsOrder[] } {
  const state = res.state
  for (const e of res.events) push(events, e)
  // AMB-M-9: a system error ends the suit's activation: its remaining parts are dropped.
  const current = state.current?.ms
  if (current && res.events.some((e) => e.type === 'system-error' && e.ms === current))
    rest = rest.filter((o) => !('ms' in o) || o.kind === 'policy' || o.ms !== current)
  checkAnnihilation(state, events)
  if (state.over || !res.ask) return { state, asked: false, rest }
  const queue = more && !rest.some((o) => o.kind === 'more') ? [...rest, { kind: 'more' } as MsOrder] : rest
  state.reaction = { ...res.ask, queue }
  state.step = 'react'
  if (!res.events.some((e) => e.type === 'waiting'))
    push(events, { type: 'waiting', ref: '§8', ms: res.ask.ms, seat: res.ask.seat, kind: res.ask.kind })
  return { state, asked: true, rest }
}

/**
 * The active seat's orders from `queue` run in order (AMB-M-2): each suit's consecutive orders one activation.
 * Stops at a question (step `react`); at the end the phase ends unless `more` was given and a suit can still
 * activate. Returns the new state (the input is this resolution's own copy).
 */
function runQueue(start: MsState, queue: readonly MsOrder[], dice: Dice, events: GameEvent[]): MsState {
  let state = start
  const more = queue.some((o) => o.kind === 'more')
  let rest: MsOrder[] = queue.filter((o) => o.kind !== 'more' && o.kind !== 'policy')
  while (rest.length > 0 && !state.over) {
    const o = rest[0] as Extract<MsOrder, { ms: string }>
    rest = rest.slice(1)
    if (state.current?.ms !== o.ms) {
      state.current = { ms: o.ms, moved: false, switched: false, combat: false }
      if (!state.activated.includes(o.ms)) state.activated.push(o.ms)
      push(events, { type: 'activation', ref: 'MS-2.0', ms: o.ms })
    }
    const suit = suitById(state, o.ms)
    if (!suit || !inPlay(suit)) continue
    const current = state.current
    if (o.kind === 'move') {
      const r = checkMove(state, o.ms, o.path)
      if (!r.ok) continue
      push(events, {
        type: 'moved',
        ref: 'MS-2.1',
        ms: o.ms,
        from: { ...suit.at },
        path: o.path.map((p) => ({ ...p })),
        length: r.length,
        cost: r.cost,
        hover: r.hover,
      })
      suit.at = { ...r.to }
      current.moved = true
    } else if (o.kind === 'switch') {
      if (checkSwitch(state, o.ms, o.ops) !== null) continue
      const r = applySwitch(state, o.ms, o.ops)
      state = r.state
      for (const e of r.events) push(events, e)
      state.current = { ...current, switched: true }
    } else if (o.kind === 'attack') {
      current.combat = true
      // §8: an attack that has become illegal (range, sight) is no attack; the move and switch stand.
      const problem = attackProblem(state, o.ms, o.target, o.weapon, false)
      if (problem) {
        push(events, {
          type: 'attack-void',
          ref: problem.rule,
          ms: o.ms,
          target: o.target,
          weapon: o.weapon,
          why: message(problem.key, problem.params),
          key: problem.key,
          params: problem.params,
        })
        continue
      }
      const taken = takeResult(runAttack(state, o.ms, o.target, o.weapon, dice), rest, more, events)
      state = taken.state
      rest = taken.rest
      if (taken.asked) return state
    } else if (o.kind === 'aim') {
      current.combat = true
      const target = suitById(state, o.target)
      if (!target || !inPlay(target)) continue
      suit.aim = { target: o.target, round: state.round }
      push(events, { type: 'aimed', ref: 'MS-4.2', ms: o.ms, target: o.target })
    }
  }
  state.current = null
  if (state.over) return state
  if (!(more && state.suits.some((s) => canActivate(state, s)))) {
    endPhase(state, events)
    nextPhase(state, dice, events)
  }
  return state
}

/** GAP-M-4: every seat's suits where its orders put them, or (no orders) where they already stand. */
function resolveDeploy(state: MsState, submissions: Record<string, MsOrder[]>, events: GameEvent[]): void {
  const scn = state.scenario
  const seats = pendingSeats(state)
  const placed: Suit[] = []
  const unplaced: Suit[] = []
  for (const seat of seats) {
    const orders = submissions[seat] ?? []
    for (const suit of state.suits.filter((s) => s.seat === seat)) {
      const o = orders.find((x) => x.kind === 'deploy' && x.ms === suit.id)
      if (o?.kind !== 'deploy') {
        unplaced.push(suit)
        continue
      }
      suit.at = { ...o.at }
      const held = placeItems(scn, suitType(scn, suit.type), suit.id, suit.items, o.hold)
      if ('items' in held) suit.items = held.items
      placed.push(suit)
    }
  }
  // A seat that deployed nothing keeps the default places, moved to the nearest free point of its zone
  // where a teammate's suit or impassable terrain is in the way (GAP-M-1, GAP-M-3).
  placed.push(...state.suits.filter((s) => !seats.includes(s.seat)))
  for (const suit of unplaced) {
    suit.at = freeSpot(state, suit, placed)
    placed.push(suit)
  }
  for (const suit of state.suits.filter((s) => seats.includes(s.seat)))
    push(events, { type: 'deployed', ref: 'GAP-M-4', ms: suit.id, at: { ...suit.at } })
  state.deployed.push(...seats)
}

/** Whether a suit at `at` would overlap none of `others` nor impassable terrain, wholly on the table. */
function freeAt(state: MsState, at: Pt, others: readonly Suit[]): boolean {
  const scn = state.scenario
  return (
    discOnTable(at, RADIUS, scn.table) &&
    !others.some((o) => dist2(o.at, at) < (2 * RADIUS) ** 2) &&
    !scn.terrain.some((t) => t.move === 'impassable' && sweptDiscTouchesPolygon(at, at, RADIUS, t.polygon))
  )
}

/** The suit's default place if free, else the free point of its zone nearest to it on a 1.5" grid. */
function freeSpot(state: MsState, suit: Suit, others: readonly Suit[]): Pt {
  if (freeAt(state, suit.at, others)) return suit.at
  const zone = state.scenario.sides.find((s) => s.id === suit.side)!.zone
  const step = 150
  const spots: Pt[] = []
  for (let x = zone.x0 + RADIUS; x <= zone.x1 - RADIUS; x += step)
    for (let y = zone.y0 + RADIUS; y <= zone.y1 - RADIUS; y += step) spots.push({ x, y })
  spots.sort((a, b) => dist2(a, suit.at) - dist2(b, suit.at) || a.x - b.x || a.y - b.y)
  return spots.find((p) => freeAt(state, p, others)) ?? suit.at
}

/**
 * Resolves the current step with the seats' orders (each validated: throws when one is not legal), then
 * every automatic step after it, up to the next decision (or the end).
 */
export function resolveStep(state: MsState, submissions: Record<string, MsOrder[]>, dice: Dice): Resolution<MsState> {
  if (state.over) throw new Error('MS-0.1: the game is over')
  const pending = pendingSeats(state)
  const seats = seatsOf(state)
  const firstRoll = dice.rolls.length
  const orders: MsOrder[] = []
  for (const [seat, given] of Object.entries(submissions)) {
    if (given.length === 0) continue
    if (!pending.includes(seat)) throw new Error(`MS-1.2: ${seat} has nothing to decide now`)
    // As the server checked it: against its teammates' orders only (the zones of sides do not meet).
    const side = seats.find((s) => s.id === seat)?.side
    const mates = Object.fromEntries(
      Object.entries(submissions).filter(([id]) => seats.find((s) => s.id === id)?.side === side),
    )
    const errors = validateStep(state, seat, given, mates)
    if (errors.length > 0) throw new Error(`invalid orders: ${errors.map((e) => `${e.rule} ${e.message}`).join('; ')}`)
    orders.push(...given)
  }
  let next = structuredClone(state)
  const events: GameEvent[] = []
  applyPolicies(next, orders)
  switch (next.step) {
    case 'deploy':
      resolveDeploy(next, submissions, events)
      beginRound(next, dice, events)
      break
    case 'action': {
      const acts = orders.filter((o) => o.kind !== 'policy')
      // An empty submission (or standing orders only) passes the phase.
      if (acts.length === 0) {
        endPhase(next, events)
        nextPhase(next, dice, events)
      } else next = runQueue(next, acts, dice, events)
      break
    }
    case 'react': {
      const reaction = next.reaction!
      next.reaction = null
      next.step = 'action'
      const given = orders.find((o) => o.kind === 'shield' || o.kind === 'counter')
      const answer =
        given?.kind === 'shield'
          ? { use: given.use }
          : given?.kind === 'counter'
            ? { weapon: given.weapon }
            : defaultAnswer(next, reaction)
      const res =
        'use' in answer
          ? answerShield(next, reaction, answer.use, dice)
          : answerCounter(next, reaction, answer.weapon, dice)
      const more = reaction.queue.some((o) => o.kind === 'more')
      const taken = takeResult(res, reaction.queue, more, events)
      next = taken.state
      if (!taken.asked && !next.over) next = runQueue(next, taken.rest, dice, events)
      break
    }
  }
  return { state: next, events, rolls: dice.rolls.slice(firstRoll) }
}
