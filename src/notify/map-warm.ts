// Warming the map renderer up at worker start, so the first email's picture does not pay for what
// every picture shares: the fonts read and their glyphs outlined, each scenario's board rasterised
// (whole, and in the tiles the emails' crops copy), and the counters of its units. It draws the
// opening position of every scenario of every rule system with a map: each seat's email picture, then
// the whole map as an observer sees it, and keeps nothing but what the renderer's own caches keep: a picture
// drawn later is the same whether or not the warm-up ran, only sooner.
import { performance } from 'node:perf_hooks'
import { createDice } from '../engine/dice.js'
import { ruleSystems } from '../rulesets/index.js'
import { emailMapPng, mapModelToPng } from './map/index.js'

export interface WarmUp {
  /** Pictures drawn, and scenarios whose opening could not be drawn (each with why). */
  pictures: number
  skipped: Array<{ scenario: string; reason: string }>
  /** Wall time from the start to the last picture, idle turns included. */
  ms: number
}

// A fixed seed: the warm-up needs an opening position, not a fair one.
const SEED = '5a'.repeat(32)

/** Lets the event loop run between two pictures, so a worker warming up still answers its jobs. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The jobs of the warm-up, one picture each, in the order they are drawn (the emails' pictures first). */
function* pictures(skipped: WarmUp['skipped']): Generator<() => void> {
  const whole: Array<() => void> = []
  for (const system of ruleSystems()) {
    const draw = system.map
    if (!draw) continue
    for (const { summary, data } of system.scenarios()) {
      let views: unknown[]
      try {
        const layout = summary.seatLayouts[0]
        const players = layout?.players ?? summary.players.min
        const { state } = system.ruleset.setup(data, { players }, createDice(SEED, 0))
        const seats = layout?.seats.map((s) => s.id) ?? []
        views = seats.map((seat) => system.ruleset.view(state, seat))
        // The whole map as an observer sees it: the board at its own size, as GET /games/:id/map.png draws it.
        const observer = system.ruleset.view(state, null)
        whole.push(() => mapModelToPng(draw(observer, [])))
      } catch (e) {
        skipped.push({ scenario: `${system.id} ${summary.id}`, reason: (e as Error).message })
        continue
      }
      // Each seat's email: the crops around its units, and the board's tiles they are copied from.
      for (const view of views) yield () => emailMapPng(draw(view, []))
    }
  }
  yield* whole
}

export interface WarmOptions {
  /** Stops the warm-up between two pictures (a worker closing). */
  signal?: AbortSignal
  /** Told after each picture, with how many are drawn so far. */
  onPicture?: (drawn: number) => void
}

/** Draws the opening of every scenario as each seat and an observer see it, one picture per turn of the event loop. */
export async function warmMaps(opts: WarmOptions = {}): Promise<WarmUp> {
  const t0 = performance.now()
  const skipped: WarmUp['skipped'] = []
  let n = 0
  // A turn before anything, and one before each picture: the caller (a worker starting) goes on first.
  await turn()
  for (const job of pictures(skipped)) {
    await turn()
    if (opts.signal?.aborted) break
    try {
      job()
      n++
      opts.onPicture?.(n)
    } catch (e) {
      skipped.push({ scenario: 'a picture', reason: (e as Error).message })
    }
  }
  return { pictures: n, skipped, ms: performance.now() - t0 }
}
