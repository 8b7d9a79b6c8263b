// The game's row, kept briefly for reads: refreshed by this node's own writes at once (write.ts and
// lifecycle.ts forget it), by other nodes' within META_TTL_MS.
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
