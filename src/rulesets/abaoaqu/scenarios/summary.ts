// A scenario as the catalogue shows it (GET /rulesets): who plays, the sides and the seat layouts.
import type { ScenarioSummary } from '../../contract.js'
import type { Scenario } from '../engine/types.js'

export function scenarioSummary(s: Scenario): ScenarioSummary {
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
