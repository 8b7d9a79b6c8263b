// "Phase resolved", for those who follow every phase: who played which step, what it did, and who plays
// next. The step played is read from the log, not from the position after it: that names the next step.
import { loadFolded } from '../../games/load.js'
import { composeEmail, narrate, statusPanel, type PhaseResolvedData } from '../compose/index.js'
import type { Locale } from '../../i18n/index.js'
import { addressed, readerLocale, type Composer, type MessageContext } from './core.js'
import { eventsBetween } from './game.js'
import { deadlineIsoOf, mapOf, positionOf, stepRef, viewOf, type Position } from './position.js'

/** "Zeon", "Zeon and Federation", "A, B and C"; in Japanese "A、B、C". */
function andList(names: string[], locale: Locale): string {
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names)
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/**
 * The step the notification's position resolved, as it stood when its orders were given: the last
 * RESOLUTION at or before the position, read against the game folded just before it. Null when the
 * position only set the game up (a SETUP, e.g. with units deployed automatically): nobody played.
 */
async function playedAt(ctx: MessageContext, pos: Position, locale: Locale): Promise<PhaseResolvedData['played']> {
  const last = await ctx.db.logEntry.findFirst({
    where: { gameId: pos.g.game.id, seq: { lte: pos.seq }, kind: { in: ['SETUP', 'RESOLUTION'] } },
    orderBy: { seq: 'desc' },
    select: { seq: true, kind: true },
  })
  if (last?.kind !== 'RESOLUTION') return null
  const before = (await loadFolded(ctx.db, pos.row, last.seq - 1))!.state
  const pending = pos.ruleset.pending(before)
  if (pending.length === 0) return null
  const sides = [...new Set(pending.map((p) => p.side))].map((s) => pos.g.sideNames.get(s) ?? s)
  return { side: andList(sides, locale), step: stepRef({ ...pos, state: before }, pending[0], locale) }
}

export const phaseResolved: Composer = async (env, n) => {
  const pos = await positionOf(env.ctx, n)
  const { g, mine } = pos
  const events = await eventsBetween(env.ctx.db, g.game.id, pos.seq - 1, pos.seq)
  const deadline = deadlineIsoOf(pos, n, env.opts.late)
  const map = await mapOf(env, pos)
  const composed = composeEmail('phase-resolved', {
    ...addressed(env, g.ref),
    played: await playedAt(env.ctx, pos, readerLocale(env)),
    happened: narrate(g.game.ruleset, events, viewOf(pos), readerLocale(env)),
    panel: statusPanel(g.game.ruleset, viewOf(pos), readerLocale(env)),
    next: mine
      ? { side: g.sideNames.get(mine.side) ?? mine.side, step: stepRef(pos, mine, readerLocale(env)), deadline }
      : null,
    ...map.fields,
  })
  return { composed, attachments: map.attachments }
}
