// Test helpers: a real scenario, with units placed by hand for rule tests.
import { createDice, type Dice, type DieRoll } from '../../../src/engine/dice.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Morale, Order, Pilot, State, Step, Unit } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'

export const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

export function newGame(id = 'A-S4', options: Record<string, string | number | boolean> = {}, players = 2): State {
  const scenario = loadAbaoaquScenario(id)
  return abaoaqu.setup(scenario, { players, options }, createDice(SEED, 0)).state
}

export interface Piece {
  id: string
  type: string
  side: 'FED' | 'ZEON'
  hex: Hex | null
  pilot?: Pilot
  morale?: Morale
  face?: 'front' | 'back'
}

/**
 * A game of A-S4 whose map holds exactly `pieces`, at the given step of turn 1 with FED leading
 * off. Pilots default to the unit type's.
 */
export function sandbox(
  pieces: Piece[],
  step: Step = 'attack-lead',
  options: Record<string, string | number | boolean> = {},
): State {
  const base = newGame('A-S4', { deployment: 'auto', ...options })
  const groupOf = (side: string) => base.seats.find((s) => s.side === side)!.groups[0]!
  const units: Unit[] = pieces.map((p) => ({
    id: p.id,
    type: p.type,
    side: p.side,
    group: groupOf(p.side),
    pilot: p.pilot === undefined ? (base.scenario.unitTypes[p.type]!.pilot ?? null) : p.pilot,
    at: p.hex ? 'map' : 'reserve',
    hex: p.hex,
    morale: p.morale ?? 'N',
    face: p.face ?? 'front',
    enterTurn: 1,
    entry: p.hex ? null : 0,
    spent: false,
  }))
  const occupation = Object.fromEntries(Object.keys(base.occupation).map((side) => [side, { streak: 0, turnOk: true }]))
  return {
    ...base,
    units,
    step,
    turn: 1,
    half: 1,
    leadOff: 'FED',
    declared: [],
    bd: [],
    used: {},
    deploying: [],
    occupation,
    outcome: null,
  }
}

/** Dice that give the scripted faces first, then seeded rolls. */
export function scripted(faces: number[]): Dice {
  const real = createDice(SEED, 1)
  const rolls: DieRoll[] = []
  let i = 0
  return {
    roll(sides, purpose, ref) {
      const face = i < faces.length ? faces[i++]! : real.roll(sides, purpose, ref)
      rolls.push({ seq: 1, index: rolls.length, sides, face, purpose, ref })
      return face
    },
    get rolls() {
      return rolls
    },
  }
}

export function submit(state: State, seat: string, orders: Order[], faces: number[] = []) {
  const errors = abaoaqu.validate(state, seat, orders)
  if (errors.length) throw new Error(`orders refused: ${JSON.stringify(errors)}`)
  return abaoaqu.resolve(state, { [seat]: orders }, scripted(faces))
}

export function unit(state: State, id: string): Unit {
  const u = state.units.find((x) => x.id === id)
  if (!u) throw new Error(`no unit ${id}`)
  return u
}
