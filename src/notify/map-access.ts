// Whose map a request may see: a signed link from an email names its position and seat (its key is
// checked); otherwise the caller's own eyes, as for the view, and for a moderator of the game any seat's
// (`as`, the view's own access check).
import type { Caller } from '../games/access.js'
import { Forbidden, InvalidInput } from '../games/errors.js'
import { linkedMapAccess } from '../games/map-access.js'
import { viewAccess } from '../games/reads.js'
import type { Db } from '../store/db.js'
import type { GameMeta } from '../store/games.js'
import { isMapKey } from './map-link.js'

export interface MapRequest {
  at?: number
  seat?: string
  key?: string
  /** A moderator of the game: the seat whose eyes to see the map through (as GET /games/:id/view?as=). */
  as?: string
}

export async function mapAccess(
  db: Db,
  secret: string,
  gameId: string,
  caller: Caller,
  query: MapRequest,
): Promise<{ meta: GameMeta; seat: string | null; seq: number }> {
  const { at, seat, key, as } = query
  if (key === undefined && seat === undefined) return viewAccess(db, gameId, caller, at, as)
  if (as !== undefined)
    throw new InvalidInput('a map link shows the seat it names: send `as` without a key, or `seat` with one', {
      field: 'as',
    })
  if (key === undefined || seat === undefined || at === undefined)
    throw new InvalidInput('a map link names its position, seat and key together: at, seat and key', {
      field: key === undefined ? 'key' : seat === undefined ? 'seat' : 'at',
    })
  if (!isMapKey(secret, gameId, at, seat, key))
    throw new Forbidden('this map link is not valid: its key does not match the game, position and seat')
  return linkedMapAccess(db, gameId, at, seat)
}
