// §7 Setting up a scenario: rosters into units, seats, automatic placement, lead-off.
import type { Dice } from '../../../engine/dice.js'
import type { Resolution, SetupConfig } from '../../../engine/ruleset.js'
import type { Ctx } from './context.js'
import { emit } from './context.js'
import { distanceToZone, hexKey, zoneHexes } from './geometry.js'
import { STACK_LIMIT, setupZoneOf } from './movement.js'
import { optionProblems } from '../../../engine/options.js'
import { optionSpecs, resolveOptions, type Options } from './options.js'
import { rollLeadOff, run } from './sequence.js'
import type { ByOption, Hex, Pilot, Scenario, State, Unit } from './types.js'
import { RULES_VERSION, RULES_VERSIONS } from './rules-version.js'
import { stackClass } from './units.js'

export class SetupError extends Error {}

function pick<T>(value: ByOption<T>, options: Options): T {
  if (value !== null && typeof value === 'object' && 'option' in (value as object) && 'values' in (value as object)) {
    const v = value as { option: string; values: Record<string, T> }
    const chosen = String(options[v.option])
    if (!(chosen in v.values)) throw new SetupError(`option ${v.option}=${chosen} has no value in the roster`)
    return v.values[chosen]!
  }
  return value as T
}

function createUnits(scenario: Scenario, options: Options): Unit[] {
  const prefixSides = new Map<string, Set<string>>()
  for (const line of scenario.roster) {
    const prefix = scenario.unitTypes[line.type]!.idPrefix
    prefixSides.set(prefix, (prefixSides.get(prefix) ?? new Set()).add(line.side))
  }
  const counters = new Map<string, number>()
  const units: Unit[] = []
  for (const line of scenario.roster) {
    const type = scenario.unitTypes[line.type]
    if (!type) throw new SetupError(`roster line "${line.line}" names unknown unit type ${line.type}`)
    const shared = (prefixSides.get(type.idPrefix)?.size ?? 1) > 1
    const prefix = shared ? `${line.side[0]}${type.idPrefix}` : type.idPrefix
    const count = pick(line.count, options)
    const pilot: Pilot = line.pilot === undefined ? (type.pilot ?? null) : pick(line.pilot, options)
    for (let i = 0; i < count; i++) {
      const n = (counters.get(prefix) ?? 0) + 1
      counters.set(prefix, n)
      units.push({
        id: `${prefix}${n}`,
        type: line.type,
        side: line.side,
        group: pick(line.group, options),
        pilot,
        at: 'reserve',
        hex: null,
        morale: 'N',
        face: 'front',
        enterTurn: 1,
        entry: null,
        spent: false,
      })
    }
  }
  return units
}

/** Spreads units evenly over their zone, respecting the stack limit (A-5-2). */
function autoPlace(state: State): void {
  const map = state.scenario.map
  const fortress = map.tags.fortress ? { tag: 'fortress' } : null
  const load = new Map<string, { MS: number; SHIP: number }>()
  const groups = new Map<string, Unit[]>()
  for (const u of state.units) {
    const zone = setupZoneOf(state, u)
    if (!zone) continue
    const key = JSON.stringify(zone)
    groups.set(key, [...(groups.get(key) ?? []), u])
  }
  for (const [zoneKey, units] of groups) {
    const zone = JSON.parse(zoneKey) as Parameters<typeof zoneHexes>[1]
    const hexes = [...zoneHexes(map, zone)].sort((a, b) => order(a) - order(b) || a[0] - b[0] || a[1] - b[1])
    if (hexes.length === 0) throw new SetupError(`setup zone ${zoneKey} of ${state.scenario.id} has no hexes`)
    const stride = Math.max(1, Math.floor(hexes.length / units.length))
    units.forEach((u, i) => {
      const cls = stackClass(state, u)
      for (let k = 0; k < hexes.length; k++) {
        const hex = hexes[(i * stride + k) % hexes.length]!
        const c = load.get(`${u.side}|${hexKey(hex)}`) ?? { MS: 0, SHIP: 0 }
        if (c[cls] >= STACK_LIMIT[cls]) continue
        c[cls]++
        load.set(`${u.side}|${hexKey(hex)}`, c)
        u.at = 'map'
        u.hex = [hex[0], hex[1]] as Hex
        return
      }
      throw new SetupError(`no room to set up ${u.id} in ${zoneKey}`)
    })
  }
  function order(h: Hex): number {
    return fortress ? distanceToZone(map, fortress, h) : 0
  }
}

function assignEntries(state: State): void {
  for (const u of state.units) {
    if (u.at === 'map') continue
    const index = state.scenario.entries.findIndex((e) => e.side === u.side && (!e.group || e.group === u.group))
    if (index < 0) throw new SetupError(`${u.id} of ${state.scenario.id} has neither a setup zone nor an entry`)
    const entry = state.scenario.entries[index]!
    u.entry = index
    u.enterTurn = typeof entry.turn === 'number' ? entry.turn : 9999
  }
}

export function setup(scenario: Scenario, config: SetupConfig, dice: Dice): Resolution<State> {
  const problems = optionProblems(optionSpecs, config.options)
  if (problems.length) throw new SetupError(problems.join('; '))
  const options = resolveOptions(scenario.options, config.options)
  const layout = scenario.seatLayouts.find((l) => l.players === config.players)
  if (!layout) {
    const counts = scenario.seatLayouts.map((l) => l.players)
    const listed = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} or ${counts.at(-1)}` : counts[0]
    throw new SetupError(`${scenario.id} is for ${listed} players, not ${config.players}`)
  }
  const rulesVersion = config.rulesVersion ?? RULES_VERSION
  if (!RULES_VERSIONS.includes(rulesVersion))
    throw new SetupError(`rules version "${rulesVersion}" is not one of ${RULES_VERSIONS.join(', ')}`)
  const sides = scenario.sides.map((s) => s.id)
  const state: State = {
    system: 'abaoaqu',
    rulesVersion,
    scenario,
    options,
    seats: layout.seats.map((s) => ({ ...s, groups: [...s.groups] })),
    turn: 1,
    half: 1,
    step: 'deploy',
    leadOff: sides[0]!,
    deploying: [],
    units: createUnits(scenario, options),
    bd: [],
    declared: [],
    used: {},
    attackSeq: 0,
    occupation: {},
    shipsDestroyed: Object.fromEntries(sides.map((s) => [s, 0])),
    startShips: {},
    standing: Object.fromEntries(layout.seats.map((s) => [s.id, { defenceShift: 'full' as const }])),
    outcome: null,
  }
  for (const v of scenario.victory) if (v.type === 'occupy') state.occupation[v.side] = { streak: 0, turnOk: true }
  for (const side of sides)
    state.startShips[side] = state.units.filter((u) => u.side === side && stackClass(state, u) === 'SHIP').length
  autoPlace(state)
  assignEntries(state)
  const ctx: Ctx = { s: state, events: [], dice }
  emit(ctx, { type: 'setup', ref: scenario.id, scenario: scenario.id, players: config.players, options })
  const lead = scenario.leadOff
  if ('side' in lead) state.leadOff = lead.side
  else rollLeadOff(ctx, 'lead-off', scenario.id)
  if (options.deployment === 'players') {
    state.deploying = sides.filter((side) => state.units.some((u) => u.side === side && u.at === 'map'))
  }
  run(ctx, state.deploying.length ? 'deploy' : 'turn-start')
  return { state, events: ctx.events, rolls: [...dice.rolls] }
}
