// Random legal orders built from the seat's options: the fuzzer's player (tests, demos). Pure: the caller
// passes its own seeded generator, never the game's dice.
import { checkProgram, simulateProgram } from './movement.js'
import { seatOptions } from './seat-options.js'
import { validateStep } from './sequence.js'
import { atById } from './stats.js'
import type { At, AtOptions, ProgramStep, RbOrder, RbState } from './types.js'

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

/** A random plan within the legal values and base PP (RB-21.3): accel or decel, then attack, then defence. */
function randomPlan(
  r: () => number,
  o: NonNullable<AtOptions['plan']>,
): { acc: number; dec: number; atk: number; def: number } {
  let left = o.maxTotal
  const take = (values: number[]) => {
    const v =
      pick(
        r,
        values.filter((x) => x <= left),
      ) ?? 0
    left -= v
    return v
  }
  const speedFirst = r() < 0.5
  const acc = speedFirst ? take(o.acc) : 0
  const dec = speedFirst ? 0 : take(o.dec)
  return { acc, dec, atk: take(o.atk), def: take(o.def) }
}

/** A random program: random MP steps (straight, turns, obliques) of |speed| MP, kept when movement accepts it. */
function randomProgram(r: () => number, state: RbState, seat: string, at: At, speed: number): RbOrder | null {
  for (let tries = 0; tries < 8; tries++) {
    const steps: ProgramStep[] = []
    let mp = Math.abs(speed)
    while (mp > 0) {
      const n = Math.min(mp, 1 + Math.floor(r() * 3)) as 1 | 2 | 3
      const u = r()
      const side = r() < 0.5 ? 'L' : 'R'
      if (u < 0.5 || n === 1) {
        steps.push({ op: speed < 0 ? 'B' : 'F' })
        mp -= 1
      } else {
        steps.push({ op: u < 0.8 ? 'T' : 'O', n, side })
        mp -= n
      }
    }
    if (at.fallen && r() < 0.7) steps.push({ op: 'STAND' })
    const order: RbOrder = { kind: 'program', at: at.id, steps }
    if (
      simulateProgram(state, at, speed, steps).errors.length === 0 &&
      checkProgram(state, seat, order, speed, 0).length === 0
    )
      return order
  }
  return null
}

/**
 * A random submission for `seat` now, legal as a whole: each order is kept only when the orders so far still
 * validate. [] when the seat has nothing to decide.
 */
export function randomOrders(state: RbState, seat: string, r: () => number): RbOrder[] {
  const opts = seatOptions(state, seat)
  if (!opts.toAct || !opts.step) return []
  const orders: RbOrder[] = []
  const keep = (o: RbOrder) => {
    if (validateStep(state, seat, [...orders, o]).length === 0) orders.push(o)
  }
  for (const a of opts.ats) {
    const at = atById(state, a.at) as At
    if (opts.step === 'deploy' && a.deploy && a.plan) {
      // Deployment must be whole and teammates choose apart: the k-th AT of the camp takes the k-th hex.
      const k = state.ats.filter((x) => x.camp === at.camp).indexOf(at)
      const hex = a.deploy.hexes[k % a.deploy.hexes.length]!
      orders.push({
        kind: 'deploy',
        at: a.at,
        hex: [hex[0], hex[1]],
        facing: pick(r, a.deploy.facings) ?? a.deploy.facings[0]!,
      })
      orders.push({ kind: 'plan', at: a.at, ...randomPlan(r, a.plan) })
    } else if (opts.step === 'plan' && a.plan) keep({ kind: 'plan', at: a.at, ...randomPlan(r, a.plan) })
    else if (opts.step === 'action' && a.action) {
      const speed = pick(r, a.action.speedChoices) ?? at.speed
      if (a.action.speedChoices.length > 1) keep({ kind: 'speed', at: a.at, speed })
      if (r() < 0.2) continue
      const program = randomProgram(r, state, seat, at, speed)
      if (program) keep(program)
    } else if (opts.step === 'attack' && a.attacks && r() < 0.9) {
      const choice = pick(r, a.attacks)
      if (choice)
        keep({
          kind: 'attack',
          at: a.at,
          target: choice.target,
          ...(choice.weapon ? { weapon: choice.weapon } : {}),
          ...(choice.arm ? { arm: choice.arm } : {}),
          ...(choice.volley ? { volley: true } : {}),
          ...(choice.missilesMax ? { missiles: 1 + Math.floor(r() * choice.missilesMax) } : {}),
        })
    }
  }
  return orders
}
