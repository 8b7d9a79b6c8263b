// Random legal orders built from options(): the fuzzer's player, also used by benchmarks and
// demos. Pure: the caller passes its own seeded generator (never the game's dice).
import { distance } from './geometry.js'
import { STACK_LIMIT } from './movement.js'
import type { Hex, Order, State } from './types.js'
import { seatOptions } from './seat-options.js'
import { stackClass } from './units.js'

/** mulberry32: a tiny seeded generator for the fuzzer's own choices (never for game dice). */
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

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!
}

const key = (h: Hex) => `${h[0]},${h[1]}`

function closestTo(hexes: Hex[], goal: Hex, start: Hex): Hex {
  return hexes.reduce((best, h) => (distance(h, goal) < distance(best, goal) ? h : best), start)
}

function occupier(state: State): string | null {
  const rule = state.scenario.victory.find((v) => v.type === 'occupy')
  return rule && rule.type === 'occupy' ? rule.side : null
}

/** Where each unit of the side will be after the teammates' orders, and the hexes they trimmed. */
function afterTeammates(state: State, side: string, others: Record<string, Order[]>) {
  const where = new Map<string, Hex | null>()
  for (const u of state.units) if (u.side === side && u.at === 'map' && u.hex) where.set(u.id, u.hex)
  const pinned = new Set<string>()
  for (const orders of Object.values(others)) {
    for (const o of orders) {
      if (o.kind === 'move') for (const id of o.units) where.set(id, o.to)
      if (o.kind === 'remove')
        for (const id of o.units) {
          const h = where.get(id)
          if (h) pinned.add(key(h))
          where.set(id, null)
        }
    }
  }
  return { where, pinned }
}

function moveOrders(state: State, seat: string, r: () => number, others: Record<string, Order[]>): Order[] {
  const opts = seatOptions(state, seat)
  const side = opts.side
  const byId = new Map(state.units.map((u) => [u.id, u]))
  const { where, pinned } = afterTeammates(state, side, others)
  const load = new Map<string, { MS: number; SHIP: number }>()
  for (const [id, hex] of where) {
    if (!hex) continue
    const c = load.get(key(hex)) ?? { MS: 0, SHIP: 0 }
    c[stackClass(state, byId.get(id)!)]++
    load.set(key(hex), c)
  }
  const fortress = state.scenario.map.tags.fortress ?? []
  const towardFortress = occupier(state) === side
  const fortressKeys = new Set(fortress.map(key))
  const enemies = state.units.filter((x) => x.side !== side && x.at === 'map' && x.hex).map((x) => x.hex!)
  const orders: Order[] = []
  for (const u of opts.units) {
    if (u.moves.length === 0 || r() < 0.25) continue
    const unit = byId.get(u.id)!
    // Leaving a hex whose excess was removed would leave it under the limit (A-5-6).
    if (unit.hex && pinned.has(key(unit.hex))) continue
    if (towardFortress && unit.hex && fortressKeys.has(key(unit.hex)) && r() < 0.9) continue
    let to = pick(r, u.moves)
    if (towardFortress && fortress.length && r() < 0.6) to = closestTo(u.moves, pick(r, fortress), to)
    else if (!towardFortress && enemies.length && r() < 0.5) to = closestTo(u.moves, pick(r, enemies), to)
    const cls = stackClass(state, unit)
    const dest = load.get(key(to)) ?? { MS: 0, SHIP: 0 }
    const over = dest[cls] >= STACK_LIMIT[cls]
    if (over && (state.step === 'deploy' || r() > 0.1)) continue
    if (unit.hex) load.get(key(unit.hex))![cls]--
    orders.push({ kind: 'move', units: [u.id], to })
    if (over) {
      orders.push({ kind: 'remove', units: [u.id] }) // over-stack on purpose, name the excess (A-5-6)
      pinned.add(key(to))
    } else {
      dest[cls]++
      load.set(key(to), dest)
    }
  }
  return orders
}

function combatOrders(state: State, seat: string, r: () => number): Order[] {
  const opts = seatOptions(state, seat)
  const used = new Map<string, string>()
  const orders: Order[] = []
  for (const u of opts.units) {
    if (!u.bd || r() < 0.3) continue
    const unit = state.units.find((x) => x.id === u.id)!
    const enemies = state.units.filter(
      (x) => x.side !== opts.side && x.at === 'map' && x.hex && distance(x.hex, unit.hex!) <= 10,
    )
    const target: Hex = enemies.length ? pick(r, enemies).hex! : unit.hex!
    orders.push({ kind: 'bd', unit: u.id, target })
    used.set(u.id, 's')
  }
  const candidates = [...opts.groupAttacks, ...opts.units.flatMap((u) => u.attacks)]
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[Math.floor(r() * candidates.length)]!
    const mark = a.order.mode === 'shoot' ? 's' : 'c'
    if (a.order.units.some((id) => (used.get(id) ?? '').includes(mark)) || r() < 0.3) continue
    for (const id of a.order.units) used.set(id, (used.get(id) ?? '') + mark)
    orders.push(r() < 0.1 ? { ...a.order, ranks: 0 } : a.order)
  }
  for (const d of opts.defend)
    if (r() < 0.3) orders.push({ kind: 'defend', attack: d.attack, ranks: Math.floor(r() * (d.maxRanks + 1)) })
  if (r() < 0.05) orders.push({ kind: 'standing', defenceShift: pick(r, ['full', 'none', 1] as const) })
  return orders
}

/** Random legal orders for `seat`, given what its teammates already submitted this step. */
export function randomOrders(
  state: State,
  seat: string,
  r: () => number,
  others: Record<string, Order[]> = {},
): Order[] {
  return state.step === 'deploy' || state.step === 'move'
    ? moveOrders(state, seat, r, others)
    : combatOrders(state, seat, r)
}
