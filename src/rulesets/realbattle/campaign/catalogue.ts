// Real Battle campaign (RB-24.5): what a team may buy and every card its belongings name, read once from the
// house data (scenarios/realbattle/ats.yaml, weapons.yaml) through the scenario loader; and the catalogue
// scenarios (RB-23-S1…S9) whose map, tables and camp names a show borrows.
import type { Catalogue } from '../engine/campaign/index.js'
import type { Mount, RbScenario } from '../engine/types.js'
import { loadHouseData, realbattleScenarios } from '../scenarios/index.js'

let cached: Catalogue | null = null

/**
 * Every AT and weapon card of the house data. A built-in weapon (weapons.yaml `builtInto`, RB-5.6 [H]) comes
 * with the AT card it belongs to, at its card's mount; it has no price, so it is never sold alone.
 */
export function campaignCatalogue(): Catalogue {
  if (cached) return cached
  const house = loadHouseData()
  const builtIn: Record<string, Array<{ weapon: string; mount?: Mount }>> = {}
  for (const [weapon, card] of Object.entries(house.builtInto))
    (builtIn[card] ??= []).push({ weapon, mount: house.weapons[weapon]!.mount })
  cached = { cards: house.cards, weapons: house.weapons, builtIn }
  return cached
}

/** The catalogue scenario `id` (RB-23-S1…S9), or null. */
export function catalogueScenario(id: string): RbScenario | null {
  const entry = realbattleScenarios().find((s) => s.summary.id === id)
  return entry ? (entry.data as RbScenario) : null
}

/** The AT cards and the weapon cards a team may buy (a price and an availability, not built in). */
export function forSale(catalogue: Catalogue): {
  ats: Array<Catalogue['cards'][string]>
  weapons: Array<Catalogue['weapons'][string]>
} {
  const ok = (c: { price: number | null; availability: number | null; builtIn?: boolean }) =>
    c.price !== null && c.availability !== null && c.builtIn !== true
  const byPrice = <T extends { id: string; price: number | null }>(a: T, b: T) =>
    a.price! - b.price! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return {
    ats: Object.values(catalogue.cards).filter(ok).sort(byPrice),
    weapons: Object.values(catalogue.weapons).filter(ok).sort(byPrice),
  }
}
