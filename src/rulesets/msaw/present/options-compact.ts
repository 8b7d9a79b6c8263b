// A seat's MS@W options (the ruleset's options(), MsSeatOptions) as short lines for an email, in the reader's
// words: for each suit, where it stands, its Move (and hover), what it has left this phase, the terrain it may
// not enter or that costs double; each enemy in range and sight as an order line with the distance, the number
// to roll at or under on 3d6 and the chance; what it may switch. The react step: the question and its
// answers. The deploy step: the zone and what each suit may hold. Bounded, the rest counted.
import type { Locale } from '../../../i18n/index.js'
import type { MsSeatOptions, MsSuitOptions } from '../engine/types.js'
import { attackOrder, isSeatOptions } from './examples.js'
import { inches, isObject, percent, ptLabel, words, type Translate } from './words.js'

export interface CompactLimits {
  maxLines?: number
  maxLineLength?: number
}

const DEFAULTS: Required<CompactLimits> = { maxLines: 30, maxLineLength: 240 }

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** §8: the suit's standing orders, when the options carry them. */
function policyText(t: Translate, policy: unknown): string {
  if (!isObject(policy) || typeof policy.shield !== 'string' || typeof policy.counter !== 'string') return ''
  return t('opt.policy', { shield: t(`policy.${policy.shield}`), counter: t(`policy.${policy.counter}`) })
}

function suitLine(locale: Locale, t: Translate, s: MsSuitOptions): string {
  const parts = strings(s.parts)
  const extras = [
    typeof s.hover === 'number' && s.hover > 0 ? t('opt.hover', { hover: inches(locale, s.hover) }) : '',
    strings(s.impassable).length > 0 ? t('opt.impassable', { list: strings(s.impassable).join(' ') }) : '',
    strings(s.rough).length > 0 ? t('opt.rough', { list: strings(s.rough).join(' ') }) : '',
  ].filter((x) => x !== '')
  if (parts.length === 0) return t('opt.done', { ms: s.ms, at: ptLabel(s.at) })
  return t('opt.suit', {
    ms: s.ms,
    at: ptLabel(s.at),
    move: parts.includes('move') ? t('opt.move', { move: inches(locale, s.move) }) : t('opt.moved'),
    extras: extras.length > 0 ? `${t('sep')}${extras.join(t('sep'))}` : '',
    parts: parts.map((p) => t(`part.${p}`)).join(t('sep')),
    policy: policyText(t, s.policy),
  })
}

function targetLines(locale: Locale, t: Translate, s: MsSuitOptions): string[] {
  if (!strings(s.parts).includes('combat')) return []
  const out: string[] = []
  for (const target of s.targets) {
    if (!isObject(target) || typeof target.target !== 'string') continue
    const distance = inches(locale, target.distance)
    if (target.inSight === false) {
      out.push(t('opt.hidden', { ms: s.ms, target: target.target, distance }))
      continue
    }
    for (const w of Array.isArray(target.weapons) ? target.weapons : []) {
      if (!isObject(w) || typeof w.weapon !== 'string') continue
      const comment = t('opt.attack', { distance, need: w.need, chance: percent(w.chance) })
      out.push(`${attackOrder(s.ms, target.target, w.weapon)}  # ${comment}`)
    }
  }
  if (out.length === 0) out.push(t('opt.noTarget', { ms: s.ms }))
  return out
}

function switchLine(t: Translate, s: MsSuitOptions): string | null {
  if (!strings(s.parts).includes('switch') || !isObject(s.switchable)) return null
  const sw = s.switchable
  const parts = [
    strings(sw.draw).length > 0 ? t('opt.draw', { list: strings(sw.draw).join(' ') }) : '',
    strings(sw.stow).length > 0 ? t('opt.stow', { list: strings(sw.stow).join(' ') }) : '',
    strings(sw.pickup).length > 0 ? t('opt.pickup', { list: strings(sw.pickup).join(' ') }) : '',
  ].filter((x) => x !== '')
  return parts.length > 0 ? t('opt.switch', { ms: s.ms, list: parts.join(t('sep')) }) : null
}

function reactionLines(t: Translate, r: NonNullable<MsSeatOptions['reaction']>): string[] {
  const choices = strings(r.choices)
  if (r.kind === 'shield') return [t('opt.askShield', { ms: r.ms, attacker: r.attacker })]
  return [t('opt.askCounter', { ms: r.ms, attacker: r.attacker }), ...choices.map((c) => `counter ${c}`), 'counter no']
}

function deployLines(locale: Locale, t: Translate, d: NonNullable<MsSeatOptions['deploy']>): string[] {
  const z = d.zone
  const out = [
    t('opt.zone', {
      x0: inches(locale, Math.min(z.x0, z.x1)),
      x1: inches(locale, Math.max(z.x0, z.x1)),
      y0: inches(locale, Math.min(z.y0, z.y1)),
      y1: inches(locale, Math.max(z.y0, z.y1)),
    }),
  ]
  for (const ms of strings(d.suits)) {
    const hold = isObject(d.hold) ? strings(d.hold[ms]) : []
    out.push(hold.length > 0 ? t('opt.hold', { ms, list: hold.join(' ') }) : t('opt.holdNothing', { ms }))
  }
  return out
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
  const all: string[] = []
  if (isObject(options.reaction)) all.push(...reactionLines(t, options.reaction))
  else if (isObject(options.deploy) && isObject(options.deploy.zone))
    all.push(...deployLines(locale, t, options.deploy))
  else
    for (const s of options.suits) {
      all.push(suitLine(locale, t, s), ...targetLines(locale, t, s))
      const sw = switchLine(t, s)
      if (sw) all.push(sw)
    }
  const clipped = all.map((line) => clip(line, l.maxLineLength))
  const lines = clipped.slice(0, l.maxLines)
  return { lines, omitted: clipped.length - lines.length }
}

/** How to read those lines, a sentence or two above them. */
export function optionsLegend(locale: Locale): string {
  return words(locale)('opt.legend')
}
