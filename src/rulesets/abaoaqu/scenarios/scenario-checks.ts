// What a scenario file's schema cannot see: groups, unit types, options and zone tags that must exist
// elsewhere, placement coverage, seat layouts and HOUSE data.
import { basename } from 'node:path'
import type { SideId } from '../../../engine/ruleset.js'
import { optionSpecs } from '../engine/options.js'
import type { ByOption, MapData, ZoneSpec } from '../engine/types.js'
import { escapePointer, fail } from '../../../scenarios/read-data.js'
import { isByOption } from './roster.js'
import type { Context, ScenarioFile, Sourced } from './scenario-file.js'

export function checkSidesAndGroups(file: string, data: ScenarioFile): Map<string, SideId> {
  if (data.players.min > data.players.max)
    fail(file, '/players', `min ${data.players.min} is above max ${data.players.max}`)
  if (data.sides[0]?.id === data.sides[1]?.id) fail(file, '/sides/1/id', `side ${data.sides[1]?.id} is listed twice`)
  const groupSide = new Map<string, SideId>()
  data.groups.forEach((g, i) => {
    if (groupSide.has(g.id)) fail(file, `/groups/${i}/id`, `duplicate group id ${g.id}`)
    groupSide.set(g.id, g.side)
  })
  for (const side of data.sides) {
    if (!data.groups.some((g) => g.side === side.id)) fail(file, '/groups', `side ${side.id} has no group`)
  }
  return groupSide
}

function checkGroup(file: string, at: string, group: string, side: SideId, groupSide: Map<string, SideId>): void {
  const owner = groupSide.get(group)
  if (!owner) fail(file, at, `unknown group ${group}; groups are ${[...groupSide.keys()].join(', ')}`)
  if (owner !== side) fail(file, at, `group ${group} belongs to ${owner}, not ${side}`)
}

function groupValues(group: ByOption<string>): Array<[string | undefined, string]> {
  return isByOption(group) ? Object.entries(group.values) : [[undefined, group]]
}

export function checkRoster(file: string, roster: Sourced[], groupSide: Map<string, SideId>, ctx: Context): void {
  for (const s of roster) {
    if (!ctx.units[s.line.type]) {
      fail(s.file, `${s.at}/type`, `unknown unit type ${s.line.type}; ${basename(ctx.unitsFile)} has no such code`)
    }
    for (const [key, g] of groupValues(s.line.group)) {
      const own = key === undefined ? `${s.at}/group` : `${s.at}/group/values/${key}`
      checkGroup(file, s.include ? s.include.groupAt(key) : own, g, s.line.side, groupSide)
    }
  }
}

/** Every ByOption names a declared option, covers its default, and uses the same values everywhere. */
export function checkOptions(file: string, data: ScenarioFile, roster: Sourced[]): void {
  const declared = data.options ?? {}
  for (const [id, value] of Object.entries(declared)) {
    const spec = optionSpecs.find((o) => o.id === id)
    if (!spec)
      fail(
        file,
        `/options/${escapePointer(id)}`,
        `unknown option ${id}; the rule system's options are ${optionSpecs.map((o) => o.id).join(', ')}`,
      )
    else if (!spec.values.includes(value))
      fail(file, `/options/${escapePointer(id)}`, `option ${id} must be one of ${spec.values.join(', ')}`)
  }
  for (const s of roster) {
    for (const field of ['group', 'count', 'pilot'] as const) {
      const value = s.line[field]
      if (!value || !isByOption(value)) continue
      const spec = optionSpecs.find((o) => o.id === value.option)
      const missing = spec?.values.filter((v) => !(String(v) in value.values)) ?? []
      if (spec && missing.length)
        fail(
          file,
          !s.include ? `${s.at}/${field}/values` : '/options',
          `option ${value.option} can be ${missing.join(', ')}; give a value for each`,
        )
    }
  }
  const seen = new Map<string, { keys: string; at: string }>()
  for (const s of roster) {
    for (const field of ['group', 'count', 'pilot'] as const) {
      const value = s.line[field]
      if (value === undefined || !isByOption(value)) continue
      const located = !s.include || field === 'group'
      const at = !s.include ? `${s.at}/${field}` : field === 'group' ? s.include.groupAt() : '/options'
      const what = s.include ? ` (${s.include.from})` : ''
      if (!(value.option in declared)) {
        const known = Object.keys(declared).join(', ') || 'none'
        fail(
          file,
          located ? `${at}/option` : at,
          `unknown option ${value.option}${what}; this scenario's options are ${known}`,
        )
      }
      const chosen = String(declared[value.option])
      if (!(chosen in value.values)) {
        fail(
          file,
          located ? `${at}/values` : at,
          `no value for ${value.option} = ${chosen}, the scenario default${what}`,
        )
      }
      const keys = Object.keys(value.values).sort().join(', ')
      const prior = seen.get(value.option)
      if (prior && prior.keys !== keys) {
        fail(
          file,
          located ? `${at}/values` : at,
          `values of option ${value.option} are {${keys}}${what} but {${prior.keys}} at ${prior.at}`,
        )
      }
      seen.set(value.option, { keys, at })
    }
  }
}

export function checkPlacementRules(
  file: string,
  data: ScenarioFile,
  groupSide: Map<string, SideId>,
  ctx: Context,
  map: MapData,
): void {
  data.setup.forEach((rule, i) => {
    if (rule.group !== undefined) checkGroup(file, `/setup/${i}/group`, rule.group, rule.side, groupSide)
    rule.types?.forEach((type, j) => {
      if (!ctx.units[type]) fail(file, `/setup/${i}/types/${j}`, `unknown unit type ${type}`)
    })
    checkZone(file, `/setup/${i}/zone`, rule.zone, map)
  })
  data.entries.forEach((rule, i) => {
    if (rule.group !== undefined) checkGroup(file, `/entries/${i}/group`, rule.group, rule.side, groupSide)
    checkZone(file, `/entries/${i}/zone`, rule.zone, map)
  })
  data.victory.forEach((rule, i) => {
    if (rule.type === 'occupy' && !map.tags[rule.zoneTag]) {
      fail(
        file,
        `/victory/${i}/zoneTag`,
        `unknown zone tag ${rule.zoneTag}; map ${map.id} has ${Object.keys(map.tags).join(', ')}`,
      )
    }
  })
}

function checkZone(file: string, at: string, zone: ZoneSpec, map: MapData): void {
  const tag = 'tag' in zone ? zone.tag : 'withinOfTag' in zone ? zone.withinOfTag : undefined
  if (tag !== undefined && !map.tags[tag]) {
    const field = 'tag' in zone ? 'tag' : 'withinOfTag'
    fail(file, `${at}/${field}`, `unknown zone tag ${tag}; map ${map.id} has ${Object.keys(map.tags).join(', ')}`)
  }
  const band = (field: 'rows' | 'cols', [from, to]: [number, number], size: number) => {
    if (from > to || to >= size)
      fail(file, `${at}/${field}`, `${field} ${from}-${to} are not within 0-${size - 1} of map ${map.id}`)
  }
  if ('rows' in zone) band('rows', zone.rows, map.rows)
  if ('cols' in zone) band('cols', zone.cols, map.cols)
}

/** Every roster line is either set up on the map or enters later, whatever the options. */
export function checkCoverage(file: string, data: ScenarioFile, roster: Sourced[]): void {
  for (const s of roster) {
    for (const [, group] of groupValues(s.line.group)) {
      const { side, type } = s.line
      const placed = data.setup.some(
        (r) =>
          r.side === side &&
          (r.group === undefined || r.group === group) &&
          (r.types === undefined || r.types.includes(type)),
      )
      const enters = data.entries.some((r) => r.side === side && (r.group === undefined || r.group === group))
      if (!placed && !enters) {
        const what = s.include ? ` (${s.include.from})` : ''
        fail(file, s.include ? s.include.at : s.at, `no setup or entry rule places ${type} of group ${group}${what}`)
      }
    }
  }
}

export function checkSeatLayouts(file: string, data: ScenarioFile, groupSide: Map<string, SideId>): void {
  const { min, max } = data.players
  const layoutFor = new Map<number, number>()
  data.seatLayouts.forEach((layout, i) => {
    const at = `/seatLayouts/${i}`
    if (layout.players < min || layout.players > max) {
      fail(file, `${at}/players`, `${layout.players} players is outside players ${min}-${max}`)
    }
    const prior = layoutFor.get(layout.players)
    if (prior !== undefined)
      fail(file, `${at}/players`, `/seatLayouts/${prior} is already for ${layout.players} players`)
    layoutFor.set(layout.players, i)
    if (layout.seats.length !== layout.players) {
      fail(file, `${at}/seats`, `${layout.seats.length} seats for ${layout.players} players`)
    }
    const seatOf = new Map<string, string>()
    const seatIds = new Set<string>()
    layout.seats.forEach((seat, j) => {
      if (seatIds.has(seat.id)) fail(file, `${at}/seats/${j}/id`, `duplicate seat id ${seat.id}`)
      seatIds.add(seat.id)
      seat.groups.forEach((group, k) => {
        const gat = `${at}/seats/${j}/groups/${k}`
        checkGroup(file, gat, group, seat.side, groupSide)
        const other = seatOf.get(group)
        if (other) fail(file, gat, `group ${group} is already in seat ${other}`)
        seatOf.set(group, seat.id)
      })
    })
    for (const g of data.groups) {
      if (!seatOf.has(g.id)) fail(file, `${at}/seats`, `group ${g.id} (${g.side}) is in no seat`)
    }
  })
  for (let n = min; n <= max; n++) {
    if (!layoutFor.has(n)) fail(file, '/seatLayouts', `no seat layout for ${n} players (players ${min}-${max})`)
  }
}

export function checkHouseData(file: string, data: ScenarioFile, roster: Sourced[], ctx: Context, map: MapData): void {
  if (data.houseData) return
  const house: string[] = []
  if (ctx.tables.tables.shoot.status === 'H' || ctx.tables.tables.close.status === 'H')
    house.push(basename(ctx.tablesFile))
  if (map.status === 'H') house.push(`map ${map.id}`)
  for (const s of roster) {
    if (s.line.status === 'H') house.push(`roster line "${s.line.line}"`)
    if (ctx.units[s.line.type]?.status === 'H') house.push(`unit type ${s.line.type}`)
  }
  if (house.length > 0) fail(file, '/houseData', `is false, but ${house[0]} is HOUSE data (status H)`)
}
