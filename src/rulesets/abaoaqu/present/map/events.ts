// The last phase's A-Bao-A-Qu events as map marks: moves and entries (sequence.ts), BD launches
// and attacks (combat-phase.ts), eliminations and removals. Events come back from the log as
// JSON, so every field is checked before use; an event the picture cannot place is skipped.
import type { GameEvent } from '../../../../engine/ruleset.js'
import type { Unit } from '../../engine/types.js'
import {
  compareHexRefs,
  hexRefKey,
  type HexRef,
  type MapArrow,
  type MapAttack,
  type MapLoss,
} from '../../../../present/map-model.js'

export interface EventMarks {
  arrows: MapArrow[]
  attacks: MapAttack[]
  losses: MapLoss[]
}

function asHex(v: unknown): HexRef | null {
  if (!Array.isArray(v) || v.length !== 2) return null
  const [col, row] = v as unknown[]
  return Number.isInteger(col) && Number.isInteger(row) ? { col: col as number, row: row as number } : null
}

function asString(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}

function asStrings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** Where each unit stands; walked back through the events, so it is where it stood at each one. */
type Positions = Map<string, HexRef>

function positionsNow(units: ReadonlyMap<string, Unit>): Positions {
  const out: Positions = new Map()
  for (const u of units.values()) if (u.hex) out.set(u.id, { col: u.hex[0], row: u.hex[1] })
  return out
}

// Worst first, so "X" leads when one attack eliminates one unit and confuses another.
const RESULT_ORDER = ['X', 'D', 'C']

function resultLetters(results: unknown): string {
  const letters = new Set(
    (Array.isArray(results) ? results : []).map((r) =>
      r !== null && typeof r === 'object' ? (r as { result?: unknown }).result : null,
    ),
  )
  return RESULT_ORDER.filter((l) => letters.has(l)).join(' ')
}

/** "3:1 X": the final column and the worst results; a declaration not yet rolled shows its base odds and "?". */
function attackLabel(e: GameEvent): string {
  if (e.type === 'declare') return `${asString(e.base) ?? '–'} ?`
  if (e.outcome === 'no target left') return 'no target'
  if (e.outcome === 'no effect') return 'no effect'
  const column = asString(e.column) ?? asString(e.base) ?? '–'
  return `${column} ${resultLetters(e.results) || '–'}`
}

function attackerHexes(ids: readonly string[], at: Positions, target: HexRef): HexRef[] {
  const hexes = new Map<string, HexRef>()
  for (const id of ids) {
    const h = at.get(id)
    if (h && hexRefKey(h) !== hexRefKey(target)) hexes.set(hexRefKey(h), h)
  }
  return [...hexes.values()].sort(compareHexRefs)
}

function addArrow(out: Map<string, MapArrow>, e: GameEvent, units: ReadonlyMap<string, Unit>): void {
  const unit = units.get(asString(e.unit) ?? '')
  const to = asHex(e.to)
  if (!unit || !to) return
  const from = asHex(e.from)
  // Several units moving together are one arrow.
  out.set(`${from ? hexRefKey(from) : 'in'}>${hexRefKey(to)}|${unit.side}`, { from, to, side: unit.side })
}

function attackFrom(e: GameEvent, units: ReadonlyMap<string, Unit>, at: Positions): MapAttack | null {
  const to = asHex(e.hex)
  const attackers = asStrings(e.attackers)
  const side = units.get(attackers[0] ?? '')?.side
  if (!to || side === undefined) return null
  return { from: attackerHexes(attackers, at, to), to, side, kind: 'attack', label: attackLabel(e) }
}

function launchFrom(e: GameEvent, units: ReadonlyMap<string, Unit>, at: Positions): MapAttack | null {
  const launcher = units.get(asString(e.unit) ?? '')
  const to = asHex(e.hex)
  if (!launcher || !to) return null
  return {
    from: attackerHexes([launcher.id], at, to),
    to,
    side: launcher.side,
    kind: 'launch',
    label: e.hit === true ? 'BD' : 'BD miss',
  }
}

function lossesOf(e: GameEvent): string[] {
  if (e.type === 'remove') return asStrings([e.unit])
  if (e.type !== 'attack' || !Array.isArray(e.results)) return []
  return e.results.flatMap((r) => {
    const { unit, result } = (r ?? {}) as { unit?: unknown; result?: unknown }
    return result === 'X' && typeof unit === 'string' ? [unit] : []
  })
}

/**
 * Attacks drawn from where the attackers stood when they fired: the events are walked backwards
 * from the view's positions, undoing each move, so a unit that fired and then moved (within the
 * events given) gets its line from its old hex.
 */
function attacksOf(events: readonly GameEvent[], units: ReadonlyMap<string, Unit>): MapAttack[] {
  const at = positionsNow(units)
  // An attack of the follow-up phase is declared and resolved in one batch: the resolution wins.
  const attacks = new Map<string, MapAttack>()
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!
    if (e.type === 'move' || e.type === 'enter' || e.type === 'deploy') {
      const unit = asString(e.unit)
      const from = asHex(e.from)
      if (unit !== null && from) at.set(unit, from)
    } else if (e.type === 'attack' || e.type === 'declare') {
      const key = `attack:${asString(e.attack) ?? i}`
      const a = attacks.has(key) ? null : attackFrom(e, units, at)
      if (a) attacks.set(key, a)
    } else if (e.type === 'bd-launch') {
      const a = launchFrom(e, units, at)
      if (a) attacks.set(`bd:${i}`, a)
    }
  }
  return [...attacks.values()].reverse()
}

export function eventMarks(events: readonly GameEvent[], units: ReadonlyMap<string, Unit>): EventMarks {
  const arrows = new Map<string, MapArrow>()
  const losses = new Map<string, MapLoss>()
  for (const e of events) {
    if (e.type === 'move' || e.type === 'enter' || e.type === 'deploy') addArrow(arrows, e, units)
    for (const id of lossesOf(e)) {
      const u = units.get(id)
      if (u?.hex)
        losses.set(`${u.hex[0]},${u.hex[1]}|${u.side}`, { hex: { col: u.hex[0], row: u.hex[1] }, side: u.side })
    }
  }
  return { arrows: [...arrows.values()], attacks: attacksOf(events, units), losses: [...losses.values()] }
}
