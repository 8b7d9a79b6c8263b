// The league clock (docs/leagues.md): starts open seasons at their start time, pairs the next Swiss
// round when the last one is decided, finishes seasons whose fixtures all have results (and queues
// their closing email), queues the weekly standings and recomputes ratings whose games changed. Every step
// locks its season's row, so several processes may tick at once and each change happens once.
import { Conflict } from '../games/errors.js'
import { startTicker } from '../games/ticker.js'
import { stderrLog, type Db } from '../store/db.js'
import { refreshRatings } from './ratings.js'
import { advanceSeason, startSeason } from './rounds.js'
import { queueWeeklyStandings } from './standings-mail.js'

export interface LeagueTick {
  started: string[]
  paired: string[]
  finished: string[]
  /** Weekly standings emails queued. */
  weekly: number
  /** Rule systems whose ratings were recomputed (their rated games changed). */
  rated: string[]
}

/** Seasons the clock could not start, noted once per process (they stay open for the owners to fix). */
const noted = new Set<string>()

export async function leagueTick(db: Db, now: Date): Promise<LeagueTick> {
  const out: LeagueTick = { started: [], paired: [], finished: [], weekly: 0, rated: [] }
  const due = await db.season.findMany({
    where: { status: 'open', startAt: { lte: now } },
    select: { id: true },
    orderBy: { startAt: 'asc' },
  })
  for (const { id } of due) {
    try {
      await startSeason(db, null, id, now)
      out.started.push(id)
    } catch (e) {
      // Too few entrants, too many Swiss rounds, or started by someone else meanwhile: left as it is.
      if (!(e instanceof Conflict)) throw e
      // Another process started it between the read and the lock: nothing to say.
      const current = await db.season.findUnique({ where: { id }, select: { status: true } })
      if (current?.status !== 'open') continue
      if (!noted.has(`${id}:${e.message}`)) {
        noted.add(`${id}:${e.message}`)
        stderrLog.warn(`league clock: season ${id} was not started: ${e.message}`)
      }
    }
  }
  const running = await db.season.findMany({ where: { status: 'running' }, select: { id: true } })
  for (const { id } of running) {
    try {
      const outcome = await advanceSeason(db, id, now)
      if (outcome === 'paired') out.paired.push(id)
      else if (outcome === 'finished') out.finished.push(id)
    } catch (e) {
      // One season that cannot move on (no Swiss pairing left) must not hold up the others.
      stderrLog.warn(`league clock: season ${id}: ${(e as Error).message}`)
    }
  }
  out.weekly = await queueWeeklyStandings(db, now)
  // Ratings follow the games (a result, an adjudication, a rollback): recomputed when they changed.
  out.rated = (await refreshRatings(db)).map((r) => r.ruleset)
  return out
}

export interface LeagueClock {
  stop(): Promise<void>
}

/** Ticks every `intervalMs`, one tick at a time (games/ticker.ts, as the deadline clock does). */
export function startLeagueClock(
  db: Db,
  opts: { intervalMs: number; now?: () => Date; onError?: (e: Error) => void },
): LeagueClock {
  return startTicker('league clock', () => leagueTick(db, opts.now?.() ?? new Date()), opts)
}
