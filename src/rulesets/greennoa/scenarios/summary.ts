// A GREEN NOA scenario as the catalogue shows it (GET /rulesets): two players, the two sides, one seat a
// side as the ruleset's seats() gives them, and the notes every game of it should know.
import type { ScenarioSummary } from '../../contract.js'
import { seats } from '../engine/index.js'
import type { GnScenarioEntry } from './load.js'

/** The sides as the catalogue names them: the English name the rulebook's logo uses, then the Japanese. */
export const SIDE_NAMES = [
  { id: 'AEUG', name: 'AEUG エゥーゴ' },
  { id: 'TITANS', name: 'TITANS ティターンズ' },
]

/** Said of every GREEN NOA scenario: what is house data, and the rules the source lacks. */
export const COMMON_NOTES = [
  'HOUSE data: the source prints one counter (the Gundam MkII) and no map, scenario or pilot values; ' +
    'the other unit types, the pilots, maps, set-ups and victory conditions are house substitutes ' +
    '(GAP-GN-2, GAP-GN-4, GAP-GN-5, GAP-GN-6).',
  'GAP-GN-8: rules 7-5 and 7-6 are missing from the source; nothing is added in their place.',
]

/** "赤い彗星と木星帰りの男 — Red Comet and the Jupiter Man": the file's Japanese title with its English. */
export function scenarioTitle(e: Pick<GnScenarioEntry, 'title' | 'titleJa'>): string {
  return e.titleJa ? `${e.titleJa} — ${e.title}` : e.title
}

export function scenarioSummary(e: GnScenarioEntry): ScenarioSummary {
  return {
    id: e.scenario.id,
    title: scenarioTitle(e),
    description: e.description,
    players: { min: 2, max: 2 },
    sides: SIDE_NAMES.map((s) => ({ ...s })),
    seatLayouts: [{ players: 2, seats: seats().map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] })) }],
    houseData: e.houseData,
    notes: [...e.notes, ...COMMON_NOTES.filter((n) => !e.notes.includes(n))],
  }
}
