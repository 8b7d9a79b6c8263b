// An MS@W scenario as the catalogue shows it (GET /rulesets): the player counts it supports, the sides with
// their squads' costs, the seat layouts, and the house readings every game of it should know.
import type { ScenarioSummary } from '../../contract.js'
import type { MsSideData } from '../engine/types.js'
import type { MsScenarioEntry } from './load.js'

/** Said of every MS@W scenario: the house readings that matter to players (rules/msaw.md §9, docs/msaw.md). */
export const COMMON_NOTES = [
  'HOUSE: each suit is a disc 1" across; distances are centre to centre, discs may not overlap, and suits do not ' +
    'block line of sight (GAP-M-1). Close range is 2" or less (MS-3.3).',
  'HOUSE hand model: two hands; hand items work only while held, fixed items always; an item that cannot be ' +
    'stowed must be held or dropped (MS-2.2, GAP-M-2).',
  'HOUSE table: 48" × 48" unless the scenario says otherwise, deployment within 6" of opposite edges, the last ' +
    'side with suits wins (GAP-M-4). Terrain is polygons with no elevation (GAP-M-3).',
]

/** "初陣 — First clash": the Japanese title with the English one. */
export function scenarioTitle(e: Pick<MsScenarioEntry, 'title' | 'titleJa'>): string {
  return e.titleJa ? `${e.titleJa} — ${e.title}` : e.title
}

/** A side's name as emails use it: "Earth Federation 地球連邦軍". */
export function sideName(side: Pick<MsSideData, 'name' | 'nameJa'>): string {
  return side.nameJa && side.nameJa !== side.name ? `${side.name} ${side.nameJa}` : side.name
}

/** The catalogue entry of a loaded scenario. */
export function scenarioSummary(e: MsScenarioEntry): ScenarioSummary {
  const s = e.scenario
  const counts = s.seatLayouts.map((l) => l.players)
  return {
    id: s.id,
    title: scenarioTitle(e),
    description: e.description,
    players: { min: Math.min(...counts), max: Math.max(...counts) },
    sides: s.sides.map((side) => ({ id: side.id, name: sideName(side) })),
    seatLayouts: s.seatLayouts.map((l) => ({
      players: l.players,
      seats: l.seats.map((x) => ({ id: x.id, side: x.side, groups: [...x.groups] })),
    })),
    houseData: e.houseData,
    notes: [
      ...e.notes,
      ...e.houseReadings,
      ...COMMON_NOTES.filter((n) => !e.notes.includes(n)),
      `HOUSE points: each squad at most ${s.points.limit}, the squads within ${s.points.tolerance} points of each ` +
        'other (MS-5.2).',
    ],
  }
}
