// MS@W set-up (MS-5, GAP-M-2, GAP-M-4): the suits as the scenario fields them, each with its items where
// the scenario says (held, stowed or fixed), the options, then either the first round (deployment `fixed`)
// or the sealed deploy step of every seat (deployment `players`).
import type { Dice } from '../../../engine/dice.js'
import type { GameEvent, Resolution, Seat, SetupConfig } from '../../../engine/ruleset.js'
import { optionProblems } from '../../../engine/options.js'
import { optionSpecs, resolveOptions } from './options.js'
import { beginRound } from './sequence.js'
import {
  DEFAULT_POLICY,
  MS_VERSIONS,
  carriedTypes,
  defaultHold,
  defaultPositions,
  holdMessage,
  itemType,
  newItems,
  placeItems,
  seatLayout,
  suitType,
} from './loadout.js'
import { MS_ID, MS_VERSION, type MsOptions, type MsScenario, type MsState, type Suit } from './types.js'

export {
  DEFAULT_POLICY,
  MS_VERSIONS,
  RADIUS,
  carriedTypes,
  defaultHold,
  defaultPositions,
  itemType,
  newItems,
  placeItems,
  seatLayout,
  suitType,
} from './loadout.js'
export type { HoldProblem } from './loadout.js'

/** The seat of each suit: the seat whose groups name it (or its side). */
function seatOfSuit(scn: MsScenario, seats: readonly Seat[], side: string, ms: string): string {
  const seat = seats.find((s) => s.groups.includes(ms)) ?? seats.find((s) => s.side === side && s.groups.includes(side))
  if (!seat) throw new Error(`GAP-M-11: scenario ${scn.id}: suit ${ms} belongs to no seat of the layout`)
  if (seat.side !== side)
    throw new Error(`GAP-M-11: scenario ${scn.id}: suit ${ms} of ${side} is in a seat of ${seat.side}`)
  return seat.id
}

/** The suits of the scenario with their items, seats and starting positions. */
function buildSuits(scn: MsScenario, options: MsOptions, seats: readonly Seat[]): Suit[] {
  const suits: Suit[] = []
  for (const side of scn.sides) {
    const squad = scn.squads[side.id] ?? []
    const defaults = defaultPositions(scn, side.id, squad.length)
    squad.forEach((s, i) => {
      const type = suitType(scn, s.type)
      const items = newItems(scn, options, carriedTypes(scn, s))
      const placed = placeItems(scn, type, s.id, items, s.hold ?? defaultHold(scn, type, items))
      if ('problem' in placed)
        throw new Error(`${placed.problem.rule}: scenario ${scn.id}, suit ${s.id}: ${holdMessage(placed.problem)}`)
      // GAP-M-10: Chobham armour sets the suit's HP for the whole game.
      const armour = placed.items.map((it) => itemType(scn, it.type)).find((t) => t.kind === 'armour' && t.hp)
      const hp = armour?.hp ?? type.hp
      if (scn.deployment === 'fixed' && !s.at)
        throw new Error(`GAP-M-4: scenario ${scn.id} deploys its suits, and ${s.id} has no position`)
      suits.push({
        id: s.id,
        type: s.type,
        side: side.id,
        seat: seatOfSuit(scn, seats, side.id, s.id),
        at: s.at ? { ...s.at } : defaults[i]!,
        hp,
        maxHp: hp,
        items: placed.items,
        destroyed: false,
        errorPhases: 0,
        aim: null,
        counteredRound: null,
        policy: { ...DEFAULT_POLICY },
        cost: 0,
      })
    })
  }
  return suits
}

/** The state of a new game: the deploy step, or (deployment `fixed`) the first round begun. */
export function setup(scn: MsScenario, config: SetupConfig, dice: Dice): Resolution<MsState> {
  const rulesVersion = config.rulesVersion ?? MS_VERSION
  if (!MS_VERSIONS.includes(rulesVersion)) throw new Error(`unknown rules version ${rulesVersion}`)
  const problems = optionProblems(optionSpecs, config.options)
  if (problems.length > 0) throw new Error(`MS@W options: ${problems.join('; ')}`)
  const seats = seatLayout(scn, config.players)
  const options = resolveOptions(scn.options, config.options)
  const suits = buildSuits(scn, options, seats)
  for (const side of scn.sides)
    if (!suits.some((s) => s.side === side.id))
      throw new Error(`MS-5.1: scenario ${scn.id}: side ${side.id} fields no suit`)
  const state: MsState = {
    system: MS_ID,
    rulesVersion,
    scenario: structuredClone(scn),
    options,
    round: 0,
    step: 'deploy',
    order: [],
    activeIndex: 0,
    activated: [],
    current: null,
    suits,
    dropped: [],
    nextDropId: 1,
    reaction: null,
    deployed: [],
    winner: null,
    over: false,
    reason: null,
  }
  const first = dice.rolls.length
  const events: GameEvent[] = []
  if (scn.deployment === 'fixed') {
    state.deployed = [...new Set(seats.map((s) => s.id))]
    beginRound(state, dice, events)
  }
  return { state, events, rolls: dice.rolls.slice(first) }
}
