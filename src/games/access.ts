// Who may know a game exists. A private game is shown to its players, its creator, staff and the
// holder of its invite code, its game master; to anyone else every route answers as for a game that does not exist
// (the same 404 and message), so probing ids tells an outsider nothing.
import { NotFound } from './errors.js'

export interface Caller {
  userId: string | null
  role: string | null
}

export interface GameAccess {
  private: boolean
  createdById: string
  /** The game's game master, who may know it as its moderator (absent: none named, or not read). */
  gameMasterId?: string | null
  inviteCode?: string
  seats: Array<{ userId: string | null }>
}

export const isStaff = (caller: Caller): boolean => caller.role === 'ADMIN' || caller.role === 'MODERATOR'

/** The answer for a game that does not exist, and for a private one the caller may not see. */
export const noSuchGame = (gameId: string): NotFound => new NotFound(`no game ${gameId}`)

/** True when the caller may not learn that this game exists. */
export function hiddenFrom(game: GameAccess, caller: Caller, invite?: string): boolean {
  if (!game.private || isStaff(caller)) return false
  if (
    caller.userId !== null &&
    (game.createdById === caller.userId ||
      game.gameMasterId === caller.userId ||
      game.seats.some((s) => s.userId === caller.userId))
  )
    return false
  return !(invite !== undefined && game.inviteCode !== undefined && invite === game.inviteCode)
}
