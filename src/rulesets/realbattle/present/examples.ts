// Real Battle's orders in the text notation (docs/orders-realbattle.md), written from a seat's options:
// the lines compact options show after each attack, and a few examples an email offers to paste. Notation
// is the same in every language.
import { FACINGS, hexLabel } from './words.js'
import type { AttackOption, AtOptions, RbSeatOptions } from '../engine/types.js'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/** Enough of a seat's options to read (they may come back from JSON). */
export function isSeatOptions(value: unknown): value is RbSeatOptions {
  if (!isObject(value) || !Array.isArray(value.ats)) return false
  return value.ats.every((a) => isObject(a) && typeof a.at === 'string')
}

// ---- one order --------------------------------------------------------------------------------------

export function deployOrder(at: string, hex: unknown, facing: number): string {
  return `${at} deploy ${hexLabel(hex) ?? '?'} ${FACINGS[facing] ?? facing}`
}

export function planOrder(at: string, p: { acc: number; dec: number; atk: number; def: number }): string {
  return `${at} plan ${p.acc} ${p.dec} ${p.atk} ${p.def}`
}

export function speedOrder(at: string, speed: number): string {
  return `${at} speed ${speed}`
}

export function programOrder(at: string, steps: string[]): string {
  return `${at} ${steps.join(' ')}`
}

/** RB-12: fire with a weapon (missiles: how many), a volley (RB-12.14), or melee with an arm (RB-12.8). */
export function attackOrder(at: string, a: AttackOption, missiles?: number): string {
  if (a.arm) return `${at} melee ${a.target} ${a.arm}`
  if (a.volley) return `${at} volley ${a.target}`
  // A launcher names how many missiles it fires (RB-12.7); one unless said.
  const launcher = a.missilesMax !== undefined && a.missilesMax > 1
  return `${at} fire ${a.target} ${a.weapon ?? '?'}${launcher ? ` x${missiles ?? 1}` : ''}`
}

// ---- choices ----------------------------------------------------------------------------------------

/** A legal plan for the example (RB-21.3): a little acceleration, attack and defence, within base PP. */
export function samplePlan(plan: NonNullable<AtOptions['plan']>): {
  acc: number
  dec: number
  atk: number
  def: number
} {
  const third = Math.floor(plan.maxTotal / 3)
  const most = (values: number[], cap: number) => Math.max(0, ...values.filter((v) => v <= cap))
  const atk = most(plan.atk, third)
  const def = most(plan.def, third)
  const acc = Math.min(...plan.acc.filter((v) => v > 0), Infinity)
  const withAcc = Number.isFinite(acc) && acc + atk + def <= plan.maxTotal ? acc : 0
  return { acc: withAcc, dec: 0, atk, def }
}

/** A program that spends exactly |speed| MP (RB-6.2): straight, or one turn ① then straight when affordable. */
export function sampleProgram(action: NonNullable<AtOptions['action']>, speed: number): string[] | null {
  const mp = Math.abs(speed)
  if (mp === 0) return action.canStand ? ['STAND'] : null
  const straight = speed > 0 ? 'F' : 'B'
  const turn = action.patterns.find((p) => /^T1[LR]?$/.test(p.step) && p.pp <= action.actionPp)
  if (turn && speed > 0) return ['T1R', ...Array<string>(mp - 1).fill(straight)]
  return Array<string>(mp).fill(straight)
}

/** The speed an example uses: the one the AT has, or the fastest forward of its choices. */
export function sampleSpeed(action: NonNullable<AtOptions['action']>): number | null {
  if (action.speedChoices.length === 0) return null
  return Math.max(...action.speedChoices)
}

/** A few order lines valid for these options, for an email to show the notation. */
export function orderExamples(options: unknown): string[] {
  if (!isSeatOptions(options)) return []
  const out: string[] = []
  const live = options.ats.filter((a) => !a.blocked)
  const deployer = live.find((a) => a.deploy && a.deploy.hexes.length > 0)
  if (deployer?.deploy) out.push(deployOrder(deployer.at, deployer.deploy.hexes[0], deployer.deploy.facings[0] ?? 0))
  const planner = live.find((a) => a.plan)
  if (planner?.plan) out.push(planOrder(planner.at, samplePlan(planner.plan)))
  for (const a of live.filter((x) => x.action).slice(0, 2)) {
    const speed = sampleSpeed(a.action!)
    if (speed === null) continue
    if (a.action!.speedChoices.length > 1) out.push(speedOrder(a.at, speed))
    const steps = sampleProgram(a.action!, speed)
    if (steps) out.push(programOrder(a.at, steps))
  }
  const attacker = live.find((a) => (a.attacks ?? []).length > 0)
  const first = attacker?.attacks?.find((x) => x.weapon && !x.volley) ?? attacker?.attacks?.[0]
  if (attacker && first) out.push(attackOrder(attacker.at, first))
  return out.slice(0, 6)
}
