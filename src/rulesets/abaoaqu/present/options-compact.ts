// A-Bao-A-Qu's options(state, seat) as short lines for an email: one line per unit that can act,
// then the combined attacks as notation lines a player can copy. Bounded, because a side may have
// 150 units each reaching hundreds of hexes: the email names what it leaves out and links to the rest.
import { BD_RANGE } from '../engine/bd-screen.js'
import { hexLabel } from '../engine/geometry.js'
import type { AttackOption, SeatOptions, UnitOption } from '../engine/seat-options.js'
import type { Hex } from '../engine/types.js'
import { DEFAULT_LOCALE, type Locale } from '../../../i18n/index.js'
import { abaoaquWords } from './narrate.js'

type Words = ReturnType<typeof abaoaquWords>

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

/**
 * "Salamis SA1 SA2 off the map", "Zaku ZK1 at 0413, ZK2 at 0612 (all: student pilot)", "GM3 (student pilot) at 1004":
 * the type's name as in the narration, then the ids as an order names them.
 */
function unitsHead(units: UnitOption[], t: Words): string {
  const u = units[0]!
  const pilot = u.pilot
    ? u.pilot === 'E' || u.pilot === 'S'
      ? t(`options.pilot.${u.pilot}`)
      : t('options.pilot.newtype', { pilot: u.pilot })
    : ''
  const state = u.morale === 'C' || u.morale === 'D' ? t(`state.${u.morale}`) : ''
  const about = [pilot, state].filter(Boolean).join(t('list.sep'))
  const where = (x: UnitOption) => (x.hex ? t('options.at', { hex: hexLabel(x.hex) }) : t('options.offMap'))
  const together = units.every((x) =>
    x.hex === null ? u.hex === null : u.hex !== null && hexLabel(x.hex) === hexLabel(u.hex),
  )
  const ids = units.map((x) => x.id).join(' ')
  const apart = units.map((x) => t('options.apart', { id: x.id, where: where(x) })).join(t('list.sep'))
  const who = together
    ? t(about ? 'options.togetherAbout' : 'options.together', { units: ids, about, where: where(u) })
    : about
      ? t('options.allAbout', { units: apart, about })
      : apart
  return `${u.name !== u.type ? `${u.name} ` : ''}${who}`
}

function span(values: number[]): string {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const two = (n: number) => String(n).padStart(2, '0')
  return lo === hi ? two(lo) : `${two(lo)}–${two(hi)}`
}

function movesPart(u: UnitOption, step: SeatOptions['step'], maxHexes: number, t: Words): string | null {
  if (u.moves.length === 0) return null
  const verb = t(`options.verb.${step === 'deploy' ? 'deploy' : u.hex === null ? 'enter' : 'move'}`)
  if (u.moves.length <= maxHexes) return t('options.hexes', { verb, hexes: u.moves.map(hexLabel).sort().join(' ') })
  const cols = span(u.moves.map((h: Hex) => h[0]))
  const rows = span(u.moves.map((h: Hex) => h[1]))
  const values = { verb, n: u.moves.length, cols, rows }
  return step === 'move' && u.hex !== null
    ? t('options.manyHexesWithin', { ...values, mp: u.mp })
    : t('options.manyHexes', values)
}

function targetText(a: AttackOption): string {
  const t = a.order.target
  if ('unit' in t) return t.unit
  return a.order.hex ? `${hexLabel(a.order.hex)} ${t.group.toLowerCase()}` : t.group.toLowerCase()
}

const MODES = new Set(['shoot', 'close', 'sm'])

function attacksPart(attacks: AttackOption[], maxAttacks: number, t: Words): string | null {
  if (attacks.length === 0) return null
  const shown = attacks.slice(0, maxAttacks)
  const byMode = new Map<string, string[]>()
  for (const a of shown)
    byMode.set(a.order.mode, [
      ...(byMode.get(a.order.mode) ?? []),
      `${targetText(a)} ${a.column ?? t('options.noEffect')}`,
    ])
  const text = [...byMode]
    .map(([mode, items]) =>
      t('options.modeItems', {
        mode: MODES.has(mode) ? t(`options.mode.${mode}`) : mode,
        items: items.join(t('options.itemSep')),
      }),
    )
    .join(t('options.partSep'))
  const more = attacks.length - shown.length
  return more > 0 ? t('options.more', { text, n: more }) : text
}

/**
 * One line per set of interchangeable units: same type, pilot, state and options (hence usually
 * the same hex). Twelve Salamis waiting to enter make one line, which is also how an order moves
 * them together; in the set-up every unit of a type shares its zone, so a type is one line.
 */
function unitLines(options: SeatOptions, limits: Required<CompactLimits>, t: Words): string[] {
  const groups = new Map<string, { units: UnitOption[]; what: string }>()
  for (const u of options.units) {
    const parts = [
      movesPart(u, options.step, limits.maxHexes, t),
      attacksPart(u.attacks, limits.maxAttacks, t),
      u.bd ? t('options.bd', { range: BD_RANGE }) : null,
    ].filter((p): p is string => p !== null)
    if (parts.length === 0) continue
    const what = parts.join(t('options.partSep'))
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
      lines.push(t(chunk.length > 1 ? 'options.lineEach' : 'options.line', { head: unitsHead(chunk, t), what: g.what }))
    }
  }
  return lines
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

/** The seat's options as at most `maxLines` lines; units with nothing to do are left out. */
export function compactOptions(
  options: SeatOptions,
  limits: CompactLimits = {},
  locale: Locale = DEFAULT_LOCALE,
): CompactOptions {
  const l = { ...DEFAULTS, ...limits }
  const t = abaoaquWords(locale)
  const all = [
    // Order lines first where a player can paste them: the comment after "#" explains the choice.
    ...options.defend.map((d) =>
      t('options.defend', { attack: d.attack, max: d.maxRanks, targets: d.targets.join(' ') }),
    ),
    ...unitLines(options, l, t),
    ...options.groupAttacks.map((a) => a.text),
  ].map((line) => clip(line, l.maxLineLength))
  const lines = all.slice(0, l.maxLines)
  return { lines, omitted: all.length - lines.length }
}

/** How to read those lines, above them in the email. */
export function optionsLegend(locale: Locale = DEFAULT_LOCALE): string {
  return abaoaquWords(locale)('options.legend')
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
