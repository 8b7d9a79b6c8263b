// The game's row, kept briefly for reads: refreshed by this node's own writes at once (write.ts and
// lifecycle.ts forget it), by other nodes' within META_TTL_MS. A reader asking for a position newer
// than the kept row knows of reads the row again (freshMeta), so a link to a position another API
// process has just written never meets a 404 (docs/deployment.md).
import { LRUCache } from 'lru-cache'
import type { Db } from '../store/db.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import { noSuchGame } from './access.js'

const META_TTL_MS = 1000
const metaCache = new LRUCache<string, GameMeta>({ max: 5000, ttl: META_TTL_MS })

export function forgetGameMeta(gameId: string): void {
  metaCache.delete(gameId)
}

export async function cachedMeta(db: Db, gameId: string): Promise<GameMeta> {
  const hit = metaCache.get(gameId)
  if (hit) return hit
  const meta = await gameMetaRow(db, gameId)
  if (!meta) throw noSuchGame(gameId)
  metaCache.set(gameId, meta)
  return meta
}

/** The row read again (and kept): for a reader who knows of a position the kept row does not. */
export async function freshMeta(db: Db, gameId: string): Promise<GameMeta> {
  metaCache.delete(gameId)
  return cachedMeta(db, gameId)
}
