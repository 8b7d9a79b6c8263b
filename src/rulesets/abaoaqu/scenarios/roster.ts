// Rosters: option-dependent values (ByOption), resolved rosters, and roster lines included from other
// scenarios (rosterFrom).
import type { SideId } from '../../../engine/ruleset.js'
import type { ByOption, Pilot, Scenario, Status } from '../engine/types.js'
import { escapePointer, fail } from '../../../scenarios/read-data.js'
import type { Context, Loaded, Sourced } from './scenario-file.js'

export type OptionValues = Record<string, string | number | boolean>

/** A roster line with every option resolved. */
export interface ResolvedRosterLine {
  side: SideId
  group: string
  type: string
  count: number
  pilot: Pilot
  line: string
  status: Status
  ref: string
}

export function isByOption<T>(value: ByOption<T>): value is { option: string; values: Record<string, T> } {
  return typeof value === 'object' && value !== null && 'option' in value && 'values' in value
}

export function resolveByOption<T>(value: ByOption<T>, options: OptionValues): T {
  if (!isByOption(value)) return value
  const chosen = options[value.option]
  if (chosen === undefined) throw new Error(`option ${value.option} has no value`)
  const result = value.values[String(chosen)]
  if (result === undefined) {
    throw new Error(`option ${value.option} = ${String(chosen)} is not one of ${Object.keys(value.values).join(', ')}`)
  }
  return result
}

/** Roster lines with options resolved (scenario defaults overridden by `options`); lines of count 0 left out. */
export function resolveRoster(scenario: Scenario, options: OptionValues = {}): ResolvedRosterLine[] {
  const chosen = { ...scenario.options, ...options }
  return scenario.roster
    .map((l) => ({
      side: l.side,
      group: resolveByOption(l.group, chosen),
      type: l.type,
      count: resolveByOption(l.count, chosen),
      pilot: l.pilot === undefined ? (scenario.unitTypes[l.type]?.pilot ?? null) : resolveByOption(l.pilot, chosen),
      line: l.line,
      status: l.status,
      ref: l.ref,
    }))
    .filter((l) => l.count > 0)
}

// ---- Roster includes (rosterFrom) ---------------------------------------------------------

/** The scenario's roster: included lines first (rosterFrom, in order), then its own lines. */
export function expandRoster(loaded: Loaded, ctx: Context, stack: string[]): Sourced[] {
  const memo = ctx.rosters.get(loaded.data.id)
  if (memo) return memo
  const { file, data } = loaded
  const lines: Sourced[] = []
  ;(data.rosterFrom ?? []).forEach((include, k) => {
    const at = `/rosterFrom/${k}`
    const source = ctx.files.get(include.scenario)
    if (!source) fail(file, `${at}/scenario`, `no scenario file has id ${include.scenario}`)
    const chain = [...stack, data.id, include.scenario]
    if (stack.includes(include.scenario) || include.scenario === data.id) {
      fail(file, `${at}/scenario`, `roster includes go round in a circle: ${chain.join(' -> ')}`)
    }
    const sourceGroups = new Set(source.data.groups.map((g) => g.id))
    for (const g of Object.keys(include.groups)) {
      if (!sourceGroups.has(g)) fail(file, `${at}/groups/${escapePointer(g)}`, `${include.scenario} has no group ${g}`)
    }
    for (const s of expandRoster(source, ctx, [...stack, data.id])) {
      const from = `line "${s.line.line}" of ${include.scenario}`
      const mapped = mapGroup(file, at, s.line.group, include.groups, from)
      lines.push({
        line: { ...s.line, group: mapped.group },
        file: s.file,
        at: s.at,
        include: { at, from, groupAt: mapped.groupAt },
      })
    }
  })
  data.roster.forEach((line, i) => lines.push({ line, file, at: `/roster/${i}` }))
  ctx.rosters.set(data.id, lines)
  return lines
}

/** Puts a source line's group through an include's mapping. */
function mapGroup(
  file: string,
  at: string,
  group: ByOption<string>,
  mapping: Record<string, ByOption<string>>,
  from: string,
): { group: ByOption<string>; groupAt: (key?: string) => string } {
  const target = (g: string) => {
    const to = mapping[g]
    if (to === undefined) fail(file, `${at}/groups`, `group ${g} (${from}) is not mapped to a group of this scenario`)
    return to
  }
  if (!isByOption(group)) {
    const to = target(group)
    const base = `${at}/groups/${escapePointer(group)}`
    return { group: to, groupAt: (key) => (key !== undefined && isByOption(to) ? `${base}/values/${key}` : base) }
  }
  const values: Record<string, string> = {}
  for (const [key, g] of Object.entries(group.values)) {
    const to = target(g)
    if (isByOption(to)) {
      fail(
        file,
        `${at}/groups/${escapePointer(g)}`,
        `${from} already depends on option ${group.option}; map its groups to plain group ids`,
      )
    }
    values[key] = to
  }
  return { group: { option: group.option, values }, groupAt: () => `${at}/groups` }
}
