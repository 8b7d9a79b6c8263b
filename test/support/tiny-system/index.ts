// Hex Race as a rule system the server plays: its engine (engine.ts), its scenario files read with the
// server's generic reader against its own schema, its narration, step title and email options, and no
// map. A test process adds it with registerHexRace(); the server itself never names it.
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { fallbackLine } from '../../../src/present/narrate-fallback.js'
import { registerRuleSystem, ruleSystem, type RuleSystem, type ScenarioEntry } from '../../../src/rulesets/index.js'
import { fail, readData } from '../../../src/scenarios/index.js'
import { RACE_ID, raceRuleset, type RaceOptions, type RaceScenario, type RaceView } from './engine.js'

const HERE = dirname(fileURLToPath(import.meta.url))
export const RACE_SCENARIOS = join(HERE, 'scenarios')
const SCHEMA = join(HERE, 'scenario.schema.json')

/** Every scenario file of the folder, checked against the schema and for what it cannot see. */
export function loadRaceScenarios(dir = RACE_SCENARIOS): RaceScenario[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const file = join(dir, name)
      const data = readData<Omit<RaceScenario, 'system'>>(file, SCHEMA)
      if (data.sides[0]!.id === data.sides[1]!.id)
        fail(file, '/sides/1/id', `side ${data.sides[1]!.id} is listed twice`)
      if (!data.sides.some((s) => s.id === data.leadOff))
        fail(file, '/leadOff', `${data.leadOff} is not a side; the sides are ${data.sides.map((s) => s.id).join(', ')}`)
      if (data.maxRun >= data.goal) fail(file, '/maxRun', `a runner must not reach the goal (${data.goal}) in one run`)
      return { system: RACE_ID, ...data }
    })
}

function isRaceView(view: unknown): view is RaceView {
  const v = view as Partial<RaceView> | null
  return !!v && v.system === RACE_ID && Array.isArray(v.scenario?.sides)
}

const STEP_TITLES: Record<string, string> = { run: 'running step' }

function narrate(events: readonly GameEvent[], view: unknown): string[] {
  const names = new Map(isRaceView(view) ? view.scenario.sides.map((s) => [s.id, s.name]) : [])
  const name = (side: unknown) => names.get(String(side)) ?? String(side)
  return events.map((e) => {
    switch (e.type) {
      case 'start':
        return `${name(e.leadOff)} runs first.`
      case 'run':
        return `${name(e.side)} ran from hex ${Number(e.from)} to hex ${Number(e.to)}.`
      case 'pass':
        return `${name(e.side)} stood still.`
      case 'finish':
        return `${name(e.side)} reached the goal and won the race.`
      case 'turn':
        return `Turn ${Number(e.turn)} began.`
      default:
        return fallbackLine(e)
    }
  })
}

/** Read once per process, like the built-in systems' files. */
let scenarios: ScenarioEntry[] | undefined

export const hexRace: RuleSystem = {
  id: RACE_ID,
  title: 'Hex Race',
  ruleset: raceRuleset,
  scenarios: () =>
    (scenarios ??= loadRaceScenarios().map((s) => ({
      summary: {
        id: s.id,
        title: s.title,
        description: s.description,
        players: { min: 2, max: 2 },
        sides: s.sides,
        seatLayouts: [
          { players: 2, seats: s.sides.map((x) => ({ id: x.id, side: x.id, groups: [`${x.id}-runner`] })) },
        ],
        houseData: false,
        notes: [],
      },
      data: s,
    }))),
  stepTitle: (step) => STEP_TITLES[step] ?? step,
  narrate,
  compactOptions: (options) => ({
    lines: (options as RaceOptions).runs.map((r) => `${r.text}  # to hex ${r.to}`),
    omitted: 0,
  }),
  orderExamples: (options) => [...(options as RaceOptions).runs.slice(-1).map((r) => r.text), 'pass'],
}

/** Adds Hex Race to this process's rule systems (once). */
export function registerHexRace(): RuleSystem {
  if (!ruleSystem(RACE_ID)) registerRuleSystem(hexRace)
  return hexRace
}
