// units.yaml and tables.yaml: the counter mix and the combat tables every scenario of a folder shares.
import type { RatioTable, Status, UnitType } from '../engine/types.js'
import { fail, readData } from '../../../scenarios/read-data.js'

interface UnitsFile {
  status: Status
  units: UnitType[]
}

export interface TablesFile {
  status: Status
  tables: { shoot: RatioTable; close: RatioTable }
}

// ---- units.yaml ---------------------------------------------------------------------------

export function loadUnits(file: string): Record<string, UnitType> {
  const data = readData<UnitsFile>(file, 'abaoaqu-units.schema.json')
  const byCode: Record<string, UnitType> = {}
  const prefixes = new Map<string, string>()
  data.units.forEach((u, i) => {
    const at = `/units/${i}`
    if (byCode[u.code]) fail(file, `${at}/code`, `duplicate unit code ${u.code}`)
    const other = prefixes.get(u.idPrefix)
    if (other) fail(file, `${at}/idPrefix`, `duplicate idPrefix ${u.idPrefix}: ${other} uses it`)
    const flips = u.largeMissile === true || u.bdLauncher === true
    if (flips && !u.faces.back) fail(file, `${at}/faces`, 'a large-missile or BD unit needs a back face (A-15-2)')
    if (!flips && u.faces.back) {
      fail(file, `${at}/faces/back`, 'only large-missile and BD units are double-sided (A-2-3)')
    }
    if (u.pilotDefenceOnly && !u.pilot) fail(file, `${at}/pilotDefenceOnly`, 'the unit has no pilot')
    byCode[u.code] = u
    prefixes.set(u.idPrefix, u.code)
  })
  return byCode
}

// ---- tables.yaml --------------------------------------------------------------------------

export function loadTables(file: string): TablesFile {
  const data = readData<TablesFile>(file, 'abaoaqu-tables.schema.json')
  checkTable(file, '/tables/shoot', data.tables.shoot)
  checkTable(file, '/tables/close', data.tables.close)
  return data
}

function checkTable(file: string, at: string, table: RatioTable): void {
  const columns = table.ladder.length
  for (const [key, cells] of Object.entries(table.rows)) {
    if (cells.length !== columns) {
      fail(file, `${at}/rows/${key}`, `row ${key} has ${cells.length} cells; the ladder has ${columns} columns`)
    }
  }
  const seen = new Set<string>()
  table.ladder.forEach((label, i) => {
    if (seen.has(label)) fail(file, `${at}/ladder/${i}`, `column ${label} appears twice`)
    seen.add(label)
  })
  const one = table.ladderIndexOf1to1
  if (table.ladder[one] !== '1:1') {
    fail(file, `${at}/ladderIndexOf1to1`, `ladder[${one}] is ${table.ladder[one] ?? 'missing'}, not 1:1`)
  }
  const [lo, hi] = table.rowRange
  if (lo > hi) fail(file, `${at}/rowRange`, `${lo} is above ${hi}`)
  for (const key of Object.keys(table.rows)) {
    if (Number(key) < lo || Number(key) > hi)
      fail(file, `${at}/rows/${key}`, `row ${key} is outside rowRange ${lo}-${hi}`)
  }
  for (let roll = lo; roll <= hi; roll++) {
    if (!table.rows[String(roll)]) fail(file, `${at}/rows`, `row ${roll} is missing (rowRange ${lo}-${hi})`)
  }
}
