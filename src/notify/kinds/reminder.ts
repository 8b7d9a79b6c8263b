// A reminder: the step still to play, the hours left, and the address to reply to with orders.
import { composeEmail } from '../compose/index.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { deadlineIsoOf, deadlineOf, positionOf, replyAddressFor, seatOptions, stepRef } from './position.js'

/** Whole hours from `at` (when the reminder was queued; now when absent) to the deadline, never below 0. */
function hoursLeft(deadlineIso: string, at: unknown): number {
  const from = Date.parse(String(at ?? new Date().toISOString()))
  return Math.max(0, Math.round((new Date(deadlineIso).getTime() - from) / 3_600_000))
}

export const reminder: Composer = async (env, n) => {
  const pos = await positionOf(env.ctx, n)
  const { examples } = seatOptions(env, pos, readerLocale(env))
  const deadlineIso = deadlineIsoOf(pos, n, env.opts.late)
  const replyTo = replyAddressFor(env.ctx, pos, n, deadlineIso)
  const composed = composeEmail('reminder', {
    ...addressed(env, pos.g.ref),
    side: pos.sideName,
    seat: n.seat!,
    step: stepRef(pos, pos.mine, readerLocale(env)),
    deadline: deadlineOf(pos, deadlineIso, env.opts.late, env.recipient.locale ?? undefined),
    hoursLeft: hoursLeft(deadlineIso, n.payload.at),
    replyAddress: replyTo,
    orderExamples: examples,
  })
  return { composed, replyTo }
}
