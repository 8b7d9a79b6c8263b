// The per-seat status panel: one row per AT of the game as far as the viewer may know, for the email and
// the web page beside the map. Durability (and heavy damage, RB-20), speed, fallen (RB-19), action PP only
// when the view shows it (the owner's, or revealed at the owner's phase ①, RB-4.2: else "sealed"), and the
// ammunition of each weapon with its magazines (RB-11, RB-12.6).
import type { Locale } from '../../../i18n/index.js'
import type { AtView } from '../engine/types.js'
import { campName, isRbView, signed, words, type Translate } from './words.js'

import type { StatusPanel } from '../../contract.js'

const COLUMNS = ['id', 'pilot', 'at', 'camp', 'durability', 'speed', 'fallen', 'actionPp', 'ammo'] as const

function machine(locale: Locale, a: AtView): string {
  if (locale !== 'ja') return a.name || a.nameJa
  return a.nameJa && a.nameJa !== a.name ? `${a.nameJa} / ${a.name}` : a.name
}

function durability(t: Translate, a: AtView): string {
  const base = `${a.durability}/${a.durabilityMax}`
  if (a.destroyed) return t('panel.destroyed', { base })
  return a.heavy ? t('panel.heavy', { base }) : base
}

/** "hmg 7/10 +1 mag", each weapon with rounds; equipment without ammunition (FCS) is left out. */
function ammo(t: Translate, a: AtView): string {
  const parts = a.weapons
    .filter((w) => w && typeof w.id === 'string' && w.ammoMax !== null && w.ammoMax !== undefined)
    .map((w) => {
      if (w.purged) return t('panel.purged', { weapon: w.id })
      const mags = w.magazines > 0 ? t('panel.mags', { count: w.magazines }) : ''
      return `${w.id} ${w.ammo}/${w.ammoMax}${mags}`
    })
  return parts.length > 0 ? parts.join(', ') : '–'
}

function row(locale: Locale, t: Translate, view: Parameters<typeof campName>[1], a: AtView): string[] {
  const pilot = locale === 'ja' ? a.pilot.nameJa || a.pilot.name : a.pilot.name || a.pilot.nameJa
  return [
    a.id,
    t('panel.pilot', { pilot, pp: a.pilot.basePp }),
    machine(locale, a),
    campName(locale, view, a.camp),
    durability(t, a),
    a.destroyed ? '–' : t('panel.speed', { speed: signed(a.speed), max: a.maxSpeed }),
    a.fallen && !a.destroyed ? t('panel.fallen') : '–',
    typeof a.actionPp === 'number' ? String(a.actionPp) : t('panel.sealed'),
    ammo(t, a),
  ]
}

/** The panel of a view, or null when the view cannot be read. */
export function statusPanel(view: unknown, locale: Locale): StatusPanel | null {
  if (!isRbView(view)) return null
  const t = words(locale)
  const ordered = [...view.ats].sort((a, b) => a.camp.localeCompare(b.camp) || a.id.localeCompare(b.id))
  return {
    title: t('panel.title', { turn: view.turn }),
    columns: COLUMNS.map((c) => t(`panel.col.${c}`)),
    rows: ordered.map((a) => row(locale, t, view, a)),
  }
}
