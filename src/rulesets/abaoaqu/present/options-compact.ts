// A-Bao-A-Qu's options(state, seat) as short lines for an email: one line per unit that can act,
// then the combined attacks as notation lines a player can copy. Bounded, because a side may have
// 150 units each reaching hundreds of hexes: the email names what it leaves out and links to the rest.
import { BD_RANGE } from '../engine/bd-screen.js'
import { hexLabel } from '../engine/geometry.js'
import type { AttackOption, SeatOptions, UnitOption } from '../engine/seat-options.js'
import type { Hex } from '../engine/types.js'

export interface CompactLimits {
  /** Lines in all; the rest are counted in `omitted`. */
  maxLines?: number
  /** A unit reaching more hexes than this gets a summary instead of a list. */
  maxHexes?: number
  /** Attacks listed per unit. */
  maxAttacks?: number
  /** Units named on one line; more interchangeable units continue on the next. */
  maxUnitsPerLine?: number
  /** Longest line; longer ones end in "…". */
  maxLineLength?: number
}

export interface CompactOptions {
  lines: string[]
  omitted: number
}

const DEFAULTS: Required<CompactLimits> = {
  maxLines: 30,
  maxHexes: 8,
  maxAttacks: 6,
  maxUnitsPerLine: 8,
  maxLineLength: 240,
}
const STATE_WORDS: Record<string, string> = { C: 'confused', D: 'panicked' }
const PILOT_WORDS: Record<string, string> = { E: 'elite pilot', S: 'student pilot' }

/**
 * "Salamis SA1 SA2 off the map", "Zaku ZK1 at 0413, ZK2 at 0612 (all: student pilot)", "GM3 (student pilot) at 1004":
 * the type's name as in the narration, then the ids as an order names them.
 */
function unitsHead(units: UnitOption[]): string {
  const u = units[0]!
  const pilot = u.pilot ? (PILOT_WORDS[u.pilot] ?? `newtype ${u.pilot}`) : ''
  const about = [pilot, STATE_WORDS[u.morale] ?? ''].filter(Boolean).join(', ')
  const where = (x: UnitOption) => (x.hex ? `at ${hexLabel(x.hex)}` : 'off the map')
  const together = units.every((x) =>
    x.hex === null ? u.hex === null : u.hex !== null && hexLabel(x.hex) === hexLabel(u.hex),
  )
  const who = together
    ? `${units.map((x) => x.id).join(' ')}${about ? ` (${about})` : ''} ${where(u)}`
    : `${units.map((x) => `${x.id} ${where(x)}`).join(', ')}${about ? ` (all: ${about})` : ''}`
  return `${u.name !== u.type ? `${u.name} ` : ''}${who}`
}

function span(values: number[]): string {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const two = (n: number) => String(n).padStart(2, '0')
  return lo === hi ? two(lo) : `${two(lo)}–${two(hi)}`
}

function movesPart(u: UnitOption, step: SeatOptions['step'], maxHexes: number): string | null {
  if (u.moves.length === 0) return null
  const verb = step === 'deploy' ? 'set up at' : u.hex === null ? 'enter at' : 'move to'
  if (u.moves.length <= maxHexes) return `${verb} ${u.moves.map(hexLabel).sort().join(' ')}`
  const within = step === 'move' && u.hex !== null ? ` within ${u.mp}` : ''
  const cols = span(u.moves.map((h: Hex) => h[0]))
  const rows = span(u.moves.map((h: Hex) => h[1]))
  return `${verb} any of ${u.moves.length} hexes${within} (cols ${cols}, rows ${rows})`
}

function targetText(a: AttackOption): string {
  const t = a.order.target
  if ('unit' in t) return t.unit
  return a.order.hex ? `${hexLabel(a.order.hex)} ${t.group.toLowerCase()}` : t.group.toLowerCase()
}

function attacksPart(attacks: AttackOption[], maxAttacks: number): string | null {
  if (attacks.length === 0) return null
  const shown = attacks.slice(0, maxAttacks)
  const byMode = new Map<string, string[]>()
  for (const a of shown)
    byMode.set(a.order.mode, [...(byMode.get(a.order.mode) ?? []), `${targetText(a)} ${a.column ?? 'no effect'}`])
  const text = [...byMode].map(([mode, items]) => `${mode} ${items.join(', ')}`).join('; ')
  const more = attacks.length - shown.length
  return more > 0 ? `${text} (+${more} more)` : text
}

/**
 * One line per set of interchangeable units: same type, pilot, state and options (hence usually
 * the same hex). Twelve Salamis waiting to enter make one line, which is also how an order moves
 * them together; in the set-up every unit of a type shares its zone, so a type is one line.
 */
function unitLines(options: SeatOptions, limits: Required<CompactLimits>): string[] {
  const groups = new Map<string, { units: UnitOption[]; what: string }>()
  for (const u of options.units) {
    const parts = [
      movesPart(u, options.step, limits.maxHexes),
      attacksPart(u.attacks, limits.maxAttacks),
      u.bd ? `bd @ any hex within ${BD_RANGE}` : null,
    ].filter((p): p is string => p !== null)
    if (parts.length === 0) continue
    const what = parts.join('; ')
    const key = JSON.stringify([u.type, u.pilot, u.morale, what])
    const group = groups.get(key) ?? { units: [], what }
    group.units.push(u)
    groups.set(key, group)
  }
  const lines: string[] = []
  for (const g of groups.values()) {
    for (let i = 0; i < g.units.length; i += limits.maxUnitsPerLine) {
      const chunk = g.units.slice(i, i + limits.maxUnitsPerLine)
      // "each": the odds are a unit's alone; attacks made together come as their own order lines.
      lines.push(`${unitsHead(chunk)}${chunk.length > 1 ? ', each' : ''}: ${g.what}`)
    }
  }
  return lines
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

/** The seat's options as at most `maxLines` lines; units with nothing to do are left out. */
export function compactOptions(options: SeatOptions, limits: CompactLimits = {}): CompactOptions {
  const l = { ...DEFAULTS, ...limits }
  const all = [
    // Order lines first where a player can paste them: the comment after "#" explains the choice.
    ...options.defend.map(
      (d) =>
        `defend ${d.attack} ranks ${d.maxRanks}  # against attack ${d.attack} on ${d.targets.join(' ')}: ` +
        `ranks 0 to ${d.maxRanks}; unanswered, your standing order applies`,
    ),
    ...unitLines(options, l),
    ...options.groupAttacks.map((a) => a.text),
  ].map((line) => clip(line, l.maxLineLength))
  const lines = all.slice(0, l.maxLines)
  return { lines, omitted: all.length - lines.length }
}

/** A few order lines valid right now, to show the notation by example; always ends with "pass". */
export function orderExamples(options: SeatOptions): string[] {
  const out: string[] = []
  const mover = options.units.find((u) => u.moves.length > 0)
  if (mover) out.push(`${mover.id} -> ${hexLabel(mover.moves[Math.floor(mover.moves.length / 2)]!)}`)
  const attack = options.groupAttacks[0] ?? options.units.find((u) => u.attacks.length > 0)?.attacks[0]
  if (attack) out.push(attack.text)
  const defend = options.defend[0]
  if (defend) out.push(`defend ${defend.attack} ranks 0`)
  out.push('pass')
  return out
}
