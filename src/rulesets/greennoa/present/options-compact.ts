// GREEN NOA's options (the ruleset's options(), engine/seat-options.ts) as short lines for an email, in
// the reader's words. Movement: a line a unit (where it is, its MP and turns left, how far its ends
// reach), then order lines to paste: the farthest move and each form change. Combat: every legal attack
// as an order line, with its difference, direction modifier and odds after "#". Bounded, with the rest
// counted: the email links to the full options.
import { offsetDistance } from '../../../engine/hex/index.js'
import type { Locale } from '../../../i18n/index.js'
import type { AttackChoice, GnSeatOptions, MoveChoice, UnitMoves } from '../engine/seat-options.js'
import { facingName, formName, hexLabel, signed, typeName, words, type Translate } from './words.js'

export interface CompactLimits {
  /** Lines in all; the rest are counted in `omitted`. */
  maxLines?: number
  /** Longest line; longer ones end in "…". */
  maxLineLength?: number
}

const DEFAULTS: Required<CompactLimits> = { maxLines: 30, maxLineLength: 240 }

/** Enough of a seat's options to read (they may come back from JSON). */
export function isSeatOptions(value: unknown): value is GnSeatOptions {
  const o = value as Partial<GnSeatOptions> | null
  return !!o && typeof o === 'object' && Array.isArray(o.units) && Array.isArray(o.attacks)
}

function unitName(locale: Locale, u: { unit: string; name?: unknown; nameJa?: unknown }): string {
  const name = typeName(locale, u)
  return name ? words(locale)('unit', { name, id: u.unit }) : u.unit
}

function span(values: number[]): string {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const two = (n: number) => String(n).padStart(2, '0')
  return lo === hi ? two(lo) : `${two(lo)}–${two(hi)}`
}

/** The end farthest from the start, fewest turns first, then fewest MP. */
function farthest(u: UnitMoves, moves: MoveChoice[]): MoveChoice | null {
  const dist = (m: MoveChoice) => offsetDistance(u.hex, m)
  let best: MoveChoice | null = null
  for (const m of moves) {
    if (
      !best ||
      dist(m) > dist(best) ||
      (dist(m) === dist(best) && (m.turns < best.turns || (m.turns === best.turns && m.mp < best.mp)))
    )
      best = m
  }
  return best
}

function movementLines(locale: Locale, t: Translate, u: UnitMoves): string[] {
  const who = unitName(locale, u)
  const at = { unit: who, hex: hexLabel(u.hex) ?? '?', facing: facingName(locale, u.facing) }
  if (u.blocked) return [t('opt.blocked', { ...at, why: t(u.blocked.startsWith('S') ? 'blocked.S' : 'blocked.M') })]
  const lines: string[] = []
  const form = u.forms.length > 0 || u.formMoves.length > 0 ? formName(locale, u.form) : null
  lines.push(
    t(u.moves.length > 0 ? 'opt.unit' : 'opt.unitStuck', {
      ...at,
      form: form ? t('opt.inForm', { form }) : '',
      mp: u.mp,
      count: u.turnsLeft,
      ends: u.moves.length,
      cols: u.moves.length > 0 ? span(u.moves.map((m) => m.col)) : '',
      rows: u.moves.length > 0 ? span(u.moves.map((m) => m.row)) : '',
    }),
  )
  const far = farthest(u, u.moves)
  if (far)
    lines.push(
      `${u.unit} move ${far.steps}  # ${t('opt.moveComment', {
        hex: hexLabel(far) ?? '?',
        facing: facingName(locale, far.facing),
        mp: far.mp,
        count: far.turns,
      })}`,
    )
  for (const f of u.formMoves) {
    const comment = t('opt.formComment', { form: formName(locale, f.form), mp: f.mp, ends: f.moves.length })
    lines.push(`${u.unit} form ${f.form}  # ${comment}`)
  }
  return lines
}

/** "E 3/36, F 5/36, no effect 20/36": the engine's odds, most likely first. */
function oddsText(t: Translate, a: AttackChoice): string {
  return a.odds.map((c) => `${c.result === '-' ? t('opt.noEffect') : c.result} ${c.in36}/36`).join(', ')
}

export function attackLine(locale: Locale, a: AttackChoice): string {
  const t = words(locale)
  const mods: string[] = []
  if (a.kind === 'fire') {
    mods.push(t('opt.distance', { count: a.distance }))
    mods.push(t('mod.direction', { direction: t(`direction.${a.direction ?? 'front'}`), mod: signed(a.directionMod) }))
  }
  if (a.sMod) mods.push(t(a.kind === 'fire' ? 'mod.sFire' : 'mod.sMelee'))
  if (a.pilotMod) mods.push(t('mod.pilot', { mod: signed(a.pilotMod) }))
  if (a.compulsory) mods.push(t('opt.compulsory'))
  const comment = t('opt.attackComment', {
    diff: signed(a.diff),
    mods: mods.map((m) => `${t('opt.sep')}${m}`).join(''),
    odds: oddsText(t, a),
  })
  return `${a.unit} ${a.kind} ${a.target}  # ${comment}`
}

function clip(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

/** The seat's options as at most `maxLines` lines; nothing when it has nothing to decide now. */
export function compactOptions(
  options: unknown,
  locale: Locale,
  limits: CompactLimits = {},
): { lines: string[]; omitted: number } {
  if (!isSeatOptions(options) || !options.step) return { lines: [], omitted: 0 }
  const l = { ...DEFAULTS, ...limits }
  const t = words(locale)
  const all =
    options.step === 'movement'
      ? options.units.flatMap((u) => movementLines(locale, t, u))
      : options.attacks.map((a) => attackLine(locale, a))
  const clipped = all.map((line) => clip(line, l.maxLineLength))
  const lines = clipped.slice(0, l.maxLines)
  return { lines, omitted: clipped.length - lines.length }
}

export function optionsLegend(locale: Locale): string {
  return words(locale)('opt.legend')
}

/**
 * A few order lines valid now, to show the notation by example; always ends with "pass". The move and
 * the form change name different units, so the lines also stand together.
 */
export function orderExamples(options: unknown): string[] {
  const out: string[] = []
  if (isSeatOptions(options)) {
    const mover = options.units.find((u) => !u.blocked && u.moves.length > 0)
    if (mover) {
      const m = mover.moves.find((x) => x.turns > 0 && x.steps.includes('F')) ?? mover.moves[0]!
      out.push(`${mover.unit} move ${m.steps}`)
    }
    const changer = options.units.find((u) => u.unit !== mover?.unit && !u.blocked && u.formMoves.length > 0)
    if (changer) out.push(`${changer.unit} form ${changer.formMoves[0]!.form}`)
    const attack = options.attacks.find((a) => a.kind === 'fire') ?? options.attacks[0]
    if (attack) out.push(`${attack.unit} ${attack.kind} ${attack.target}`)
  }
  out.push('pass')
  return out
}
