// The last step's Real Battle events as map marks: moves (`move`: from and to), attacks (`attack`: a line
// from the attacker to the target with the hit number, the roll and whether it hit) and ATs destroyed
// (`destroyed`, RB-16.4, 17.3). Events come back from the log as JSON, so every field is checked before use;
// an event the picture cannot place is skipped.
import type { GameEvent } from '../../../../engine/ruleset.js'
import type { HexRef, MapArrow, MapAttack, MapLoss } from '../../../../present/map-model.js'
import { hexRefKey } from '../../../../present/map-model.js'
import type { AtView } from '../../engine/types.js'
import { asHex } from '../words.js'

export interface EventMarks {
  arrows: MapArrow[]
  attacks: MapAttack[]
  losses: MapLoss[]
}

const asString = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

function rollOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (Array.isArray(v) && v.length > 0 && v.every((d) => typeof d === 'number')) return v.reduce((s, d) => s + d, 0)
  return null
}

/** "8: 6 hit ×3", "8: 10 miss", "melee 7: 5 hit": hit number, 2d6 and the damage checks (RB-14, 15). */
function attackLabel(e: GameEvent): string {
  const hit = typeof e.hit === 'number' ? e.hit : null
  const roll = rollOf(e.roll)
  const hits = typeof e.hits === 'boolean' ? e.hits : typeof e.hits === 'number' ? e.hits > 0 : null
  const ok = hits ?? (hit !== null && roll !== null ? roll <= hit : null)
  const checks = typeof e.checks === 'number' && e.checks > 1 ? ` ×${e.checks}` : ''
  const head = `${typeof e.arm === 'string' ? 'melee ' : ''}${hit ?? '?'}${roll !== null ? `: ${roll}` : ''}`
  return ok === null ? head : `${head} ${ok ? `hit${checks}` : 'miss'}`
}

export function eventMarks(events: readonly GameEvent[], ats: ReadonlyMap<string, AtView>): EventMarks {
  const arrows: MapArrow[] = []
  const attacks: MapAttack[] = []
  const losses = new Map<string, MapLoss>()
  for (const e of events) {
    if (e === null || typeof e !== 'object') continue
    const at = ats.get(asString(e.at) ?? '')
    if (!at) continue
    if (e.type === 'move') {
      const from = asHex(e.from)
      const to = asHex(e.to)
      if (from && to && hexRefKey(from) !== hexRefKey(to)) arrows.push({ from, to, side: at.camp })
    } else if (e.type === 'attack') {
      const target = ats.get(asString(e.target) ?? '')
      const from = asHex(at.hex)
      const to = asHex(target?.hex)
      if (!from || !to) continue
      // Melee in the own hex (RB-12.8): the ring and the label, no line.
      const same = hexRefKey(from) === hexRefKey(to)
      attacks.push({ from: same ? [] : [from], to, side: at.camp, kind: 'attack', label: attackLabel(e) })
    } else if (e.type === 'destroyed') {
      const hex: HexRef | null = asHex(at.hex)
      if (hex) losses.set(at.id, { hex, side: at.camp })
    }
  }
  return { arrows, attacks, losses: [...losses.values()] }
}
