// Map snapshots for emails and GET /games/:id/map.{svg,png}: drawn once per game position and viewer,
// then served from memory. The arrows and attack lines are those of the last step resolved at or
// before the position.
import type { GameEvent } from '../engine/ruleset.js'
import { loadFolded, rulesetOf } from '../games/load.js'
import type { Db } from '../store/db.js'
import type { GameRow } from '../store/games.js'
import { renderMap, svgToPng } from './map/index.js'

interface Drawn {
  svg: string
  /** PNGs by width (0: the SVG's own size). */
  png: Map<number, Buffer>
}

/** Width of the map in emails: shown about 560 px wide, so this is sharp on high-density screens too. */
export const EMAIL_MAP_WIDTH = 900

const LIMIT = 300
const cache = new Map<string, Drawn>()

async function lastEvents(db: Db, gameId: string, seq: number): Promise<GameEvent[]> {
  const row = await db.logEntry.findFirst({ where: { gameId, seq: { lte: seq }, kind: 'RESOLUTION' }, orderBy: { seq: 'desc' }, select: { payload: true } })
  return ((row?.payload as { events?: GameEvent[] } | undefined)?.events) ?? []
}

async function drawn(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<Drawn> {
  const key = `${game.id}:${seq}:${viewer ?? ''}`
  const hit = cache.get(key)
  if (hit) return hit
  const folded = await loadFolded(db, game, seq)
  if (!folded) throw new Error(`game ${game.id} has no position ${seq}`)
  const view = rulesetOf(game).view(folded.state, viewer)
  const d: Drawn = { svg: renderMap(game.ruleset, view, await lastEvents(db, game.id, seq)).svg, png: new Map() }
  cache.set(key, d)
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!)
  return d
}

export async function mapSvg(db: Db, game: GameRow, seq: number, viewer: string | null): Promise<string> {
  return (await drawn(db, game, seq, viewer)).svg
}

export async function mapPng(db: Db, game: GameRow, seq: number, viewer: string | null, width?: number): Promise<Buffer> {
  const d = await drawn(db, game, seq, viewer)
  let png = d.png.get(width ?? 0)
  if (!png) {
    png = svgToPng(d.svg, width === undefined ? {} : { width })
    d.png.set(width ?? 0, png)
  }
  return png
}
