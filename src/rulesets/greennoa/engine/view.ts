// GREEN NOA: what a reader sees. Nothing is secret in GREEN NOA (rules/greennoa.md §6: no hidden or
// simultaneous decisions), so every viewer sees the whole position, with each unit's current values.
import type { Direction } from '../../../engine/hex/index.js'
import type { Outcome, Pending, Viewer } from '../../../engine/ruleset.js'
import { victoryPoints } from './sequence.js'
import type { Declared, GnOptions, GnState, PhaseNo, Side, UnitValues } from './types.js'
import { formValues, isS, pilotOf, turnLimit, unitType } from './units.js'

export interface UnitView {
  id: string
  type: string
  nameJa: string
  name: string
  side: Side
  pilot: string
  pilotSkill: number
  hex: { col: number; row: number }
  facing: Direction
  form: string
  values: UnitValues
  s: { inning: number; phase: number } | null
  m: boolean
  f: boolean
  c: boolean
  removed: boolean
  turnsUsed: number
  turnLimit: number
}

export interface GnView {
  system: 'greennoa'
  rulesVersion: string
  scenario: string
  viewer: Viewer
  /** The viewer's side, null for an observer. */
  side: Side | null
  map: { cols: number; rows: number }
  inning: number
  innings: number
  phase: PhaseNo
  first: Side
  units: UnitView[]
  declared: Declared[]
  options: GnOptions
  points: Record<Side, number>
  pending: Pending[]
  outcome: Outcome | null
}

export function view(state: GnState, viewer: Viewer, pending: Pending[], outcome: Outcome | null): GnView {
  const side: Side | null = viewer === 'AEUG' || viewer === 'TITANS' ? viewer : null
  return {
    system: 'greennoa',
    rulesVersion: state.rulesVersion,
    scenario: state.scenario.id,
    viewer,
    side,
    map: { ...state.scenario.map },
    inning: state.inning,
    innings: state.scenario.innings,
    phase: state.phase,
    first: state.first,
    units: state.units.map((u) => {
      const type = unitType(state.scenario, u)
      return {
        id: u.id,
        type: u.type,
        nameJa: type.nameJa,
        name: type.name,
        side: u.side,
        pilot: u.pilot,
        pilotSkill: pilotOf(state.scenario, u).skill,
        hex: { ...u.hex },
        facing: u.facing,
        form: u.form,
        values: { ...formValues(state.scenario, u) },
        s: isS(u) && u.s ? { ...u.s } : null,
        m: u.m,
        f: u.f,
        c: u.c,
        removed: u.removed,
        turnsUsed: u.turnsUsed,
        turnLimit: turnLimit(state.scenario, u),
      }
    }),
    declared: state.declared.map((d) => ({ ...d })),
    options: { ...state.options },
    points: { AEUG: victoryPoints(state, 'AEUG'), TITANS: victoryPoints(state, 'TITANS') },
    pending,
    outcome,
  }
}
