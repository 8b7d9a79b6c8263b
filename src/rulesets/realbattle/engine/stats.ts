// Values every phase reads from an AT's card and what it carries: weight (RB-4.9, 18.3), max speed
// (RB-4.9, 20.1), the fall value's fixed part (RB-18.2, 19.3) and heavy damage (RB-20.1).
import type { At, AtCard, RbScenario, RbState, WeaponCard, WeaponState } from './types.js'

export function cardOf(scenario: RbScenario, at: At): AtCard {
  const card = scenario.cards[at.card]
  if (!card) throw new Error(`RB-23.1: no AT card ${at.card}`)
  return card
}

export function weaponCard(scenario: RbScenario, weapon: WeaponState): WeaponCard {
  const card = scenario.weapons[weapon.card]
  if (!card) throw new Error(`RB-23.1: no weapon card ${weapon.card}`)
  return card
}

/** The weapons an AT still carries (purged ones are gone, RB-5.6). */
export function carried(at: At): WeaponState[] {
  return at.weapons.filter((w) => !w.purged)
}

/**
 * AMB-RB-3: everything carried counts: each weapon's weight, and each magazine or spare set left at its
 * magazine weight (a spare set's card weight is the set's own, S9: 4).
 */
export function totalWeight(scenario: RbScenario, at: At): number {
  let w = 0
  for (const weapon of carried(at)) {
    const card = weaponCard(scenario, weapon)
    w +=
      card.kind === 'spareSet' ? card.weight * weapon.magazines : card.weight + card.magazine.weight * weapon.magazines
  }
  return w
}

/** RB-18.3 / 19.4: ⌊total weight ÷ load capacity⌋, subtracted from fall and stand-up values (TV-RB-08). */
export function weightModifier(scenario: RbScenario, at: At): number {
  return Math.floor(totalWeight(scenario, at) / cardOf(scenario, at).load)
}

/** RB-4.9 / 20.1 / 20.3: the forward limit: −1 at weight ≥ 2×load, −2 at ≥ 4×load, −2 more when heavily damaged. */
export function maxSpeed(scenario: RbScenario, at: At): number {
  const card = cardOf(scenario, at)
  const w = totalWeight(scenario, at)
  const loss = (w >= 4 * card.load ? 2 : w >= 2 * card.load ? 1 : 0) + (at.heavy ? 2 : 0)
  return Math.max(0, card.speedMax - loss)
}

/** AMB-RB-3: the reverse limit never changes. */
export function minSpeed(scenario: RbScenario, at: At): number {
  return cardOf(scenario, at).speedMin
}

/**
 * The fixed part of the fall-check value (RB-18.2) and of the stand-up value (RB-19.3): the AT's fall value
 * plus its weapons' fall values, less the weight modifier, less 1 when heavily damaged (RB-20.1).
 */
export function fallBase(scenario: RbScenario, at: At): number {
  const card = cardOf(scenario, at)
  const weapons = carried(at).reduce((sum, w) => sum + weaponCard(scenario, w).fall, 0)
  return card.fall + weapons - weightModifier(scenario, at) - (at.heavy ? 1 : 0)
}

/** RB-20.1 [D]: heavily damaged at half durability or less (TV-RB-22). */
export function isHeavy(scenario: RbScenario, at: At): boolean {
  return 2 * at.durability <= cardOf(scenario, at).durability
}

export function atById(state: RbState, id: string): At | undefined {
  return state.ats.find((a) => a.id === id)
}

/** An AT on the map and in play: deployed and not destroyed. */
export function inPlay(at: At): boolean {
  return at.hex !== null && !at.destroyed
}

/**
 * AMB-RB-11: the action PP an AT may still spend now: action PP, less the sealed plan before its reveal
 * (subtracted quietly: the caller never reports the plan), less what it spent in the enemy's player-turn
 * (zero again from its own reveal, RB-4.2).
 */
export function spendablePp(at: At): number {
  const p = at.plan
  const sealed = p && !at.planRevealed ? p.acc + p.dec + p.atk + p.def : 0
  return Math.max(0, at.actionPp - sealed - at.spentEnemyTurn)
}
