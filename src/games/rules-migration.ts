// Moving a running game to other rules, explicitly (docs/engine-versions.md): a MODERATION entry in
// its log says from which version to which and why, so the log replays the old rules before it and
// the new ones after. The game's row keeps the version it started with. Every player is told by
// email (a 'moderation' notice). Moving to an older version is refused unless asked for in so many words.
import { RulesVersionError, rulesVersionProblem } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
import type { OutboxRow } from '../store/games.js'
import { receiptOf, type NewEntry } from '../store/log.js'
import type { RulesMigrationPayload } from './fold.js'
import { lockGame, TX_OPTIONS } from './lifecycle.js'
import { loadFolded, rulesetOf } from './load.js'
import { afterCommit, commitPlan, planAppend } from './write.js'

export interface RulesMigration {
  to: string
  reason: string
  /** Who decided it (a moderator's account), or null for an operator's command. */
  userId: string | null
  /** Allow a move to an older version than the one the game plays (refused otherwise). */
  allowDowngrade?: boolean
}

/** Appends the migration entry between two steps; refuses what the rules system cannot do. */
export async function migrateRules(db: Db, gameId: string, input: RulesMigration) {
  const result = await db.$transaction(async (tx) => {
    const game = await lockGame(tx, gameId)
    if (game.status !== 'ACTIVE')
      throw new RulesVersionError(`game ${gameId} is ${game.status}: only a running game is migrated`)
    if (!input.reason.trim()) throw new RulesVersionError('say why the game moves to other rules: the log keeps it')
    const ruleset = rulesetOf(game)
    const folded = (await loadFolded(tx, game))!
    const from = ruleset.versionOf(folded.state)
    if (from === input.to) throw new RulesVersionError(`game ${gameId} already plays rules version "${from}"`)
    const problem = rulesVersionProblem(ruleset, input.to)
    if (problem) throw new RulesVersionError(problem)
    if (!ruleset.migrate) throw new RulesVersionError(`${ruleset.id} does not migrate running games to other rules`)
    if (ruleset.versions.indexOf(input.to) < ruleset.versions.indexOf(from) && !input.allowDowngrade)
      throw new RulesVersionError(
        `"${input.to}" is older than "${from}", the version game ${gameId} plays: ` +
          'a downgrade is refused unless asked for explicitly (--allow-downgrade)',
      )
    // Orders already in were checked under the old rules: the step finishes under them first.
    const waiting = Object.keys(folded.submitted)
    if (waiting.length)
      throw new RulesVersionError(
        `${waiting.join(', ')} already submitted for this step: migrate once the step has resolved`,
      )
    const payload: RulesMigrationPayload = { action: 'rules-version', from, to: input.to, reason: input.reason.trim() }
    const entry: NewEntry = { kind: 'MODERATION', seat: null, userId: input.userId, payload }
    const moderator = input.userId
      ? ((await tx.user.findUnique({ where: { id: input.userId }, select: { name: true } }))?.name ?? 'a moderator')
      : "the server's operator"
    const now = new Date()
    const seq = game.logSeq + 1
    const notice: OutboxRow = {
      kind: 'moderation',
      payload: {
        seq,
        moderator,
        action: `moved the game to rules version ${input.to}`,
        reason: payload.reason,
        changes: [
          `The game played rules version ${from}; from log entry ${seq} on, it plays ${input.to}.`,
          'Every step resolved before stays as it was; the next ones follow the new rules.',
        ],
        at: now.toISOString(),
      },
    }
    // No snapshot here: the next append that crosses a snapshot position writes one.
    const plan = planAppend(game, folded, [entry], {
      now,
      snapshotEvery: Number.MAX_SAFE_INTEGER,
      extraOutbox: [notice],
    })
    if (!(await commitPlan(tx, plan, true))) throw new RulesVersionError('the game moved meanwhile: try again')
    const written = plan.written[0]!
    return { plan, from, seq: written.seq, receipt: receiptOf(written.seq, written.hash) }
  }, TX_OPTIONS)
  afterCommit({ id: gameId, rulesVersion: result.plan.rulesVersion }, result.plan.after)
  return { from: result.from, to: input.to, seq: result.seq, receipt: result.receipt }
}
