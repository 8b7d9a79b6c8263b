// Real Battle campaign: the events of the maintenance (engine/campaign/maintenance.ts), of the settlement
// (show.ts) and of interest (team.ts), a sentence each in the reader's language. Events come back from the
// season's log as JSON: fields are read defensively, an unknown or malformed event gets the generic line,
// and nothing throws.
import type { GameEvent } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'
import { describeReason } from '../present/outcome.js'
import { campaignCatalogue } from './catalogue.js'
import { campaignWords, cardName, money } from './words.js'

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

const DECLINED = ['refused', 'fee-above-max', 'pp-below-min', 'cannot-pay']
const PARTS = ['win', 'lose', 'draw', 'destroyed', 'smaller', 'weaker', 'condolence']
const rank = (k: string) => (PARTS.includes(k) ? PARTS.indexOf(k) : PARTS.length)

/** One event's sentence, or null when the event is not one this narrator reads. */
function line(e: GameEvent, locale: Locale, names: Readonly<Record<string, string>>): string | null {
  const t = campaignWords(locale)
  const catalogue = campaignCatalogue()
  const entrant = str(e.entrant)
  const named = entrant !== null && Object.hasOwn(names, entrant) ? names[entrant] : undefined
  const team = named !== undefined ? named : t('team', { entrant: entrant ?? '?' })
  const g = (v: unknown) => {
    const n = num(v)
    return n === null ? '?' : money(n)
  }
  const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '?')
  // A pilot by name where the event carries one (the Japanese name for a Japanese reader), its id in brackets.
  const who = (v: unknown) => {
    const name = str(locale === 'ja' ? (e.pilotNameJa ?? e.pilotName) : (e.pilotName ?? e.pilotNameJa))
    return name ? `${name} (${s(v)})` : s(v)
  }
  const card = (v: unknown) => cardName(catalogue, v, locale)
  switch (e.type) {
    case 'bought':
      return t('ev.bought', {
        team,
        card: card(e.card),
        id: s(e.id),
        price: g(e.price),
        roll: s(e.roll),
        availability: s(e.availability),
      })
    case 'buy-failed':
      return t('ev.buyFailed', { team, card: card(e.card), roll: s(e.roll), availability: s(e.availability) })
    case 'magazine-bought':
      return t('ev.magazine', { team, weapon: s(e.weapon), price: g(e.price), magazines: s(e.magazines) })
    case 'repaired':
      return t(e.limitedByMoney === true ? 'ev.repairedLimited' : 'ev.repaired', {
        team,
        at: s(e.at),
        roll: s(e.roll),
        points: s(e.points),
        cost: g(e.cost),
        damage: s(e.damage),
      })
    case 'resupplied':
      return t('ev.resupplied', { team, weapon: s(e.weapon), from: s(e.from), to: s(e.to), price: g(e.price) })
    case 'scouted': {
      if (e.pp === null) return t('ev.scoutNobody', { team, roll: s(e.roll) })
      if (e.hired === true)
        return t('ev.scoutHired', { team, pilot: who(e.pilot), pp: s(e.pp), fee: g(e.fee), roll: s(e.roll) })
      const why = DECLINED.includes(String(e.declined)) ? t(`declined.${String(e.declined)}`) : s(e.declined)
      return t('ev.scoutDeclined', { team, pp: s(e.pp), fee: g(e.fee), roll: s(e.roll), why })
    }
    case 'borrowed':
      return t('ev.borrowed', { team, amount: g(e.amount), debt: g(e.debt) })
    case 'repaid':
      return t('ev.repaid', { team, amount: g(e.amount), cost: g(e.cost), debt: g(e.debt) })
    case 'mounted':
      return t('ev.mounted', { team, weapon: s(e.weapon), at: s(e.at), mount: s(e.mount) })
    case 'unmounted':
      return t('ev.unmounted', { team, weapon: s(e.weapon), at: s(e.at) })
    case 'field':
      return t('ev.field', { team, at: s(e.at), pilot: who(e.pilot) })
    case 'interest':
      return t(e.paidBy === 'loan' ? 'ev.interestLoan' : 'ev.interestCash', {
        team,
        amount: g(e.amount),
        debt: g(e.debt),
      })
    case 'show-result': {
      const reason = describeReason(str(e.reason) ?? '', locale)
      if (e.winner === 'A' || e.winner === 'B') return t('ev.showWon', { camp: t('camp', { camp: e.winner }), reason })
      return t('ev.showDraw', { reason })
    }
    case 'survival': {
      const values = { team, pilot: who(e.pilot), at: s(e.at), roll: s(e.roll), value: s(e.value) }
      if (e.instantDeath === true) return t('ev.instantDeath', values)
      return t(e.survived === true ? 'ev.survived' : 'ev.killed', values)
    }
    case 'reward': {
      const parts =
        e.parts !== null && typeof e.parts === 'object'
          ? Object.entries(e.parts as Record<string, unknown>)
              // The rules' order, whatever order the stored JSON gives the keys (PostgreSQL's jsonb sorts them).
              .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => (PARTS.includes(k) ? t(`part.${k}`, { amount: g(v) }) : `${k} G${g(v)}`))
              .join(locale === 'ja' ? '、' : ', ')
          : ''
      return t('ev.reward', { team, pilot: who(e.pilot), amount: g(e.amount), parts })
    }
    case 'exp':
      return t('ev.exp', { team, pilot: who(e.pilot), gained: s(e.gained), exp: s(e.exp) })
    case 'growth':
      return t('ev.growth', { team, pilot: who(e.pilot), from: s(e.from), to: s(e.to) })
    case 'pilot-dead':
      return t('ev.pilotDead', { team, pilot: who(e.pilot) })
    case 'at-lost':
      return t('ev.atLost', { team, at: s(e.at), card: card(e.card) })
    case 'at-back':
      return t('ev.atBack', { team, at: s(e.at), damage: s(e.damage) })
    case 'sat-out':
      return t(e.reason === 'no-pilot' ? 'ev.satOutNoPilot' : 'ev.satOutNoAt', { team })
    default:
      return null
  }
}

/** The campaign's events, a sentence each (RB-24). */
export function narrate(
  events: readonly GameEvent[],
  locale: Locale,
  names: Readonly<Record<string, string>> = {},
): string[] {
  return events.map((e) => {
    if (e === null || typeof e !== 'object') return fallbackLine(e)
    try {
      return line(e, locale, names) ?? fallbackLine(e)
    } catch {
      return fallbackLine(e)
    }
  })
}
