// The league clock (docs/leagues.md): starts open seasons at their start time, pairs the next Swiss
// round when the last one is decided, and finishes seasons whose fixtures all have results. Every step
// locks its season's row, so several processes may tick at once and each change happens once.
import { Conflict } from '../games/errors.js'
import { stderrLog, type Db } from '../store/db.js'
import { advanceSeason, startSeason } from './rounds.js'

export interface LeagueTick {
  started: string[]
  paired: string[]
  finished: string[]
}

/** Seasons the clock could not start, noted once per process (they stay open for the owners to fix). */
const noted = new Set<string>()

export async function leagueTick(db: Db, now: Date): Promise<LeagueTick> {
  const out: LeagueTick = { started: [], paired: [], finished: [] }
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
  return out
}

export interface LeagueClock {
  stop(): Promise<void>
}

/** Ticks every `intervalMs` (one tick at a time), like the deadline clock. */
export function startLeagueClock(
  db: Db,
  opts: { intervalMs: number; now?: () => Date; onError?: (e: Error) => void },
): LeagueClock {
  let running: Promise<unknown> | null = null
  const tick = () => {
    if (running) return
    running = leagueTick(db, opts.now?.() ?? new Date())
      .catch((e: Error) => (opts.onError ?? ((err: Error) => stderrLog.warn(`league clock: ${err.message}`)))(e))
      .finally(() => {
        running = null
      })
  }
  const timer = setInterval(tick, opts.intervalMs)
  timer.unref()
  setTimeout(tick, 0).unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
