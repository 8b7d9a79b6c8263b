// Random legal orders built from the seat's options: the fuzzer's player (tests, demos). Pure: the caller
// passes its own seeded generator, never the game's dice.
import { checkMove } from './movement.js'
import { seatOptions } from './seat-options.js'
import { suitById, validateStep } from './sequence.js'
import type { MsOrder, MsState, Pt, SwitchOp } from './types.js'

/** mulberry32: a small seeded generator for the player's own choices. */
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

function pick<T>(r: () => number, xs: readonly T[]): T | undefined {
  return xs[Math.floor(r() * xs.length)]
}

const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1))

/** A random point within `radius` of `from` (uniform in the square, kept when inside the circle). */
function pointNear(r: () => number, from: Pt, radius: number): Pt | null {
  for (let tries = 0; tries < 8; tries++) {
    const dx = int(r, -radius, radius)
    const dy = int(r, -radius, radius)
    if (dx * dx + dy * dy <= radius * radius) return { x: from.x + dx, y: from.y + dy }
  }
  return null
}

/** A path of 1–3 legs inside the suit's allowance that the movement rules accept, or null. */
function randomPath(r: () => number, state: MsState, ms: string, allowance: number): Pt[] | null {
  const suit = suitById(state, ms)
  if (!suit || allowance <= 0) return null
  for (let tries = 0; tries < 12; tries++) {
    const legs = int(r, 1, 3)
    const path: Pt[] = []
    let at = suit.at
    for (let i = 0; i < legs; i++) {
      const p = pointNear(r, at, Math.floor(allowance / legs))
      if (!p) break
      path.push(p)
      at = p
    }
    if (path.length === 0) continue
    const check = checkMove(state, ms, path)
    if (check.ok) return path
  }
  return null
}

/**
 * A random submission for `seat` now, legal as a whole: each order is kept only when the orders so far
 * still validate. [] when the seat has nothing to decide.
 */
export function randomOrders(state: MsState, seat: string, r: () => number): MsOrder[] {
  const opts = seatOptions(state, seat)
  const orders: MsOrder[] = []
  const keep = (o: MsOrder): boolean => {
    if (validateStep(state, seat, [...orders, o]).length > 0) return false
    orders.push(o)
    return true
  }
  if (opts.deploy) {
    const z = opts.deploy.zone
    for (const ms of opts.deploy.suits)
      for (let tries = 0; tries < 20; tries++) {
        const at = { x: int(r, z.x0, z.x1), y: int(r, z.y0, z.y1) }
        const hands = opts.deploy.hold[ms] ?? []
        const held = r() < 0.7 ? pick(r, hands) : undefined
        const hold = held === undefined ? {} : r() < 0.5 ? { R: held } : { L: held }
        // Deployment must be whole: an order is kept when it leaves no error of its own.
        const trial = [...orders, { kind: 'deploy', ms, at, hold } as MsOrder]
        const errors = validateStep(state, seat, trial).filter((e) => e.order === trial.length - 1)
        if (errors.length === 0) {
          orders.push(trial[trial.length - 1]!)
          break
        }
      }
    return validateStep(state, seat, orders).length === 0 ? orders : []
  }
  if (opts.reaction) {
    const q = opts.reaction
    if (q.kind === 'shield') keep({ kind: 'shield', ms: q.ms, use: r() < 0.7 })
    else keep({ kind: 'counter', ms: q.ms, weapon: r() < 0.2 ? null : (pick(r, q.choices) ?? null) })
    return orders
  }
  for (const s of opts.suits) {
    // Now and then a standing order, so that questions (§8 `ask`) come up too.
    if (r() < 0.1) {
      const shield = pick(r, ['always', 'never', 'ask'] as const)!
      const counter = pick(r, ['best', 'never', 'ask'] as const)!
      keep({ kind: 'policy', ms: s.ms, shield, counter })
    }
    if (r() < 0.15) continue
    if (s.switchable.draw.length > 0 && r() < 0.3) {
      const item = pick(r, s.switchable.draw)!
      const ops: SwitchOp[] = [{ op: 'draw', item, hand: r() < 0.5 ? 'R' : 'L' }]
      if (!keep({ kind: 'switch', ms: s.ms, ops }))
        keep({ kind: 'switch', ms: s.ms, ops: [{ ...ops[0]!, hand: 'both' } as SwitchOp] })
    }
    if (r() < 0.8) {
      const allowance = s.hover !== null && r() < 0.5 ? s.hover : s.move
      // The earlier orders of this submission moved other suits: check against where they end.
      const path = randomPath(r, state, s.ms, allowance)
      if (path) keep({ kind: 'move', ms: s.ms, path })
    }
    const target = pick(
      r,
      s.targets.filter((t) => t.inSight && t.weapons.length > 0),
    )
    const weapon = target ? pick(r, target.weapons) : undefined
    if (target && weapon && r() < 0.8) keep({ kind: 'attack', ms: s.ms, target: target.target, weapon: weapon.weapon })
    else if (state.options.aim && target && r() < 0.3) keep({ kind: 'aim', ms: s.ms, target: target.target })
  }
  if (orders.length > 0 && r() < 0.2) keep({ kind: 'more' })
  return orders
}
