// A clock that runs one piece of work now and then every `intervalMs`, never two at once (a tick still
// running when the next falls due makes that one wait for the next interval). The deadline clock and the
// league clock are both one of these; stop() waits for a tick in flight.
import { stderrLog } from '../store/db.js'

export interface Ticker {
  stop(): Promise<void>
}

export function startTicker(
  name: string,
  work: () => Promise<unknown>,
  opts: { intervalMs: number; onError?: (e: Error) => void },
): Ticker {
  let running: Promise<unknown> | null = null
  const onError = opts.onError ?? ((e: Error) => stderrLog.warn(`${name}: ${e.message}`))
  const tick = () => {
    if (running) return
    running = work()
      .catch((e: Error) => onError(e))
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
