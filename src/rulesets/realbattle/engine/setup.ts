// Real Battle set-up (RB-23.1–23.4): the ATs as the scenario fields them, the options, and the die for the
// ends (RB-23.4 [H]). The game then waits for both camps' sealed deployment (step `deploy`).
import type { Dice } from '../../../engine/dice.js'
import type { Resolution, Seat, SetupConfig } from '../../../engine/ruleset.js'
import { optionProblems } from '../../../engine/options.js'
import { optionSpecs, resolveOptions } from './options.js'
import {
  CAMPS,
  RB_ID,
  RB_VERSION,
  type At,
  type Camp,
  type Policies,
  type RbScenario,
  type RbState,
  type WeaponState,
} from './types.js'

export const RB_VERSIONS: readonly string[] = [RB_VERSION]

export const DEFAULT_POLICIES: Policies = { avoid: 'avoid-if-affordable', fall: { kind: 'reach', value: 7 } }

/** The seats of a game of `players` (the scenario's layout for that count). */
export function seatLayout(scenario: RbScenario, players: number): Seat[] {
  const layout = scenario.seatLayouts.find((l) => l.players === players)
  if (!layout) throw new Error(`RB-1.2: scenario ${scenario.id} has no seat layout for ${players} players`)
  return layout.seats.map((s) => ({ id: s.id, side: s.side, groups: [...s.groups] }))
}

/** RB-24.8: the rounds a show's weapon carries home and back (0..capacity); absent, full (RB-23.3). */
function ammoOf(ammo: number | undefined, capacity: number, weapon: string): number {
  if (ammo === undefined) return capacity
  if (!(Number.isInteger(ammo) && ammo >= 0 && ammo <= capacity))
    throw new Error(`RB-24.8: weapon ${weapon} starts with ${ammo} rounds, not 0..${capacity}`)
  return ammo
}

/**
 * RB-23.3: each weapon with its ammo at capacity; a second card of the same id takes a digit ("hmg2"). A
 * campaign show (RB-24.8) gives `ammo` when a weapon is not full.
 */
function weaponsOf(scenario: RbScenario, loadout: RbScenario['ats'][number]['loadout']): WeaponState[] {
  const seen: Record<string, number> = {}
  return loadout.map((item) => {
    const card = scenario.weapons[item.weapon]
    if (!card) throw new Error(`RB-23.1: no weapon card ${item.weapon}`)
    const n = (seen[item.weapon] = (seen[item.weapon] ?? 0) + 1)
    return {
      id: n === 1 ? item.weapon : `${item.weapon}${n}`,
      card: item.weapon,
      mount: item.mount ?? card.mount,
      ammo: ammoOf(item.ammo, card.ammo ?? 0, item.weapon),
      magazines: item.magazines ?? 0,
      purged: false,
    }
  })
}

export function setup(scenario: RbScenario, config: SetupConfig, dice: Dice): Resolution<RbState> {
  const rulesVersion = config.rulesVersion ?? RB_VERSION
  if (!RB_VERSIONS.includes(rulesVersion)) throw new Error(`unknown rules version ${rulesVersion}`)
  const problems = optionProblems(optionSpecs, config.options)
  if (problems.length > 0) throw new Error(`Real Battle options: ${problems.join('; ')}`)
  const seats = seatLayout(scenario, config.players)
  const seatOf = (id: string): string => {
    const seat = seats.find((s) => s.groups.includes(id))
    if (!seat) throw new Error(`RB-1.5a: AT ${id} belongs to no seat of the ${config.players}-player layout`)
    return seat.id
  }
  for (const camp of CAMPS)
    if (!scenario.ats.some((a) => a.camp === camp)) throw new Error(`RB-1.3: camp ${camp} fields no AT`)
  const ats: At[] = scenario.ats.map((s) => {
    const card = scenario.cards[s.card]
    if (!card) throw new Error(`RB-23.1: no AT card ${s.card}`)
    // RB-24.7: a campaign show fields an AT with the damage it carried home (`durability` left, 1..card's).
    if (
      s.durability !== undefined &&
      !(Number.isInteger(s.durability) && s.durability >= 1 && s.durability <= card.durability)
    )
      throw new Error(`RB-24.7: AT ${s.id} starts with durability ${s.durability}, not 1..${card.durability}`)
    return {
      id: s.id,
      camp: s.camp,
      seat: seatOf(s.id),
      card: s.card,
      pilot: { ...s.pilot },
      hex: null,
      facing: s.camp === 'A' ? 2 : 5,
      speed: 0,
      durability: s.durability ?? card.durability,
      destroyed: false,
      destroyedBy: null,
      fallen: false,
      heavy: false,
      actionPp: s.pilot.basePp,
      spentEnemyTurn: 0,
      plan: null,
      planRevealed: false,
      defRevealed: false,
      confused: false,
      planError: false,
      enteredFrom: null,
      speedChoices: null,
      stoodUpTried: false,
      weapons: weaponsOf(scenario, s.loadout),
      policies: structuredClone(DEFAULT_POLICIES),
    }
  })
  // RB-23.4 [H]: the die gives the ends; the house maps are symmetric, so which end changes nothing.
  const roll = dice.roll(6, 'ends', 'RB-23.4')
  const ends: Record<Camp, 'a' | 'b'> = roll <= 3 ? { A: 'a', B: 'b' } : { A: 'b', B: 'a' }
  const options = resolveOptions(scenario.options, config.options)
  const state: RbState = {
    system: RB_ID,
    rulesVersion,
    scenario: structuredClone(scenario),
    options,
    ends,
    first: null,
    active: null,
    turn: 0,
    step: 'deploy',
    ats,
    smoke: [],
    ended: null,
  }
  return {
    state,
    events: [
      { type: 'setup', ref: 'RB-23', scenario: scenario.id, options },
      { type: 'ends', ref: 'RB-23.4', roll, ends },
    ],
    rolls: [...dice.rolls],
  }
}
