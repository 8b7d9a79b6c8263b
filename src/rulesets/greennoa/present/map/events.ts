// The last step's GREEN NOA events as map marks: moves (movement.ts), attacks declared (combat.ts
// `declareAttacks`) and resolved (`resolveAttack`: fire and melee with their results), and units removed
// (destroyed by E, AE or DE, or by their owner for stack overflow, GN-5-5). Events come back from the log
// as JSON, so every field is checked before use; an event the picture cannot place is skipped.
import type { GameEvent } from '../../../../engine/ruleset.js'
import type { UnitView } from '../../engine/view.js'
import { hexRefKey, type HexRef, type MapArrow, type MapAttack, type MapLoss } from '../../../../present/map-model.js'

export interface EventMarks {
  arrows: MapArrow[]
  attacks: MapAttack[]
  losses: MapLoss[]
}

function asHex(v: unknown): HexRef | null {
  if (v === null || typeof v !== 'object') return null
  const { col, row } = v as { col?: unknown; row?: unknown }
  return Number.isInteger(col) && Number.isInteger(row) ? { col: col as number, row: row as number } : null
}

function asString(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}

/** "+3" or "−1": the table column an attack used (GN-7-3 fire, GN-8-3 melee). */
function signed(diff: unknown): string {
  if (typeof diff !== 'number' || !Number.isFinite(diff)) return '–'
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '0'
}

/**
 * "+3 S" for fire, "melee DE" for melee; a declaration not yet rolled shows its column and "?". `declared`
 * is the difference the attack was declared with (a lapsed attack's event has none).
 */
function attackLabel(e: GameEvent, declared: unknown): string {
  const kind = e.type === 'declare' || e.type === 'attack-lapsed' ? asString(e.kind) : e.type
  const head = kind === 'melee' ? 'melee' : signed(e.diff ?? declared)
  if (e.type === 'declare') return `${head} ?`
  if (e.type === 'attack-lapsed') return `${head} lapsed`
  const result = asString(e.result) ?? '–'
  if (e.voided === true) return `${head} void`
  return `${head} ${result === '-' ? 'no effect' : result}`
}

function attackOf(e: GameEvent, units: ReadonlyMap<string, UnitView>, declared: unknown): MapAttack | null {
  const attacker = units.get(asString(e.unit) ?? '')
  const target = units.get(asString(e.target) ?? '')
  if (!attacker || !target) return null
  const same = hexRefKey(attacker.hex) === hexRefKey(target.hex)
  return {
    // Melee is fought in one hex (GN-6-1): the ring and the result, no line.
    from: same ? [] : [{ ...attacker.hex }],
    to: { ...target.hex },
    side: attacker.side,
    kind: 'attack',
    label: attackLabel(e, declared),
  }
}

const ATTACKS = new Set(['declare', 'fire', 'melee', 'attack-lapsed'])

export function eventMarks(events: readonly GameEvent[], units: ReadonlyMap<string, UnitView>): EventMarks {
  const arrows = new Map<string, MapArrow>()
  // By attacker and target: a resolution replaces the declaration it resolves.
  const attacks = new Map<string, MapAttack>()
  const losses = new Map<string, MapLoss>()
  const diffs = new Map<string, unknown>()
  for (const e of events) {
    if (e.type === 'move') {
      const unit = units.get(asString(e.unit) ?? '')
      const from = asHex(e.from)
      const to = asHex(e.to)
      // A turn on the spot moves nothing: the nose shows the new facing.
      if (unit && from && to && hexRefKey(from) !== hexRefKey(to)) arrows.set(unit.id, { from, to, side: unit.side })
    } else if (ATTACKS.has(e.type)) {
      const key = `${asString(e.unit)}>${asString(e.target)}`
      if (e.diff !== undefined) diffs.set(key, e.diff)
      const a = attackOf(e, units, diffs.get(key))
      if (a) attacks.set(key, a)
    } else if (e.type === 'destroyed' || e.type === 'removed') {
      const unit = units.get(asString(e.unit) ?? '')
      if (unit) losses.set(unit.id, { hex: { ...unit.hex }, side: unit.side })
    }
  }
  return { arrows: [...arrows.values()], attacks: [...attacks.values()], losses: [...losses.values()] }
}
