// Legality lives here: every order of a submission is checked against the state and the orders
// teammates already submitted for the step. Errors cite the rule; nothing is partly applied.
import type { OrderError } from '../../../engine/ruleset.js'
import { attackProblems, bdProblem, defendProblem } from './combat-phase.js'
import { refuse, type MessageKey } from './messages.js'
import { validateMoves, type MoveOrder, type RemoveOrder } from './movement.js'
import { actingSides } from './seat-options.js'
import type { Order, State } from './types.js'

const STEP_KINDS: Record<State['step'], Order['kind'][]> = {
  deploy: ['move', 'standing'],
  move: ['move', 'remove', 'standing'],
  'attack-lead': ['bd', 'attack', 'standing'],
  'attack-follow': ['bd', 'attack', 'defend', 'standing'],
  over: [],
}

const isHex = (h: unknown): boolean => Array.isArray(h) && h.length === 2 && h.every((n) => Number.isInteger(n))
const isIds = (a: unknown): boolean => Array.isArray(a) && a.length > 0 && a.every((x) => typeof x === 'string')

type Problem = { key: MessageKey; params?: Record<string, string> }

/** Structural check for orders that arrive as JSON rather than through the notation: what is wrong, or null. */
export function shapeProblem(o: Order): string | null {
  const p = shapeProblemKey(o)
  return p && refuse('ORDER', p.key, p.params).message
}

function shapeProblemKey(o: Order): Problem | null {
  const any = o as Record<string, unknown>
  switch (o?.kind) {
    case 'move':
      return isIds(any.units) && isHex(any.to) ? null : { key: 'abaoaqu.order.move' }
    case 'remove':
      return isIds(any.units) ? null : { key: 'abaoaqu.order.remove' }
    case 'bd':
      return typeof any.unit === 'string' && isHex(any.target) ? null : { key: 'abaoaqu.order.bd' }
    case 'attack': {
      const t = any.target as Record<string, unknown> | undefined
      const targetOk = !!t && (typeof t.unit === 'string' || ['MS', 'FT', 'SHIP', 'ALL'].includes(t.group as string))
      const ranksOk = any.ranks === undefined || Number.isInteger(any.ranks)
      const hexOk = any.hex === undefined || isHex(any.hex)
      return ['shoot', 'close'].includes(any.mode as string) && isIds(any.units) && targetOk && ranksOk && hexOk
        ? null
        : { key: 'abaoaqu.order.attack' }
    }
    case 'defend':
      return typeof any.attack === 'string' && Number.isInteger(any.ranks) ? null : { key: 'abaoaqu.order.defend' }
    case 'standing':
      return any.defenceShift === 'full' ||
        any.defenceShift === 'none' ||
        (Number.isInteger(any.defenceShift) && (any.defenceShift as number) >= 0)
        ? null
        : { key: 'abaoaqu.order.standing' }
    default:
      return { key: 'abaoaqu.order.unknownKind', params: { kind: String(JSON.stringify(any?.kind)) } }
  }
}

export function validate(
  state: State,
  seat: string,
  orders: Order[],
  others: Record<string, Order[]> = {},
): OrderError[] {
  if (!Array.isArray(orders)) return [refuse('ORDER', 'abaoaqu.order.notList')]
  const seatInfo = state.seats.find((s) => s.id === seat)
  if (!seatInfo) return [refuse('A-0a', 'abaoaqu.noSeat', { seat })]
  if (state.step === 'over') return [refuse('A-3-3', 'abaoaqu.gameOver')]
  if (!actingSides(state).includes(seatInfo.side)) {
    return [
      refuse('A-3-3', 'abaoaqu.notYourPhase', {
        step: state.step,
        sides: actingSides(state).join(', '),
        side: seatInfo.side,
      }),
    ]
  }
  // Every error at once: a malformed order is reported, and the well-formed ones are still checked
  // against the rules, so a player fixes a submission in one go.
  const errors: OrderError[] = []
  const wellFormed: Indexed[] = []
  orders.forEach((o, index) => {
    const shape = shapeProblemKey(o)
    if (shape) errors.push(refuse('ORDER', shape.key, shape.params, { order: index }))
    else if (!STEP_KINDS[state.step].includes(o.kind))
      errors.push(
        refuse(
          'A-3-3',
          /^[aeiou]/.test(o.kind) ? 'abaoaqu.wrongStepVowel' : 'abaoaqu.wrongStep',
          { kind: o.kind, step: state.step },
          { order: index },
        ),
      )
    else wellFormed.push({ order: o, index })
  })
  if (state.step === 'deploy' || state.step === 'move') errors.push(...moveErrors(state, seat, wellFormed, others))
  else errors.push(...combatErrors(state, seatInfo.side, seat, wellFormed, others))
  return errors.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity))
}

/** An order with its place in the submission (errors name that place). */
interface Indexed {
  order: Order
  index: number
}

function moveErrors(state: State, seat: string, orders: Indexed[], others: Record<string, Order[]>): OrderError[] {
  const isMove = (o: Order): o is MoveOrder | RemoveOrder => o.kind === 'move' || o.kind === 'remove'
  const mine = orders.flatMap(({ order, index }) => (isMove(order) ? [{ order, index }] : []))
  const teammates = Object.entries(others)
    .filter(([s]) => s !== seat)
    .map(([s, os], offset) => ({ seat: s, orders: os.filter(isMove), offset }))
  return validateMoves(state, seat, mine, teammates)
}

function combatErrors(
  state: State,
  side: string,
  seat: string,
  orders: Indexed[],
  others: Record<string, Order[]>,
): OrderError[] {
  const errors: OrderError[] = []
  const used = new Map<string, string>()
  for (const [s, os] of Object.entries(others)) {
    if (s === seat) continue
    for (const o of os) if (o.kind === 'attack') attackProblems(state, side, s, o, used)
  }
  const defended = new Set<string>()
  orders.forEach(({ order: o, index }) => {
    const at = (e: OrderError): OrderError => ({ ...e, order: index })
    if (o.kind === 'bd') {
      const p = bdProblem(state, seat, o)
      if (p) errors.push(at(p))
      else if ((used.get(o.unit) ?? '').includes('s'))
        errors.push(at(refuse('A-18-3', 'abaoaqu.bd.isShootingAttack', { unit: o.unit }, { field: 'unit' })))
      used.set(o.unit, (used.get(o.unit) ?? '') + 's')
    } else if (o.kind === 'attack') {
      errors.push(...attackProblems(state, side, seat, o, used).map(at))
    } else if (o.kind === 'defend') {
      const p = defendProblem(state, seat, o)
      if (p) errors.push(at(p))
      else if (defended.has(o.attack))
        errors.push(at(refuse('A-11-2', 'abaoaqu.defend.twice', { attack: o.attack }, { field: 'attack' })))
      defended.add(o.attack)
    }
  })
  return errors
}
