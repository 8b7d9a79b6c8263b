// The rule systems the server plays, and their scenarios as players see them in the catalogue.
import type { Ruleset } from '../engine/ruleset.js'
import { abaoaqu } from '../engine/rulesets/abaoaqu/index.js'
import type { Scenario as AbqScenario } from '../engine/rulesets/abaoaqu/types.js'
import { loadAbaoaqu } from '../scenarios/index.js'

/* eslint-disable @typescript-eslint/no-explicit-any -- the registry holds rule systems of any state type */
export type AnyRuleset = Ruleset<any, any, any, any, any>
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface ScenarioSummary {
  id: string
  title: string
  description: string
  players: { min: number; max: number }
  sides: Array<{ id: string; name: string }>
  seatLayouts: Array<{ players: number; seats: Array<{ id: string; side: string; groups: string[] }> }>
  houseData: boolean
  notes: string[]
}

export interface RuleSystem {
  id: string
  title: string
  ruleset: AnyRuleset
  scenarios(): Array<{ summary: ScenarioSummary; data: unknown }>
}

function abaoaquSummary(s: AbqScenario): ScenarioSummary {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    players: s.players,
    sides: s.sides,
    seatLayouts: s.seatLayouts.map((l) => ({
      players: l.players,
      seats: l.seats.map((x) => ({ id: x.id, side: x.side, groups: x.groups })),
    })),
    houseData: s.houseData,
    notes: s.notes ?? [],
  }
}

/** Scenario files are read and checked once per process; the result is never mutated. */
function once<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

const systems: RuleSystem[] = [
  {
    id: 'abaoaqu',
    title: 'A-Bao-A-Qu',
    ruleset: abaoaqu,
    scenarios: once(() => loadAbaoaqu().map((s) => ({ summary: abaoaquSummary(s), data: s }))),
  },
]

export function ruleSystems(): RuleSystem[] {
  return systems
}

export function ruleSystem(id: string): RuleSystem | undefined {
  return systems.find((s) => s.id === id)
}
