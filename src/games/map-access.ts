// Access to a map through a signed link (src/notify/map-link.ts): the key has been checked; the
// game, the position and the seat it names must still exist.
import { InvalidInput, NotFound } from './errors.js'
import type { Db } from '../store/db.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'

export async function linkedMapAccess(
  db: Db,
  gameId: string,
  at: number,
  seat: string,
): Promise<{ meta: GameMeta; seat: string; seq: number }> {
  const meta = await gameMetaRow(db, gameId)
  if (!meta) throw new NotFound(`no game ${gameId}`)
  if (!meta.seats.some((s) => s.seat === seat))
    throw new InvalidInput(`the game has no seat ${JSON.stringify(seat)}`, { field: 'seat' })
  if (at > meta.logSeq) throw new NotFound(`the log has entries 1 to ${meta.logSeq}`)
  return { meta, seat, seq: at }
}
