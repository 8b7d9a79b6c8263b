// The audit of a game's moderation (docs/moderation.md): every correction, every move to other rules
// and every ruling that changed nothing, read from the log itself (never from the disputes' rows,
// which are outside the hash chain), with who made it, why, and the dispute it settles. Anyone who may
// see the game may read it: players see what was done to their game and why.
import type { Db } from '../store/db.js'
import { noSuchGame, type Caller } from './access.js'
import { hiddenFromCaller } from './moderation-access.js'
import { correctionAction } from './corrections.js'
import type { RulingPayload } from './disputes.js'
import type { CorrectionPayload, RulesMigrationPayload } from './fold.js'

export interface AuditAction {
  seq: number | null
  at: string
  kind: string
  moderator: { id: string; name: string } | null
  reason: string
  summary: string
  dispute: string | null
  proposal: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function moderationAudit(db: Db, gameId: string, caller: Caller): Promise<{ actions: AuditAction[] }> {
  const game = await db.game.findUnique({ where: { id: gameId }, include: { seats: true } })
  if (!game || (await hiddenFromCaller(db, game, caller))) throw noSuchGame(gameId)
  const rows = await db.logEntry.findMany({
    where: { gameId, kind: { in: ['CORRECTION', 'MODERATION'] } },
    orderBy: { seq: 'asc' },
    select: { seq: true, kind: true, userId: true, payload: true, createdAt: true },
  })
  const ids = [
    ...new Set(
      rows
        .flatMap((r) => [r.userId, (r.payload as { moderator?: unknown } | null)?.moderator])
        .filter((id): id is string => typeof id === 'string' && UUID.test(id)),
    ),
  ]
  const names = new Map(
    (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((u) => [u.id, u]),
  )
  const actions: AuditAction[] = rows.map((r) => {
    const moderator = r.userId ? (names.get(r.userId) ?? null) : null
    if (r.kind === 'MODERATION') {
      const p = r.payload as unknown as RulesMigrationPayload | RulingPayload
      if (p.action === 'ruling')
        return {
          seq: r.seq,
          at: r.createdAt.toISOString(),
          kind: 'no-change',
          moderator,
          reason: p.reason ?? '',
          summary: `ruled on the dispute of log entry ${p.seq}: no change`,
          dispute: p.dispute ?? null,
          proposal: null,
        }
      return {
        seq: r.seq,
        at: r.createdAt.toISOString(),
        kind: p.action ?? 'moderation',
        moderator,
        reason: p.reason ?? '',
        summary: p.action === 'rules-version' ? `moved the game from rules ${p.from} to ${p.to}` : 'moderation',
        dispute: null,
        proposal: null,
      }
    }
    const p = r.payload as unknown as CorrectionPayload
    // An agreed rollback has no moderator: its entry's author is the player who proposed it.
    const byModerator = p.moderator ? (names.get(p.moderator) ?? null) : null
    return {
      seq: r.seq,
      at: r.createdAt.toISOString(),
      kind: p.kind,
      moderator: byModerator,
      reason: p.reason,
      summary: correctionAction(p),
      dispute: p.dispute ?? null,
      proposal: p.proposal ?? null,
    }
  })
  return { actions }
}
