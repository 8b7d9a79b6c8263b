// A Real Battle scenario as the catalogue shows it (GET /rulesets): 2 to one player per AT, the two camps,
// the seat layouts the loader made, and the notes every game of it should know.
import type { ScenarioSummary } from '../../contract.js'
import { CAMPS } from '../engine/types.js'
import type { RbScenarioEntry } from './load.js'

/** Said of every Real Battle scenario: the global tables are house data. */
export const COMMON_NOTES = [
  'HOUSE data: the accel/decel, hit/evasion, attacker speed, target direction/speed, fire-arc and action-PP ' +
    'tables (T1–T6) are house substitutes for the printed ones (GAP-RB-3 to GAP-RB-6); a club replaces ' +
    'scenarios/realbattle/tables.yaml.',
  'Deployment is sealed and simultaneous on the yellow hexes of an end, facing the other end (RB-23.4 [H]).',
]

/** "ブロウバトル — Blow Battle": the Japanese title with the English one. */
export function scenarioTitle(e: Pick<RbScenarioEntry, 'title' | 'titleJa'>): string {
  return e.titleJa ? `${e.titleJa} — ${e.title}` : e.title
}

/** A camp's name as emails use it: "Red Shoulder レッドショルダー". */
export function campName(camp: { name: string; nameJa: string }): string {
  return camp.name === camp.nameJa ? camp.name : `${camp.name} ${camp.nameJa}`
}

export function scenarioSummary(e: RbScenarioEntry): ScenarioSummary {
  const s = e.scenario
  return {
    id: s.id,
    title: scenarioTitle(e),
    description: e.description,
    players: { min: 2, max: s.ats.length },
    sides: CAMPS.map((c) => ({ id: c, name: campName(s.camps[c]) })),
    seatLayouts: s.seatLayouts.map((l) => ({
      players: l.players,
      seats: l.seats.map((x) => ({ id: x.id, side: x.side, groups: [...x.groups] })),
    })),
    houseData: e.houseData,
    notes: [...e.notes, ...COMMON_NOTES.filter((n) => !e.notes.includes(n))],
  }
}
