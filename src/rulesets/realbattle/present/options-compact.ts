// A seat's Real Battle options (the ruleset's options(), RbSeatOptions) as short lines for an email, in the
// reader's words: for each AT of the seat, what it may do in this step (deployment hexes and facings, the
// plan's legal values and limit, speed choices, action PP and each manoeuvre's cost), and each attack as an
// order line with its hit number before the target's evasion. The evasion is sealed until the attack
// resolves (RB-12.11), so no line claims a final number unless the evasion is known. Bounded, the rest
// counted: the email links to the full options.
import type { Locale } from '../../../i18n/index.js'
import type { AttackOption, AtOptions } from '../engine/types.js'
import { attackOrder, isSeatOptions } from './examples.js'
import { localiseBlocked } from './localise.js'
import { FACINGS, hexLabel, signed, words, type Translate } from './words.js'

export interface CompactLimits {
  maxLines?: number
  maxLineLength?: number
}

const DEFAULTS: Required<CompactLimits> = { maxLines: 30, maxLineLength: 240 }

const list = (values: readonly number[]) => values.join('/')

/** "0004–0009 (12)": the span of some hexes and how many. */
function hexSpan(hexes: ReadonlyArray<[number, number]>): string {
  const labels = hexes.map((h) => hexLabel(h)).filter((l): l is string => l !== null)
  if (labels.length === 0) return '–'
  const sorted = [...labels].sort()
  return sorted.length === 1 ? sorted[0]! : `${sorted[0]}–${sorted.at(-1)} (${sorted.length})`
}

function deployLine(t: Translate, a: AtOptions): string | null {
  if (!a.deploy) return null
  return t('opt.deploy', {
    at: a.at,
    hexes: hexSpan(a.deploy.hexes),
    facings: a.deploy.facings.map((f) => FACINGS[f] ?? String(f)).join('/'),
  })
}

function planLine(t: Translate, a: AtOptions): string | null {
  if (!a.plan) return null
  const p = a.plan
  return t('opt.plan', {
    at: a.at,
    acc: list(p.acc),
    dec: list(p.dec),
    atk: list(p.atk),
    def: list(p.def),
    max: p.maxTotal,
  })
}

function actionLine(t: Translate, a: AtOptions): string | null {
  if (!a.action) return null
  const x = a.action
  const speeds = x.speedChoices.map(signed)
  const extras = [
    x.patterns.length > 0
      ? t('opt.patterns', { list: x.patterns.map((p) => `${p.step} ${p.pp}`).join(', ') })
      : t('opt.noPatterns'),
    x.canStand ? t('opt.stand') : '',
    x.magazines.length > 0 ? `MAG ${x.magazines.join('/')}` : '',
    x.reloads.length > 0 ? `RELOAD ${x.reloads.join('/')}` : '',
    x.purgeable.length > 0 ? `PURGE ${x.purgeable.join('/')}` : '',
    x.smoke ? 'SMOKE' : '',
  ].filter((s) => s !== '')
  return t(speeds.length > 1 ? 'opt.actionChoose' : 'opt.action', {
    at: a.at,
    speed: speeds.length > 0 ? speeds.join('/') : '0',
    pp: x.actionPp,
    extras: extras.join(t('sep')),
  })
}

/** "A1 fire B2 hmg  # range 3, hit ≤ 7 before B2's evasion (sealed)". */
export function attackLine(t: Translate, at: string, o: AttackOption): string {
  const known = typeof o.evasion === 'number'
  const hit = known
    ? t('opt.hitKnown', { hit: o.hitBeforeEvasion + (o.evasion ?? 0), evasion: signed(o.evasion ?? 0) })
    : t('opt.hitSealed', { hit: o.hitBeforeEvasion, target: o.target })
  const extra = [
    o.missilesMax !== undefined && o.missilesMax > 1 ? t('opt.missiles', { count: o.missilesMax }) : '',
    typeof o.ammo === 'number' ? t('opt.ammo', { count: o.ammo }) : '',
  ].filter((s) => s !== '')
  const comment = [t('opt.range', { count: o.distance }), hit, ...extra].join(t('sep'))
  return `${attackOrder(at, o)}  # ${comment}`
}

function atLines(locale: Locale, t: Translate, a: AtOptions): string[] {
  if (a.blocked)
    return [t('opt.blocked', { at: a.at, why: localiseBlocked(locale, a.blocked).reason, ref: a.blocked.ref })]
  const lines = [deployLine(t, a), planLine(t, a), actionLine(t, a)].filter((l): l is string => l !== null)
  const attacks = a.attacks ?? []
  if (attacks.length > 0) lines.push(...attacks.map((o) => attackLine(t, a.at, o)))
  else if (a.attacks) lines.push(t('opt.noAttack', { at: a.at }))
  return lines
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
  const all = options.ats.flatMap((a) => atLines(locale, t, a)).map((line) => clip(line, l.maxLineLength))
  const lines = all.slice(0, l.maxLines)
  return { lines, omitted: all.length - lines.length }
}

export function optionsLegend(locale: Locale): string {
  return words(locale)('opt.legend')
}
