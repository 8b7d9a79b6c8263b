// A moderator's (or the server operator's) change to a game, told to every player: who did what, why,
// and what changed, in the reader's language; for a correction (src/games/corrections.ts), the map after
// it as the reader's seat sees it, the units it changed framed. A game moved to other rules
// (src/games/rules-migration.ts) has no map.
//
// The payload keeps the English words the log keeps, and for a correction may carry the same as values
// (kindParams, unitChanges), which are worded here per reader; without them the English forms are read
// back by their patterns, or shown as they are.
import type Mail from 'nodemailer/lib/mailer/index.js'
import { loadFolded } from '../../games/load.js'
import { translate, type Locale } from '../../i18n/index.js'
import { ruleSystem } from '../../rulesets/index.js'
import type { Db } from '../../store/db.js'
import type { GameRow } from '../../store/games.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail, type ModerationData } from '../compose/index.js'
import { formatDate } from '../compose/helpers.js'
import { emailMapNote, emailPicture, mapModelAt } from '../map-cache.js'
import { mapLink } from '../map-link.js'
import { unitsOnMap, type MapModel } from '../map/index.js'
import { inReaderWords, type KnownForm } from '../server-words.js'
import { addressed, MAP_CID, mapAttachment, readerLocale, type Composer, type KindEnv } from './core.js'
import { gameData } from './game.js'
import { durationWords, positionOf, viewOf, type Position } from './position.js'

type Payload = OutboxPayload<'moderation'>
type UnitChange = NonNullable<Payload['unitChanges']>[number]
type KindParams = NonNullable<Payload['kindParams']>

/** What src/games/rules-migration.ts writes: who, what and what changed. */
const WHO: KnownForm[] = [
  { pattern: /^the server's operator$/, key: 'moderation.words.operator' },
  { pattern: /^a moderator$/, key: 'moderation.words.aModerator' },
]
const WHAT: KnownForm[] = [
  { pattern: /^moved the game to rules version (\S+)$/, key: 'moderation.words.migrated', values: ['to'] },
]
const CHANGES: KnownForm[] = [
  {
    pattern: /^The game played rules version (\S+); from log entry (\d+) on, it plays (\S+)\.$/,
    key: 'moderation.words.versions',
    values: ['from', 'seq', 'to'],
  },
  {
    pattern: /^Every step resolved before stays as it was; the next ones follow the new rules\.$/,
    key: 'moderation.words.stepsKept',
  },
]

const t = (locale: Locale, key: string, values?: Record<string, unknown>) =>
  translate(locale, 'email', `moderation.${key}`, values)

interface Reader {
  locale: Locale
  timeZone: string
  sideName: (id: string) => string
}

/** The English actions corrections.ts writes (correctionAction), by kind, and the values they hold. */
const ENGLISH_ACTIONS: Record<string, { pattern: RegExp; params: (m: RegExpExecArray) => KindParams }> = {
  rollback: { pattern: /^rolled the game back to log entry (\d+)$/, params: (m) => ({ toSeq: Number(m[1]) }) },
  reresolve: { pattern: /^resolved the step of log entry (\d+) again$/, params: (m) => ({ seq: Number(m[1]) }) },
  adjust: { pattern: /^adjusted the game \((\d+) changes?\)$/, params: (m) => ({ count: Number(m[1]) }) },
  'replace-player': { pattern: /^gave seat (\S+) to another player$/, params: (m) => ({ seat: m[1]! }) },
  'extend-deadline': {
    pattern: /^extended the deadline by (\d+(?:\.\d+)?) h$/,
    params: (m) => ({ hours: Number(m[1]) }),
  },
  adjudicate: { pattern: /^ended the game(?: as a draw|: (.+) wins)$/, params: (m) => ({ winner: m[1] ?? null }) },
  pause: { pattern: /^/, params: () => ({}) },
  resume: { pattern: /^/, params: () => ({}) },
  'apply-missed-policy': { pattern: /^/, params: () => ({}) },
}

/** A correction's values: the payload's, else read from its English action; null when neither gives them. */
function paramsOf(p: Payload): KindParams | null {
  if (p.kindParams) return p.kindParams
  const form = ENGLISH_ACTIONS[p.correction ?? '']
  const m = form?.pattern.exec(p.action)
  return form && m ? form.params(m) : null
}

/** Words from a value the payload may lack: null without it. */
function need<T>(value: T | undefined, words: (v: T) => string): string | null {
  return value === undefined ? null : words(value)
}

/** What the correction did, in the reader's words, by kind; null when a value it needs is missing. */
const ACTIONS: Record<string, (k: KindParams, r: Reader) => string | null> = {
  rollback: (k, r) => need(k.toSeq, (toSeq) => t(r.locale, 'action.rollback', { toSeq })),
  reresolve: (k, r) => need(k.seq, (seq) => t(r.locale, 'action.reresolve', { seq })),
  adjust: (k, r) => need(k.count, (count) => t(r.locale, 'action.adjust', { count })),
  'replace-player': (k, r) => need(k.seat, (seat) => t(r.locale, 'action.replacePlayer', { seat })),
  pause: (_, r) => t(r.locale, 'action.pause'),
  resume: (_, r) => t(r.locale, 'action.resume'),
  'extend-deadline': (k, r) => need(k.hours, (hours) => t(r.locale, 'action.extendDeadline', { hours })),
  'apply-missed-policy': (_, r) => t(r.locale, 'action.applyMissedPolicy'),
  adjudicate: (k, r) =>
    need(k.winner, (w) =>
      w === null ? t(r.locale, 'action.draw') : t(r.locale, 'action.winner', { winner: r.sideName(w) }),
    ),
}

const when = (iso: string, r: Reader) => formatDate(iso, r.timeZone, r.locale)

/** "entries 5 to 9 stay in the log, set aside", or "entry 5 stays …" for one, in the reader's words. */
const aside = (r: Reader, first: number, last: number): string =>
  first === last ? t(r.locale, 'note.asideOne', { seq: first }) : t(r.locale, 'note.asideMany', { first, last })

/**
 * What changed besides the units, in the reader's words, by kind, from the payload's values (`seq`: the
 * CORRECTION entry's position); null when a value it needs is missing (the English notes are shown).
 */
const NOTES: Record<string, (k: KindParams, seq: number, r: Reader) => string[] | null> = {
  rollback: (k, seq, r) =>
    k.toSeq === undefined
      ? null
      : [t(r.locale, 'note.rollback', { toSeq: k.toSeq, aside: aside(r, k.toSeq + 1, seq - 1) })],
  reresolve: (k, seq, r) =>
    k.seq === undefined
      ? null
      : [t(r.locale, 'note.reresolve', { seq: k.seq, newSeq: seq, aside: aside(r, k.seq, seq - 1) })],
  adjust: (k, _, r) => {
    if (k.seats === undefined) return null
    return k.seats.length ? [t(r.locale, 'note.adjustWaiting', { seats: k.seats.join(', ') })] : []
  },
  'replace-player': (k, _, r) =>
    k.seat === undefined || k.player === undefined
      ? null
      : [t(r.locale, 'note.replacePlayer', { seat: k.seat, player: k.player })],
  pause: (_, __, r) => [t(r.locale, 'note.pause')],
  resume: (k, _, r) => {
    if (k.pausedMs === undefined) return null
    const duration = durationWords(k.pausedMs, r.locale)
    const to = k.deadline?.to
    return [
      to ? t(r.locale, 'note.resumeDeadline', { duration, to: when(to, r) }) : t(r.locale, 'note.resume', { duration }),
    ]
  },
  'extend-deadline': (k, _, r) => {
    const { from, to } = k.deadline ?? {}
    return k.hours === undefined || !from || !to
      ? null
      : [t(r.locale, 'note.extendDeadline', { hours: k.hours, from: when(from, r), to: when(to, r) })]
  },
  'apply-missed-policy': (k, _, r) =>
    k.seats === undefined ? null : [t(r.locale, 'note.applyMissedPolicy', { seats: k.seats.join(', ') })],
  adjudicate: (k, _, r) =>
    k.winner === undefined
      ? null
      : [k.winner === null ? t(r.locale, 'note.draw') : t(r.locale, 'note.winner', { winner: r.sideName(k.winner) })],
}

/** A field's value as a line shows it. */
function shown(v: unknown): string {
  return v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v)
}

/** One unit's change in the reader's words: "GM1: morale N → C" (field names as the rules name them). */
function unitLine(c: UnitChange, locale: Locale): string {
  const fields = Object.entries(c.fields)
    .map(([field, v]) => t(locale, 'unit.field', { field, before: shown(v.before), after: shown(v.after) }))
    .join(t(locale, 'unit.separator'))
  return t(locale, `unit.${c.change}`, { unit: c.unit, fields })
}

/** The ids of the units a view shows: none when it lists none (a unit it does not show is never named). */
function unitIdsOf(system: string, view: unknown): Set<string> {
  const own = ruleSystem(system)?.viewUnits
  if (own) return new Set(own(view))
  const units = view !== null && typeof view === 'object' ? (view as { units?: unknown }).units : undefined
  if (!Array.isArray(units)) return new Set()
  return new Set(
    units.flatMap((u) => {
      const id = u !== null && typeof u === 'object' ? (u as { id?: unknown }).id : undefined
      return typeof id === 'string' ? [id] : []
    }),
  )
}

/**
 * The changed units the reader may know of: those their view shows after the correction, or showed
 * just before it (a unit the correction removed).
 */
async function unitsSeen(env: KindEnv, pos: Position, units: readonly string[], seq: number): Promise<Set<string>> {
  const after = unitIdsOf(pos.ruleset.id, viewOf(pos))
  if (units.every((u) => after.has(u)) || seq <= 1) return after
  const before = await loadFolded(env.ctx.db, pos.row, seq - 1)
  const earlier = before ? unitIdsOf(pos.ruleset.id, pos.ruleset.view(before.state, pos.seat)) : new Set<string>()
  return new Set([...after, ...earlier])
}

/**
 * The map model of a position as `seat` sees it, with the units of `units` that it shows on the map
 * highlighted (a legend line in the reader's words); null for a rule system without a map.
 */
export async function correctedMapModel(
  db: Db,
  game: GameRow,
  seq: number,
  seat: string | null,
  units: readonly string[],
  locale: Locale,
): Promise<MapModel | null> {
  const model = await mapModelAt(db, game, seq, seat)
  if (!model) return null
  const onMap = unitsOnMap(model, units)
  // The cached model is shared with the other emails and pictures of this position: the highlight goes on a copy.
  return onMap.length ? { ...model, highlight: { units: onMap, text: t(locale, 'mapHighlight') } } : model
}

type MapFields = Pick<ModerationData, 'mapCid' | 'mapNote' | 'mapUrl'>

/** The map after the correction as the reader's seat sees it, the changed units it shows framed. */
async function correctedMap(
  env: KindEnv,
  pos: Position,
  units: readonly string[],
  locale: Locale,
): Promise<{ fields: MapFields; attachments: Mail.Attachment[] }> {
  if (env.opts.map === false) return { fields: {}, attachments: [] }
  const marked = await correctedMapModel(env.ctx.db, pos.row, pos.seq, pos.seat, units, locale)
  if (!marked) return { fields: {}, attachments: [] }
  const onMap = marked.highlight?.units ?? []
  const map = emailPicture(marked)
  const note = emailMapNote(map, locale)
  const { publicUrl, secret } = env.ctx
  return {
    fields: {
      mapCid: MAP_CID,
      mapNote: onMap.length ? t(locale, 'mapFramed', { note, count: onMap.length }) : note,
      ...(pos.seat ? { mapUrl: mapLink(publicUrl, secret, pos.g.game.id, pos.seq, pos.seat) } : {}),
    },
    attachments: [mapAttachment(map.png)],
  }
}

/**
 * The lines of what changed, in the reader's words: the notes, then a line per changed unit the reader
 * may know of. The English lines are the notes, then one line per unit of `units`, in that order
 * (corrections.ts): shown when the payload has no values to word.
 */
function changeLines(p: Payload, seen: ReadonlySet<string>, r: Reader): string[] {
  const englishUnits = p.units ?? []
  const englishNotes = p.changes.slice(0, p.changes.length - englishUnits.length)
  const notes = (p.kindParams && NOTES[p.correction!]?.(p.kindParams, p.seq, r)) ?? englishNotes
  const units = p.unitChanges
    ? p.unitChanges.filter((c) => seen.has(c.unit)).map((c) => unitLine(c, r.locale))
    : p.changes.slice(englishNotes.length).filter((_, i) => seen.has(englishUnits[i]!))
  return [...notes, ...units]
}

/** A correction's email: its words per reader, the units the reader may know of, and the map. */
const correctionEmail: Composer = async (env, n) => {
  const p = n.payload as Payload
  const pos = await positionOf(env.ctx, { ...n, seq: p.afterSeq ?? p.seq })
  const changed = p.unitChanges?.map((c) => c.unit) ?? p.units ?? []
  const seen = await unitsSeen(env, pos, changed, p.seq)
  const reader: Reader = {
    locale: readerLocale(env),
    timeZone: env.recipient.timeZone,
    sideName: (id) => pos.g.sideNames.get(id) ?? id,
  }
  const params = paramsOf(p)
  const map = await correctedMap(
    env,
    pos,
    changed.filter((u) => seen.has(u)),
    reader.locale,
  )
  const gameId = pos.g.game.id
  const composed = composeEmail('moderation', {
    ...addressed(env, pos.g.ref),
    moderator: inReaderWords(reader.locale, p.moderator, WHO),
    action: (params && ACTIONS[p.correction!]?.(params, reader)) ?? p.action,
    reason: p.reason,
    changes: changeLines(p, seen, reader),
    at: p.at,
    entry: p.seq,
    logUrl: env.page(`/g/${gameId}#log`),
    correction: p.correction!,
    // Told to the players: the dispute as it shows on the game's page.
    ...(p.dispute ? { disputeUrl: env.page(`/g/${gameId}#dispute-${encodeURIComponent(p.dispute)}`) } : {}),
    ...map.fields,
  })
  return { composed, attachments: map.attachments }
}

export const moderation: Composer = async (env, n) => {
  const p = n.payload as Payload
  if (p.correction) return correctionEmail(env, n)
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  const composed = composeEmail('moderation', {
    ...addressed(env, g.ref),
    moderator: inReaderWords(readerLocale(env), p.moderator, WHO),
    action: inReaderWords(readerLocale(env), p.action, WHAT),
    reason: p.reason,
    changes: p.changes.map((line) => inReaderWords(readerLocale(env), line, CHANGES)),
    at: p.at,
    entry: p.seq,
    logUrl: env.page(`/g/${g.game.id}#log`),
  })
  return { composed }
}
