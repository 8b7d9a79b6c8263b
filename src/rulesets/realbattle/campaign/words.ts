// Real Battle campaign: names in the reader's language (locales/<locale>/realbattle.json, group `campaign`).
import type { Locale } from '../../../i18n/index.js'
import type { Catalogue } from '../engine/campaign/index.js'
import { words, type Translate } from '../present/words.js'

/** A translator of the `campaign` group. */
export function campaignWords(locale: Locale): Translate {
  const t = words(locale)
  return (key, values) => t(`campaign.${key}`, values)
}

/** A card's name: "Scopedog" in English, "スコープドッグ (Scopedog)" in Japanese; the id for an unknown card. */
export function cardName(catalogue: Catalogue, id: unknown, locale: Locale): string {
  const key = String(id)
  const card = Object.hasOwn(catalogue.cards, key)
    ? catalogue.cards[key]
    : Object.hasOwn(catalogue.weapons, key)
      ? catalogue.weapons[key]
      : undefined
  if (!card) return key
  if (locale === 'ja' && card.nameJa && card.nameJa !== card.name) return `${card.nameJa} (${card.name})`
  return card.name || key
}

/** G amounts with thousands separators: 3,000. */
export function money(n: number): string {
  return n.toLocaleString('en-US')
}
