// A random player of the campaign's maintenance, for fuzzing random campaigns. `rng` is a seeded function
// returning [0, 1) (never Math.random): the same seed gives the same orders.
import type { CampaignAction, CampaignRules, Catalogue, Team } from './types.js'
import { ownedWeapons } from './team.js'

export type Rng = () => number

function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rng() * items.length) % items.length]
}

/** A small seeded generator (mulberry32) for tests and fuzzers. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The orders of one maintenance period for `team`, planned from what it has now (the dice decide later
 * whether a purchase happens, so some orders may be refused when they resolve; `runMaintenance` skips those).
 * It scouts when it has no pilot, buys an AT when it has none (borrowing when short), repairs, resupplies,
 * buys weapons and magazines, mounts what is in the store, sometimes repays, sometimes orders a sixth action.
 */
export function randomMaintenance(team: Team, catalogue: Catalogue, rules: CampaignRules, rng: Rng): CampaignAction[] {
  const actions: CampaignAction[] = []
  let counted = 0
  const limit = rules.actionsPerMaintenance + (rng() < 0.1 ? 1 : 0)
  const add = (a: CampaignAction) => {
    if (['borrow', 'repay', 'mount', 'unmount', 'field'].includes(a.kind)) actions.push(a)
    else if (counted < limit) {
      actions.push(a)
      counted += 1
    }
  }
  const forSale = (
    m: Record<string, { id: string; price: number | null; availability: number | null; builtIn?: boolean }>,
  ) => Object.values(m).filter((c) => c.price !== null && c.availability !== null && c.builtIn !== true)
  const atCards = forSale(catalogue.cards)
  const weaponCards = forSale(catalogue.weapons)

  if (!team.pilots.some((p) => p.alive)) {
    add({ kind: 'scout', ...(rng() < 0.3 ? { maxFee: 100 * (1 + Math.floor(rng() * 6)) } : {}) })
    add({ kind: 'scout' })
  }
  if (team.ats.length === 0) {
    const card = pick(rng, atCards)
    if (card) {
      const short = card.price! - team.money
      if (short > 0 && rng() < 0.7) add({ kind: 'borrow', amount: Math.ceil(short / 10) * 10 })
      add({ kind: 'buy-at', card: card.id })
    }
  }
  for (const at of team.ats) if (at.damage > 0 && rng() < 0.7) add({ kind: 'repair', at: at.id })
  for (const { weapon } of ownedWeapons(team)) {
    const card = catalogue.weapons[weapon.card]
    if (!card?.resupply) continue
    if (card.ammo !== null && weapon.ammo < card.ammo && rng() < 0.6) add({ kind: 'resupply', weapon: weapon.id })
    if (!card.resupply.star && rng() < 0.3) add({ kind: 'buy-magazine', weapon: weapon.id })
  }
  for (const w of team.weapons) {
    const at = pick(rng, team.ats)
    if (at && rng() < 0.8) add({ kind: 'mount', weapon: w.id, at: at.id })
  }
  if (team.debt > 0 && team.money > 2000 && rng() < 0.5)
    add({ kind: 'repay', amount: Math.min(team.debt, 10 * Math.ceil((rng() * team.debt) / 10)) })
  if (rng() < 0.15) add({ kind: 'borrow', amount: 10 * (1 + Math.floor(rng() * 100)) })
  const at = pick(rng, team.ats)
  const pilot = pick(
    rng,
    team.pilots.filter((p) => p.alive),
  )
  if (at && pilot && rng() < 0.5) add({ kind: 'field', at: at.id, pilot: pilot.id })
  for (let tries = 0; counted < limit && tries < 20; tries++) {
    const r = rng()
    if (r < 0.3) add({ kind: 'scout', ...(rng() < 0.2 ? { accept: false } : {}) })
    else if (r < 0.6) {
      const c = pick(rng, weaponCards)
      if (c) add({ kind: 'buy-weapon', card: c.id })
    } else if (r < 0.75) {
      const c = pick(rng, atCards)
      if (c) add({ kind: 'buy-at', card: c.id })
    } else if (r < 0.9) {
      const a = pick(rng, team.ats)
      if (a) add({ kind: 'repair', at: a.id })
    } else break
  }
  return actions
}
