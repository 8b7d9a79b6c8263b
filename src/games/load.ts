// Loading a game's state: an in-process cache of the latest fold (valid while the log has not
// moved), else the nearest snapshot and the entries after it. Nothing lives only in memory.
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import type { GameRow } from '../store/games.js'
import { entriesBetween, latestSnapshot } from '../store/log.js'
import { ruleSystem, type AnyRuleset } from './catalog.js'
import { fold, type Folded } from './fold.js'

type Tx = Prisma.TransactionClient | Db

export type { GameRow }

const CACHE_LIMIT = 1000
const cache = new Map<string, Folded>()

function remember(gameId: string, f: Folded): void {
  cache.delete(gameId)
  cache.set(gameId, f)
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!)
}

export function forgetCachedGames(): void {
  cache.clear()
}

export function rulesetOf(game: { ruleset: string }): AnyRuleset {
  const system = ruleSystem(game.ruleset)
  if (!system) throw new Error(`game uses unknown rule system ${game.ruleset}`)
  return system.ruleset
}

/** The fold at `uptoSeq` (default: the end of the log). Null before the game has started. */
export async function loadFolded(tx: Tx, game: GameRow, uptoSeq?: number): Promise<Folded | null> {
  const target = uptoSeq ?? game.logSeq
  if (target === 0) return null
  const hit = cache.get(game.id)
  if (hit && hit.seq === target) return hit
  const snapshot = await latestSnapshot(tx, game.id, target)
  const start = snapshot ? (snapshot.state as Folded) : null
  const entries = await entriesBetween(tx, game.id, snapshot?.seq ?? 0, target)
  const folded = fold(rulesetOf(game), game.seed, start, entries)
  if (folded && target === game.logSeq) remember(game.id, folded)
  return folded
}

export function cacheFolded(gameId: string, f: Folded): void {
  remember(gameId, f)
}
