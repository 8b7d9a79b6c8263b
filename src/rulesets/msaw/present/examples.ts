// MS@W's orders in the text notation (docs/orders-msaw.md), written from a seat's options: the lines the
// compact options show, and a few examples an email offers to paste. A move example heads for the nearest
// enemy and stops short of it, within the suit's Move by the table's own exact lengths (src/engine/table),
// so it is legal distance-wise. Notation is the same in every language.
import { distance, pathLength, type Pt } from '../../../engine/table/index.js'
import type { MsSeatOptions, MsSuitOptions } from '../engine/types.js'
import { asPt, isObject, itemTypeId, ptLabel } from './words.js'

/** Enough of a seat's options to read (they may come back from JSON). */
export function isSeatOptions(value: unknown): value is MsSeatOptions {
  if (!isObject(value) || !Array.isArray(value.suits)) return false
  return value.suits.every(
    (s) =>
      isObject(s) &&
      typeof s.ms === 'string' &&
      asPt(s.at) !== null &&
      typeof s.move === 'number' &&
      Array.isArray(s.parts) &&
      Array.isArray(s.targets),
  )
}

// ---- one order --------------------------------------------------------------------------------------

/** `GM1 move 15,10.25` (a straight move to a point). */
export function moveOrder(ms: string, to: Pt): string {
  return `${ms} move ${ptLabel(to)}`
}

/** `GM1 attack ZAKU1 beam-rifle`. */
export function attackOrder(ms: string, target: string, weapon: string): string {
  return `${ms} attack ${target} ${weapon}`
}

/** Hand items that take both hands (the catalogue's `hands: 2`): the Magella attack cannon. */
const TWO_HANDED = new Set(['magella'])

/** Close-range hand weapons (MS-3.3) of the catalogue. */
const CLOSE = new Set(['beam-saber', 'heat-hawk', 'heat-saber', 'dom-heat-saber'])

/** A hand-held shield (the fixed shoulder shield is never held). */
const isShield = (item: string) => /shield/.test(item) && !/^shoulder-shield/.test(item)

/**
 * `GM1 deploy 12,3 hold R beam-spray-gun L gm-shield`: a weapon in the right hand and a shield in the left
 * when it may hold them, a two-handed item in both; nothing held: no `hold`.
 */
export function deployOrder(ms: string, at: Pt, holdable: readonly string[] = []): string {
  const base = `${ms} deploy ${ptLabel(at)}`
  const both = holdable.find((i) => TWO_HANDED.has(itemTypeId(i)))
  const weapons = holdable.filter((i) => !isShield(i) && !TWO_HANDED.has(itemTypeId(i)))
  // A gun rather than a close-range weapon when it has one: the example reads as the usual loadout.
  const weapon = weapons.find((i) => !CLOSE.has(itemTypeId(i))) ?? weapons[0]
  const shield = holdable.find(isShield)
  if (!weapon && !shield && both) return `${base} hold both ${both}`
  const hold = [weapon ? `R ${weapon}` : '', shield ? `L ${shield}` : ''].filter((h) => h !== '').join(' ')
  return hold ? `${base} hold ${hold}` : base
}

// ---- choices ----------------------------------------------------------------------------------------

/** How far short of the enemy's centre a move example stops: two discs and a margin. */
const STOP_SHORT = 150

/**
 * The point `travel` hundredths from `from` toward `to`, each coordinate rounded toward `from` (so the leg
 * is never longer than asked), checked with the table's exact length and pulled back while it is over.
 */
export function pointToward(from: Pt, to: Pt, travel: number): Pt | null {
  const d = distance(from, to)
  if (d === 0 || travel <= 0) return null
  const part = Math.min(1, travel / d)
  const towardFrom = (a: number, b: number) => {
    const v = (b - a) * part
    return a + (v >= 0 ? Math.floor(v) : Math.ceil(v))
  }
  let p = { x: towardFrom(from.x, to.x), y: towardFrom(from.y, to.y) }
  // Floating point may leave it a hundredth long: step back toward `from` until the exact length fits.
  for (let i = 0; i < 4 && pathLength(from, [p]) > travel; i++)
    p = { x: p.x - Math.sign(to.x - from.x), y: p.y - Math.sign(to.y - from.y) }
  if (pathLength(from, [p]) > travel || (p.x === from.x && p.y === from.y)) return null
  return p
}

/** A move toward the nearest enemy, within the suit's Move and stopping short of the enemy's disc. */
export function moveTowardEnemy(s: MsSuitOptions, enemies: ReadonlyArray<{ id: string; at: Pt }>): string | null {
  if (!s.parts.includes('move') || s.move <= 0) return null
  const nearest = [...enemies].sort(
    (a, b) => distance(s.at, a.at) - distance(s.at, b.at) || a.id.localeCompare(b.id),
  )[0]
  if (!nearest) return null
  const travel = Math.min(s.move, distance(s.at, nearest.at) - STOP_SHORT)
  const to = pointToward(s.at, nearest.at, travel)
  return to ? moveOrder(s.ms, to) : null
}

/** Every attack the seat's suits can make now, best chance first. */
export function attacksOf(
  options: MsSeatOptions,
): Array<{ ms: string; target: string; weapon: string; chance: number }> {
  const out: Array<{ ms: string; target: string; weapon: string; chance: number }> = []
  for (const s of options.suits) {
    if (!s.parts.includes('combat')) continue
    for (const t of s.targets) {
      if (!isObject(t) || t.inSight === false || !Array.isArray(t.weapons)) continue
      for (const w of t.weapons)
        if (isObject(w) && typeof w.weapon === 'string')
          out.push({
            ms: s.ms,
            target: t.target,
            weapon: w.weapon,
            chance: typeof w.chance === 'number' ? w.chance : 0,
          })
    }
  }
  return out.sort((a, b) => b.chance - a.chance || a.ms.localeCompare(b.ms) || a.target.localeCompare(b.target))
}

function enemiesOf(options: MsSeatOptions): Array<{ id: string; at: Pt }> {
  const list = Array.isArray(options.enemies) ? options.enemies : []
  return list
    .map((e) => ({ id: isObject(e) && typeof e.id === 'string' ? e.id : '', at: isObject(e) ? asPt(e.at) : null }))
    .filter((e): e is { id: string; at: Pt } => e.id !== '' && e.at !== null)
}

/** The middle of a deployment zone, on whole inches toward its lower corner. */
function zoneCentre(zone: { x0: number; y0: number; x1: number; y1: number }): Pt {
  const mid = (a: number, b: number) => Math.floor((Math.min(a, b) + Math.max(a, b)) / 200) * 100
  return { x: mid(zone.x0, zone.x1), y: mid(zone.y0, zone.y1) }
}

/** A few order lines valid for these options, for an email to show the notation. */
export function orderExamples(options: unknown): string[] {
  if (!isSeatOptions(options)) return []
  const out: string[] = []
  const reaction = options.reaction
  if (isObject(reaction)) {
    const choices = Array.isArray(reaction.choices) ? reaction.choices.filter((c) => typeof c === 'string') : []
    if (reaction.kind === 'shield') out.push('shield yes', 'shield no')
    else if (reaction.kind === 'counter') out.push(...(choices[0] ? [`counter ${choices[0]}`] : []), 'counter no')
    return out
  }
  const deploy = options.deploy
  if (isObject(deploy) && isObject(deploy.zone) && Array.isArray(deploy.suits)) {
    const first = deploy.suits.find((s) => typeof s === 'string')
    if (first) {
      const holds = isObject(deploy.hold) && Array.isArray(deploy.hold[first]) ? deploy.hold[first] : []
      const holdable = holds.filter((h): h is string => typeof h === 'string')
      out.push(deployOrder(first, zoneCentre(deploy.zone), holdable))
      out.push(`${first} policy shield ask counter best`)
    }
    return out
  }
  const enemies = enemiesOf(options)
  const mover = options.suits.map((s) => moveTowardEnemy(s, enemies)).find((m) => m !== null)
  if (mover) out.push(mover)
  const best = attacksOf(options)[0]
  if (best) out.push(attackOrder(best.ms, best.target, best.weapon))
  if (out.length > 0 && options.suits.length > 1) out.push('more')
  // Nothing to show from these options (no enemy positions, nothing in range): the line that ends the phase.
  if (out.length === 0 && options.step === 'action') out.push('pass')
  return out.slice(0, 6)
}
