// "Phase resolved", for those who follow every phase: what the step did, and who plays next.
import { composeEmail, narrate } from '../compose/index.js'
import { addressed, type Composer } from './core.js'
import { eventsBetween } from './game.js'
import { deadlineIsoOf, mapOf, positionOf, stepRef, viewOf } from './position.js'

export const phaseResolved: Composer = async (env, n) => {
  const pos = await positionOf(env.ctx, n)
  const { g, mine } = pos
  const events = await eventsBetween(env.ctx.db, g.game.id, pos.seq - 1, pos.seq)
  const deadline = deadlineIsoOf(pos, n, env.opts.late)
  const map = await mapOf(env, pos)
  const composed = composeEmail('phase-resolved', {
    ...addressed(env, g.ref),
    step: stepRef(pos, mine),
    side: pos.sideName,
    happened: narrate(g.game.ruleset, events, viewOf(pos)),
    next: mine ? { side: g.sideNames.get(mine.side) ?? mine.side, step: stepRef(pos, mine), deadline } : null,
    ...map.fields,
  })
  return { composed, attachments: map.attachments }
}
