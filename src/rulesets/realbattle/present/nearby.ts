// Where the enemy ATs are, in words, for the text of a your-phase email: a reader without the map can still
// play. Real Battle's games have a few ATs a camp, so every enemy AT on the map is listed, nearest first:
// its distance from the reader's nearest AT and in which of that AT's directions it lies (RB-13), its
// facing, speed, and whether it is fallen or heavily damaged.
import { offsetDistance, offsetSector } from '../../../engine/hex/index.js'
import type { Locale } from '../../../i18n/index.js'
import type { AtView } from '../engine/types.js'
import { atName, facingName, hexLabel, isRbView, signed, words } from './words.js'

type Placed = AtView & { hex: { col: number; row: number } }

const placed = (a: AtView): a is Placed => !a.destroyed && hexLabel(a.hex) !== null

/** One line an enemy AT, nearest to the reader's ATs first; none for an observer. */
export function enemiesNear(view: unknown, locale: Locale, maxLines = 20): { lines: string[]; omitted: number } {
  if (!isRbView(view) || !view.viewer) return { lines: [], omitted: 0 }
  const camp = view.viewer.camp
  const t = words(locale)
  const live = view.ats.filter(placed)
  const own = live.filter((a) => a.mine)
  const mine = own.length > 0 ? own : live.filter((a) => a.camp === camp)
  if (mine.length === 0) return { lines: [], omitted: 0 }
  const rows = live
    .filter((e) => e.camp !== camp)
    .map((e) => {
      const nearest = mine
        .map((m) => ({ m, d: offsetDistance(m.hex, e.hex) }))
        .sort((a, b) => a.d - b.d || a.m.id.localeCompare(b.m.id))[0]!
      const state = [
        t('near.speed', { speed: signed(e.speed) }),
        t('near.durability', { cur: e.durability, max: e.durabilityMax }),
        e.fallen ? t('near.fallen') : '',
        e.heavy ? t('near.heavy') : '',
      ].filter((s) => s !== '')
      const values = {
        enemy: atName(locale, e, e.id),
        hex: hexLabel(e.hex),
        facing: facingName(locale, e.facing),
        count: nearest.d,
        unit: nearest.m.id,
        state: state.join(t('sep')),
      }
      const line =
        nearest.d === 0
          ? t('near.sameHex', values)
          : t('near.line', {
              ...values,
              dir: t(`dir.${offsetSector(nearest.m.hex, nearest.m.facing, e.hex)}`),
            })
      return { line, d: nearest.d, id: e.id }
    })
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id))
  const lines = rows.slice(0, maxLines).map((r) => r.line)
  return { lines, omitted: rows.length - lines.length }
}
