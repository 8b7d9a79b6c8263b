// Scenarios for the frame's tests (set-up, deployment, plans, views): built on fixture.ts's house data.
import { scriptedDice } from '../../../src/engine/dice.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import type { RbOrder, RbScenario, RbState, ScenarioAt } from '../../../src/rulesets/realbattle/engine/types.js'
import { makeScenario } from './fixture.js'

export type SeatLayouts = RbScenario['seatLayouts']

/** A scenario on map A with these ATs and seat layouts. */
export function scenarioWith(ats: ScenarioAt[], seatLayouts: SeatLayouts, over: Partial<RbScenario> = {}): RbScenario {
  return makeScenario({ ats, seatLayouts, ...over })
}

export const scopedog = (id: string, camp: 'A' | 'B', basePp = 6, loadout: ScenarioAt['loadout'] = []): ScenarioAt => ({
  id,
  camp,
  card: 'scopedog',
  pilot: { name: `Pilot ${id}`, nameJa: `パイロット${id}`, basePp },
  loadout,
})

/** S2-like: one Scopedog with a heavy machine gun a camp, 2 players. */
export function duel(over: Partial<RbScenario> = {}): RbScenario {
  return scenarioWith(
    [scopedog('A1', 'A', 6, [{ weapon: 'hmg', magazines: 1 }]), scopedog('B1', 'B', 6, [{ weapon: 'hmg' }])],
    [
      {
        players: 2,
        seats: [
          { id: 'A', side: 'A', groups: ['A1'] },
          { id: 'B', side: 'B', groups: ['B1'] },
        ],
      },
    ],
    over,
  )
}

/** S3-like: two ATs a camp; 2 players (a seat a camp) or 4 (a seat an AT). */
export function team(over: Partial<RbScenario> = {}): RbScenario {
  return scenarioWith(
    [scopedog('A1', 'A', 7), scopedog('A2', 'A', 6), scopedog('B1', 'B', 7), scopedog('B2', 'B', 6)],
    [
      {
        players: 2,
        seats: [
          { id: 'A', side: 'A', groups: ['A1', 'A2'] },
          { id: 'B', side: 'B', groups: ['B1', 'B2'] },
        ],
      },
      {
        players: 4,
        seats: [
          { id: 'A-1', side: 'A', groups: ['A1'] },
          { id: 'A-2', side: 'A', groups: ['A2'] },
          { id: 'B-1', side: 'B', groups: ['B1'] },
          { id: 'B-2', side: 'B', groups: ['B2'] },
        ],
      },
    ],
    over,
  )
}

/** Deploy orders for the ATs of `seat`'s camp on its end, in order, facing the other end. */
export function deployOrders(state: RbState, ids: string[], plans: Record<string, number[]> = {}): RbOrder[] {
  return ids.flatMap((id, i) => {
    const at = state.ats.find((a) => a.id === id)!
    const end = state.ends[at.camp]
    const [c, r] = state.scenario.map.deploy[end][i]!.split(',').map(Number) as [number, number]
    const [acc, dec, atk, def] = plans[id] ?? [0, 0, 0, 0]
    return [
      { kind: 'deploy', at: id, hex: [c, r], facing: end === 'a' ? 2 : 5 },
      { kind: 'plan', at: id, acc: acc!, dec: dec!, atk: atk!, def: def! },
    ] as RbOrder[]
  })
}

/**
 * Set up (ends die `endsRoll`) and deploy every AT with the plans given (default all 0), the first camp
 * rolled with `firstRoll`: the state at the first camp's action step, and the events of the deployment.
 */
export function started(
  scenario: RbScenario,
  players: number,
  plans: Record<string, number[]> = {},
  opts: { endsRoll?: number; firstRoll?: number; options?: Record<string, string | number | boolean> } = {},
) {
  const { state } = realbattle.setup(
    scenario,
    { players, ...(opts.options ? { options: opts.options } : {}) },
    scriptedDice([opts.endsRoll ?? 1]),
  )
  const submissions: Record<string, RbOrder[]> = {}
  for (const seat of realbattle.seats(state)) {
    const ids = state.ats.filter((a) => a.seat === seat.id).map((a) => a.id)
    const campIds = state.ats.filter((a) => a.camp === seat.side).map((a) => a.id)
    const all = deployOrders(state, campIds, plans)
    submissions[seat.id] = all.filter((o) => ids.includes(o.at))
  }
  const next = realbattle.resolve(state, submissions, scriptedDice([opts.firstRoll ?? 1]))
  return { before: state, ...next }
}
