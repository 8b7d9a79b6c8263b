// "Your phase": what happened since the reader's last orders, the step to play, its deadline, the
// options, the enemies near, the map, and the address to reply to with orders.
import { composeEmail, enemiesNear, narrate, statusPanel } from '../compose/index.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { sinceLastPhase } from './game.js'
import {
  deadlineIsoOf,
  deadlineOf,
  mapOf,
  positionOf,
  replyAddressFor,
  seatOptions,
  stepRef,
  viewOf,
} from './position.js'

export const yourPhase: Composer = async (env, n) => {
  const pos = await positionOf(env.ctx, n)
  const system = pos.g.game.ruleset
  const view = viewOf(pos)
  const locale = readerLocale(env)
  const happened = narrate(system, await sinceLastPhase(env.ctx.db, pos.g.game.id, n.seat!, pos.seq), view, locale)
  const { options, examples } = seatOptions(env, pos, locale)
  const deadlineIso = deadlineIsoOf(pos, n, env.opts.late)
  const replyTo = replyAddressFor(env.ctx, pos, n, deadlineIso)
  const map = await mapOf(env, pos)
  const composed = composeEmail('your-phase', {
    ...addressed(env, pos.g.ref),
    side: pos.sideName,
    seat: n.seat!,
    step: stepRef(pos, pos.mine, locale),
    deadline: deadlineOf(pos, deadlineIso, env.opts.late, env.recipient.locale ?? undefined),
    happened,
    options,
    replyAddress: replyTo,
    orderExamples: examples,
    enemiesNear: enemiesNear(system, view, locale),
    panel: statusPanel(system, view, locale),
    ...map.fields,
  })
  return { composed, replyTo, attachments: map.attachments }
}
