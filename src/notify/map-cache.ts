// Map snapshots for emails and GET /games/:id/map.{svg,png}: drawn once per game position and viewer,
// then served from memory. The arrows and attack lines are those of the last step resolved at or
// before the position. A rule system without a map (no map hook) has none to draw: every function
// here answers null for its games.
import type { GameEvent } from '../engine/ruleset.js'
import { loadFolded, rulesetOf } from '../games/load.js'
import type { Db } from '../store/db.js'
import type { GameRow } from '../store/games.js'
import {
  buildMapModel,
  emailMapPng,
  hasMap,
  mapModelToPng,
  renderSvg,
  type EmailMap,
  type HexMapModel,
} from './map/index.js'

interface Drawn {
  model: HexMapModel
  /** Written when first asked for: emails only need the PNG. */
  svg?: string
  /** PNGs by width (0: the map's own size). */
  png: Map<number, Buffer>
  /** The picture emails carry: the parts of the board that matter to the viewer (map/email.ts). */
  email?: EmailMap
}

/** Memory the cache may hold: drawings are evicted oldest first beyond it. */
const BUDGET_BYTES = 64 * 1024 * 1024
const cache = new Map<string, Drawn>()
let held = 0

/** The model is counted at a rough 150 kB: a few hundred small objects (A-S4 measured 126 kB). */
const MODEL_BYTES = 150_000

function sizeOf(d: Drawn): number {
  let n = MODEL_BYTES + (d.svg?.length ?? 0)
  for (const png of d.png.values()) n += png.length
  return n + (d.email?.png.length ?? 0)
}

function keep(key: string, d: Drawn, before: number): void {
  held += sizeOf(d) - before
  while (held > BUDGET_BYTES && cache.size > 1) {
    const [oldest, drawn] = cache.entries().next().value!
    if (oldest === key) break
    cache.delete(oldest)
    held -= sizeOf(drawn)
  }
}

/** The PNG widths served: the map's own size and a few fixed ones (each is drawn and kept). */
export const MAP_WIDTHS = [600, 900, 1200, 1600] as const

async function lastEvents(db: Db, gameId: string, seq: number): Promise<GameEvent[]> {
  const row = await db.logEntry.findFirst({
    where: { gameId, seq: { lte: seq }, kind: 'RESOLUTION' },
    orderBy: { seq: 'desc' },
    select: { payload: true },
  })
  return (row?.payload as { events?: GameEvent[] } | undefined)?.events ?? []
}

async function drawn(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<Drawn | null> {
  if (!hasMap(game.ruleset)) return null
  const key = `${game.id}:${seq}:${viewer ?? ''}`
  const hit = cache.get(key)
  if (hit) return hit
  const folded = await loadFolded(db, game, seq)
  if (!folded) throw new Error(`game ${game.id} has no position ${seq}`)
  const view = rulesetOf(game).view(folded.state, viewer)
  const d: Drawn = { model: buildMapModel(game.ruleset, view, await lastEvents(db, game.id, seq)), png: new Map() }
  cache.set(key, d)
  keep(key, d, 0)
  return d
}

export async function mapSvg(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<string | null> {
  const d = await drawn(db, game, seq, viewer)
  if (!d) return null
  if (d.svg === undefined) {
    const before = sizeOf(d)
    d.svg = renderSvg(d.model)
    keep(`${game.id}:${seq}:${viewer ?? ''}`, d, before)
  }
  return d.svg
}

export async function mapPng(
  db: Db,
  game: GameRow,
  seq: number,
  viewer: string | null,
  width?: number,
): Promise<Buffer | null> {
  if (width !== undefined && !(MAP_WIDTHS as readonly number[]).includes(width))
    throw new Error(`map width must be one of ${MAP_WIDTHS.join(', ')}`)
  const d = await drawn(db, game, seq, viewer)
  if (!d) return null
  let png = d.png.get(width ?? 0)
  if (!png) {
    const before = sizeOf(d)
    png = mapModelToPng(d.model, width === undefined ? {} : { width })
    d.png.set(width ?? 0, png)
    keep(`${game.id}:${seq}:${viewer ?? ''}`, d, before)
  }
  return png
}

/** The email's picture of the position as `viewer` sees it. */
export async function emailMap(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<EmailMap | null> {
  const d = await drawn(db, game, seq, viewer)
  if (!d) return null
  if (d.email === undefined) {
    const before = sizeOf(d)
    d.email = emailMapPng(d.model)
    keep(`${game.id}:${seq}:${viewer ?? ''}`, d, before)
  }
  return d.email
}

/** What part of the board the email's picture shows, in a sentence. */
export function emailMapNote(map: EmailMap): string {
  const parts = map.panels.length === 1 ? 'the part' : `${map.panels.length} parts`
  if (map.ownUnits === 0) return `The picture shows ${parts} of the board where the units are.`
  const all = map.ownShown === map.ownUnits
  return `The picture shows ${parts} of the board around your units (${all ? `all ${map.ownUnits}` : `${map.ownShown} of your ${map.ownUnits}`}), the enemies near them and the last phase's moves and fire.`
}
