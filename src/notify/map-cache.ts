// Map snapshots for emails and GET /games/:id/map.{svg,png}: drawn once per game position and viewer,
// then served from memory; an email's picture once per distinct picture, whoever sees it. The arrows
// and attack lines are those of the last step resolved at or before the position. A rule system
// without a map (no map hook) has none to draw: every function here answers null for its games.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { GameEvent } from '../engine/ruleset.js'
import { loadFolded, rulesetOf } from '../games/load.js'
import { DEFAULT_LOCALE, translator, type Locale } from '../i18n/index.js'
import { poolOf, type Db } from '../store/db.js'
import type { GameRow } from '../store/games.js'
import {
  buildMapModel,
  emailMapPng,
  hasMap,
  mapModelToPng,
  renderSvg,
  type EmailMap,
  type MapHookOptions,
  type MapModel,
} from './map/index.js'

interface Drawn {
  model: MapModel
  /** Written when first asked for: emails only need the PNG. */
  svg?: string
  /** The web page's SVG (renderSvg's `web` option), written when first asked for. */
  web?: string
  /** PNGs by width (0: the map's own size). */
  png: ReadonlyMap<number, Buffer>
  /** The picture emails carry: the parts of the board that matter to the viewer (map/email.ts). */
  email?: EmailMap
}

/** The model is counted at a rough 150 kB: a few hundred small objects (A-S4 measured 126 kB). */
const MODEL_BYTES = 150_000

function sizeOf(d: Drawn): number {
  let n = MODEL_BYTES + (d.svg?.length ?? 0) + (d.web?.length ?? 0)
  for (const png of d.png.values()) n += png.length
  return n + (d.email?.png.length ?? 0)
}

/**
 * Drawings by position and viewer, least recently used evicted first past 64 MB. An entry is
 * replaced, not changed, when a picture is added to it: the cache measures a value when it is set.
 */
const cache = new LRUCache<string, Drawn>({ maxSize: 64 * 1024 * 1024, sizeCalculation: sizeOf })

/**
 * Email pictures by what they show: a hash of the map model, which is all a picture is drawn from.
 * Readers who see the same (seats of one side, observers, the same opening in many games) share one
 * picture, drawn once per process; the entries above point at it. Least recently used evicted first.
 */
const pictures = new LRUCache<string, EmailMap>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (m) => m.png.length + 1000,
})

function contentKey(model: MapModel): string {
  return createHash('sha256').update(JSON.stringify(model)).digest('base64')
}

/** The email's picture of a map model, drawn once per distinct model (and kept while it is used). */
export function emailPicture(model: MapModel): EmailMap {
  const key = contentKey(model)
  let picture = pictures.get(key)
  if (picture === undefined) {
    picture = emailMapPng(model)
    pictures.set(key, picture)
  }
  return picture
}

/** How many email pictures are kept: for benchmarks. */
export function emailPictureCount(): number {
  return pictures.size
}

/** The PNG widths served: the map's own size and a few fixed ones (each is drawn and kept). */
export const MAP_WIDTHS = [600, 900, 1200, 1600] as const

async function lastEvents(db: Db, gameId: string, seq: number): Promise<GameEvent[]> {
  // Plain SQL: each reader's first picture of a position reads it (through Prisma, compiled each time).
  const rows = await poolOf(db)!.query<{ payload: { events?: GameEvent[] } | null }>(
    `SELECT payload FROM "LogEntry" WHERE "gameId" = $1::uuid AND seq <= $2::int AND kind = 'RESOLUTION'
      ORDER BY seq DESC LIMIT 1`,
    [gameId, seq],
  )
  return rows.rows[0]?.payload?.events ?? []
}

function keyOf(game: GameRow, seq: number, viewer: string | null, opts: MapHookOptions = {}): string {
  // The row's rules version too: a row that names another one since is drawn again (or refused). A
  // picture with move ranges is another picture.
  return `${game.id}:${game.rulesVersion}:${seq}:${viewer ?? ''}${opts.ranges === true ? ':ranges' : ''}`
}

/** Adds a picture to the entry as it stands now (another request may have added one meanwhile). */
function add(key: string, d: Drawn, change: (current: Drawn) => Drawn): void {
  cache.set(key, change(cache.peek(key) ?? d))
}

async function drawn(
  db: Db,
  game: GameRow,
  seq: number,
  viewer: string | null,
  opts: MapHookOptions = {},
  state?: unknown,
): Promise<Drawn | null> {
  if (!hasMap(game.ruleset)) return null
  const key = keyOf(game, seq, viewer, opts)
  const hit = cache.get(key)
  if (hit) return hit
  // The caller's state of this position when it has one: a position behind the log's end is folded anew.
  const folded = state === undefined ? await loadFolded(db, game, seq) : { state }
  if (!folded) throw new Error(`game ${game.id} has no position ${seq}`)
  const view = rulesetOf(game).view(folded.state, viewer)
  const events = await lastEvents(db, game.id, seq)
  const d: Drawn = { model: buildMapModel(game.ruleset, view, events, opts), png: new Map() }
  cache.set(key, d)
  return d
}

/** The map model of a position as `viewer` sees it (what its SVG, PNG and email picture draw); null: no map. */
export async function mapModelAt(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<MapModel | null> {
  return (await drawn(db, game, seq, viewer))?.model ?? null
}

/** The map's SVG (GET /games/:id/map.svg); `opts.ranges` asks the rule system for move ranges. */
export async function mapSvg(
  db: Db,
  game: GameRow,
  seq: number,
  viewer: string | null,
  opts: MapHookOptions = {},
): Promise<string | null> {
  const d = await drawn(db, game, seq, viewer, opts)
  if (!d) return null
  if (d.svg !== undefined) return d.svg
  const svg = renderSvg(d.model)
  add(keyOf(game, seq, viewer, opts), d, (c) => ({ ...c, svg }))
  return svg
}

/** The map as the web page draws it: the same drawing, its hexes and counters marked for clicks (svg.ts `web`). */
export async function webMapSvg(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<string | null> {
  const d = await drawn(db, game, seq, viewer)
  if (!d) return null
  if (d.web !== undefined) return d.web
  const web = renderSvg(d.model, { web: true })
  add(keyOf(game, seq, viewer), d, (c) => ({ ...c, web }))
  return web
}

/** The map's PNG (GET /games/:id/map.png) at one of MAP_WIDTHS or its own size; `opts.ranges` as for mapSvg. */
export async function mapPng(
  db: Db,
  game: GameRow,
  seq: number,
  viewer: string | null,
  width?: number,
  opts: MapHookOptions = {},
): Promise<Buffer | null> {
  if (width !== undefined && !(MAP_WIDTHS as readonly number[]).includes(width))
    throw new Error(`map width must be one of ${MAP_WIDTHS.join(', ')}`)
  const d = await drawn(db, game, seq, viewer, opts)
  if (!d) return null
  const hit = d.png.get(width ?? 0)
  if (hit) return hit
  const png = mapModelToPng(d.model, width === undefined ? {} : { width })
  add(keyOf(game, seq, viewer, opts), d, (c) => ({ ...c, png: new Map([...c.png, [width ?? 0, png]]) }))
  return png
}

/**
 * The email's picture of the position as `viewer` sees it. `state`: the game's state at `seq`, when the
 * caller has folded it already (else it is loaded).
 */
export async function emailMap(
  db: Db,
  game: GameRow,
  seq: number,
  viewer: string | null,
  state?: unknown,
): Promise<EmailMap | null> {
  const d = await drawn(db, game, seq, viewer, {}, state)
  if (!d) return null
  if (d.email !== undefined) return d.email
  const email = emailPicture(d.model)
  add(keyOf(game, seq, viewer), d, (c) => ({ ...c, email }))
  return email
}

/** What part of the board the email's picture shows, in a sentence. */
export function emailMapNote(map: EmailMap, locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale, 'email')
  const parts = map.panels.length === 1 ? t('mapNote.onePart') : t('mapNote.parts', { count: map.panels.length })
  if (map.ownUnits === 0) return t('mapNote.noUnits', { parts })
  const shown =
    map.ownShown === map.ownUnits
      ? t('mapNote.all', { count: map.ownUnits })
      : t('mapNote.some', { shown: map.ownShown, count: map.ownUnits })
  return t('mapNote.around', { parts, shown })
}
