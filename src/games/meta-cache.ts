// The game's row, kept briefly for reads: refreshed by this node's own writes at once (write.ts and
// lifecycle.ts forget it; an accepted order puts the row as written), by other nodes' within META_TTL_MS.
// A reader asking for a position newer than the kept row knows of reads the row again (freshMeta), so a
// link to a position another API process has just written never meets a 404 (docs/deployment.md). The
// order path may start from the kept row (orders.ts): the append checks the position, the rules version,
// that the game is active and unpaused, and the seat's holder, so a stale row can only cost a retry.
import { LRUCache } from 'lru-cache'
import type { Db } from '../store/db.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import { noSuchGame } from './access.js'

const META_TTL_MS = 1000
const metaCache = new LRUCache<string, GameMeta>({ max: 5000, ttl: META_TTL_MS })

export function forgetGameMeta(gameId: string): void {
  metaCache.delete(gameId)
}

/** The game's row as this process last saw it, if it saw it within META_TTL_MS; no round trip. */
export function peekGameMeta(gameId: string): GameMeta | undefined {
  return metaCache.get(gameId)
}

/** The game's row as this process has just written it (an order accepted): the next read need not ask. */
export function rememberGameMeta(meta: GameMeta): void {
  metaCache.set(meta.id, meta)
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
