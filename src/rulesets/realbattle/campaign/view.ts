// Real Battle campaign: a team as its readers see it (GET /seasons/:id/teams/:entrant), as lines for an email,
// and the actions it may take now with their prices (RB-24.4–24.10, 24.19, 24.21), in the notation.
import type { EmailLines } from '../../contract.js'
import type { Locale } from '../../../i18n/index.js'
import {
  netWorth,
  validateAction,
  type CampaignAction,
  type CampaignRules,
  type OwnedWeapon,
  type Team,
} from '../engine/campaign/index.js'
import { campaignCatalogue, forSale } from './catalogue.js'
import { formatAction } from './notation.js'
import { campaignWords, cardName, money } from './words.js'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object'

/** A stored team read back (the season keeps what newTeam / maintain / settle returned). Throws when it is not. */
export function asTeam(value: unknown): Team {
  if (
    !isObject(value) ||
    typeof value.entrant !== 'string' ||
    !Number.isSafeInteger(value.money) ||
    !Number.isSafeInteger(value.debt) ||
    !Array.isArray(value.ats) ||
    !Array.isArray(value.weapons) ||
    !Array.isArray(value.pilots) ||
    !Array.isArray(value.field) ||
    !Number.isSafeInteger(value.nextId)
  )
    throw new Error('Real Battle campaign: not a team')
  return value as unknown as Team
}

function weaponView(w: OwnedWeapon, locale: Locale) {
  const card = campaignCatalogue().weapons[w.card]
  return {
    id: w.id,
    card: w.card,
    name: cardName(campaignCatalogue(), w.card, locale),
    ammo: w.ammo,
    capacity: card?.ammo ?? null,
    magazines: w.magazines,
    mount: w.mount ?? null,
    builtIn: card?.builtIn === true,
  }
}

/** The team for its readers: money, debt, net worth, ATs with loadouts, the store, pilots, field choices. */
export function teamView(value: unknown, rules: CampaignRules, locale: Locale): Record<string, unknown> {
  const team = asTeam(value)
  const catalogue = campaignCatalogue()
  return {
    entrant: team.entrant,
    money: team.money,
    debt: team.debt,
    netWorth: netWorth(team, rules),
    ats: team.ats.map((at) => {
      const durability = catalogue.cards[at.card]?.durability ?? 0
      return {
        id: at.id,
        card: at.card,
        name: cardName(catalogue, at.card, locale),
        damage: at.damage,
        durability,
        durabilityLeft: Math.max(0, durability - at.damage),
        loadout: at.loadout.map((w) => weaponView(w, locale)),
      }
    }),
    weapons: team.weapons.map((w) => weaponView(w, locale)),
    pilots: team.pilots.map((p) => ({
      id: p.id,
      name: p.name,
      nameJa: p.nameJa,
      basePp: p.basePp,
      exp: p.exp,
      alive: p.alive,
    })),
    field: team.field.map((f) => ({ at: f.at, pilot: f.pilot })),
  }
}

/** The team as a few short lines for an email. */
export function teamLines(value: unknown, rules: CampaignRules, locale: Locale): string[] {
  const team = asTeam(value)
  const catalogue = campaignCatalogue()
  const t = campaignWords(locale)
  const sep = locale === 'ja' ? '、' : ', '
  const weapon = (w: OwnedWeapon) => {
    const card = catalogue.weapons[w.card]
    const ammo =
      card?.ammo !== null && card?.ammo !== undefined ? ` ${t('lines.ammo', { ammo: w.ammo, cap: card.ammo })}` : ''
    const mags = w.magazines > 0 ? ` ${t('lines.magazines', { n: w.magazines })}` : ''
    return `${w.id} ${cardName(catalogue, w.card, locale)}${ammo}${mags}`
  }
  const lines = [
    t('lines.money', { money: money(team.money), debt: money(team.debt), netWorth: money(netWorth(team, rules)) }),
  ]
  if (team.ats.length === 0) lines.push(t('lines.noAts'))
  for (const at of team.ats) {
    const max = catalogue.cards[at.card]?.durability ?? 0
    const loadout = at.loadout.length > 0 ? ` — ${at.loadout.map(weapon).join(sep)}` : ''
    lines.push(
      t('lines.at', { id: at.id, card: cardName(catalogue, at.card, locale), left: max - at.damage, max, loadout }),
    )
  }
  if (team.weapons.length > 0) lines.push(t('lines.store', { weapons: team.weapons.map(weapon).join(sep) }))
  if (team.pilots.length === 0) lines.push(t('lines.noPilots'))
  for (const p of team.pilots) {
    const name = locale === 'ja' && p.nameJa && p.nameJa !== p.name ? `${p.nameJa} (${p.name})` : p.name
    lines.push(t(p.alive ? 'lines.pilot' : 'lines.pilotDead', { id: p.id, name, pp: p.basePp, exp: p.exp }))
  }
  if (team.field.length > 0)
    lines.push(t('lines.field', { pairs: team.field.map((f) => `${f.at} ${f.pilot}`).join(sep) }))
  return lines
}

/** At most this many lines of help (the email links to the rest). */
export const HELP_LINES = 15

/**
 * The actions the team can take now, each an example line in the notation with its price as a comment:
 * scouting first when it has no pilot and buying an AT when it has none, then repairs, resupplies, magazines,
 * weapons, mounting, loans and the field choice. Only actions the engine would accept now (money included).
 */
export function actionHelp(value: unknown, rules: CampaignRules, locale: Locale): EmailLines {
  const team = asTeam(value)
  const catalogue = campaignCatalogue()
  const t = campaignWords(locale)
  const ok = (a: CampaignAction) => validateAction(team, a, catalogue, rules, 0).length === 0
  const items: Array<{ action: CampaignAction; note: string }> = []
  const add = (action: CampaignAction, note: string) => {
    if (ok(action)) items.push({ action, note })
  }
  const sale = forSale(catalogue)
  const scout = () => add({ kind: 'scout' }, t('help.scout'))
  const buyAts = () => {
    for (const c of sale.ats)
      add(
        { kind: 'buy-at', card: c.id },
        t('help.buyAt', {
          name: cardName(catalogue, c.id, locale),
          price: money(c.price!),
          availability: c.availability,
        }),
      )
  }
  const alive = team.pilots.some((p) => p.alive)
  if (!alive) scout()
  if (team.ats.length === 0) buyAts()
  for (const at of team.ats)
    add(
      { kind: 'repair', at: at.id },
      t('help.repair', { at: at.id, damage: at.damage, per: money(rules.repairPerPoint) }),
    )
  const owned = [...team.ats.flatMap((a) => a.loadout), ...team.weapons]
  for (const w of owned) {
    const card = catalogue.weapons[w.card]
    if (!card?.resupply) continue
    add(
      { kind: 'resupply', weapon: w.id },
      t('help.resupply', { weapon: w.id, ammo: w.ammo, cap: card.ammo ?? 0, price: money(card.resupply.price) }),
    )
  }
  for (const w of owned) {
    const card = catalogue.weapons[w.card]
    if (card?.resupply)
      add(
        { kind: 'buy-magazine', weapon: w.id },
        t('help.magazine', { weapon: w.id, price: money(card.resupply.price) }),
      )
  }
  for (const c of sale.weapons)
    add(
      { kind: 'buy-weapon', card: c.id },
      t('help.buyWeapon', {
        name: cardName(catalogue, c.id, locale),
        price: money(c.price!),
        availability: c.availability,
      }),
    )
  if (alive) scout()
  if (team.ats.length > 0) buyAts()
  const firstAt = team.ats[0]
  for (const w of team.weapons)
    if (firstAt) add({ kind: 'mount', weapon: w.id, at: firstAt.id }, t('help.mount', { weapon: w.id }))
  const room = Math.floor((rules.maxDebt - team.debt) / 10) * 10
  if (room >= 10) add({ kind: 'borrow', amount: Math.min(room, 1000) }, t('help.borrow', { room: money(room) }))
  if (team.debt > 0) add({ kind: 'repay', amount: team.debt }, t('help.repay', { percent: rules.repayPercent }))
  const pilot = team.pilots.find((p) => p.alive)
  if (firstAt && pilot) add({ kind: 'field', at: firstAt.id, pilot: pilot.id }, t('help.field'))
  const width = Math.max(0, ...items.map((i) => formatAction(i.action).length))
  const lines = items.map((i) => `${formatAction(i.action).padEnd(width)}  # ${i.note}`)
  const head = `# ${t('help.counted', { limit: rules.actionsPerMaintenance })}`
  const shown = lines.slice(0, HELP_LINES - 1)
  return { lines: [head, ...shown], omitted: lines.length - shown.length }
}
