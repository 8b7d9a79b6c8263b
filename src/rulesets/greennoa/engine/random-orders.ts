// Random legal orders built from the seat's options: the fuzzer's player (tests, demos). Pure: the caller
// passes its own seeded generator, never the game's dice.
import { seatOptions } from './seat-options.js'
import { validateStep } from './sequence.js'
import type { GnOrder, GnState, Side, Step } from './types.js'

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

const stepsOf = (program: string): Step[] => [...program].filter((c): c is Step => c === 'F' || c === 'L' || c === 'R')

/**
 * A random submission for `seat` now, legal as a whole: each order is kept only when the orders so far still
 * validate (two moves may not end in one hex, GN-5-1). [] when the seat has nothing to decide.
 */
export function randomOrders(state: GnState, seat: string, r: () => number): GnOrder[] {
  const opts = seatOptions(state, seat)
  if (!opts.step || !opts.side) return []
  const side: Side = opts.side
  const orders: GnOrder[] = []
  const keep = (o: GnOrder) => {
    if (validateStep(state, side, [...orders, o]).length === 0) orders.push(o)
  }
  if (opts.step === 'movement') {
    for (const u of opts.units) {
      if (r() < 0.15) continue
      const change = u.formMoves.length > 0 && r() < 0.25 ? pick(r, u.formMoves) : undefined
      if (change) keep({ kind: 'transform', unit: u.unit, form: change.form })
      const transformed = orders.some((o) => o.kind === 'transform' && o.unit === u.unit)
      const m = pick(r, transformed && change ? change.moves : u.moves)
      if (m) keep({ kind: 'move', unit: u.unit, steps: stepsOf(m.steps) })
    }
    return orders
  }
  const byUnit = new Map<string, typeof opts.attacks>()
  for (const a of opts.attacks) byUnit.set(a.unit, [...(byUnit.get(a.unit) ?? []), a])
  for (const [unit, attacks] of byUnit) {
    if (r() < 0.1) continue
    const a = pick(r, attacks)
    if (a) keep({ kind: a.kind, unit, target: a.target })
  }
  return orders
}
