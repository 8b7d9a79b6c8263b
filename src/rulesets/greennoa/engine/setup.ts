// GREEN NOA setup from a scenario, and the initiative roll (GN-3-2 ①; ties re-rolled, GAP-GN-3 / AMB-GN-10).
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, Resolution, SetupConfig } from '../../../engine/ruleset.js'
import { inBounds, offsetKey } from '../../../engine/hex/index.js'
import { GN_ID, GN_VERSION, SIDES, type GnScenario, type GnState, type Side, type Unit } from './types.js'
import { formValues, pilotOf, unitType } from './units.js'
import { optionProblems } from '../../../engine/options.js'
import { optionSpecs, resolveOptions } from './options.js'

export const GN_VERSIONS: readonly string[] = [GN_VERSION]

/** Ties re-roll; a run of this many ties in a row is beyond any fair die and means broken dice. */
const MAX_INITIATIVE_ROLLS = 1000

export interface InitiativeResult {
  first: Side
  events: GameEvent[]
}

/**
 * GN-3-2 ①: each side rolls 1D6, AEUG first; the higher roll is first player (先攻) for the inning.
 * Ties are re-rolled (GAP-GN-3 [H], AMB-GN-10).
 */
export function rollInitiative(dice: Dice, inning: number): InitiativeResult {
  const events: GameEvent[] = []
  for (let attempt = 1; attempt <= MAX_INITIATIVE_ROLLS; attempt++) {
    const aeug = dice.roll(6, `initiative, inning ${inning}, AEUG`, 'GN-3-2')
    const titans = dice.roll(6, `initiative, inning ${inning}, Titans`, 'GN-3-2')
    if (aeug !== titans) {
      const first: Side = aeug > titans ? 'AEUG' : 'TITANS'
      events.push({ type: 'initiative', ref: 'GN-3-2', inning, rolls: { AEUG: aeug, TITANS: titans }, first })
      return { first, events }
    }
    events.push({ type: 'initiative-tie', ref: 'GAP-GN-3', inning, roll: aeug })
  }
  throw new Error(`GN-3-2: ${MAX_INITIATIVE_ROLLS} initiative ties in a row`)
}

/** Checks what setup relies on; the scenario loader reports the same problems against the data file. */
export function checkScenario(scenario: GnScenario): void {
  const ids = new Set<string>()
  const occupied = new Set<string>()
  for (const u of scenario.units) {
    if (ids.has(u.id)) throw new Error(`scenario ${scenario.id}: unit id ${u.id} twice`)
    ids.add(u.id)
    const type = unitType(scenario, u)
    pilotOf(scenario, u)
    if (u.form !== undefined) formValues(scenario, { type: u.type, form: u.form })
    if (type.side !== 'either' && type.side !== u.side) throw new Error(`unit ${u.id}: a ${type.code} is not ${u.side}`)
    if (!inBounds(scenario.map, u.hex)) throw new Error(`unit ${u.id}: hex off the map (GN-4-5a)`)
    if (!Number.isInteger(u.facing) || u.facing < 0 || u.facing > 5) throw new Error(`unit ${u.id}: bad facing`)
    const key = `${u.side}@${offsetKey(u.hex)}`
    if (occupied.has(key)) throw new Error(`unit ${u.id}: shares a hex with a friendly unit (GN-5-1)`)
    occupied.add(key)
  }
  for (const side of SIDES) {
    if (!scenario.units.some((u) => u.side === side)) throw new Error(`scenario ${scenario.id}: no ${side} unit`)
  }
}

/**
 * The initial state: every unit placed as the scenario says, in its usual form unless the scenario names
 * one, with no state markers; then inning 1's initiative roll, which leaves the game at phase ② (the
 * first player's movement).
 */
export function setup(scenario: GnScenario, config: SetupConfig, dice: Dice): Resolution<GnState> {
  if (config.players !== 2) throw new Error(`GREEN NOA is played by 2 players, not ${config.players}`)
  const rulesVersion = config.rulesVersion ?? GN_VERSION
  if (!GN_VERSIONS.includes(rulesVersion)) throw new Error(`unknown rules version ${rulesVersion}`)
  const problems = optionProblems(optionSpecs, config.options)
  if (problems.length > 0) throw new Error(`GREEN NOA options: ${problems.join('; ')}`)
  checkScenario(scenario)
  const options = resolveOptions(scenario.options, config.options)
  const units: Unit[] = scenario.units.map((u) => ({
    id: u.id,
    type: u.type,
    side: u.side,
    pilot: u.pilot,
    hex: { col: u.hex.col, row: u.hex.row },
    facing: u.facing,
    form: u.form ?? unitType(scenario, u).formOrder[0] ?? '',
    s: null,
    m: false,
    f: false,
    c: false,
    removed: false,
    turnsUsed: 0,
  }))
  const { first, events } = rollInitiative(dice, 1)
  const state: GnState = {
    system: GN_ID,
    rulesVersion,
    scenario: structuredClone(scenario),
    inning: 1,
    phase: 2,
    first,
    units,
    transformed: [],
    options,
    declared: [],
    ended: false,
  }
  return {
    state,
    events: [{ type: 'setup', ref: 'GAP-GN-6', scenario: scenario.id, options }, ...events],
    rolls: [...dice.rolls],
  }
}
