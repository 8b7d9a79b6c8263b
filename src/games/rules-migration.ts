// Moving a running game to other rules, explicitly (docs/engine-versions.md): a MODERATION entry in
// its log says from which version to which and why, so the log replays the old rules before it and
// the new ones after. The game's row keeps the version it started with.
import { RulesVersionError, rulesVersionProblem } from '../engine/ruleset.js'
import type { Db } from '../store/db.js'
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
    // Orders already in were checked under the old rules: the step finishes under them first.
    const waiting = Object.keys(folded.submitted)
    if (waiting.length)
      throw new RulesVersionError(
        `${waiting.join(', ')} already submitted for this step: migrate once the step has resolved`,
      )
    const payload: RulesMigrationPayload = { action: 'rules-version', from, to: input.to, reason: input.reason.trim() }
    const entry: NewEntry = { kind: 'MODERATION', seat: null, userId: input.userId, payload }
    // No snapshot here: the next append that crosses a snapshot position writes one.
    const plan = planAppend(game, folded, [entry], { snapshotEvery: Number.MAX_SAFE_INTEGER })
    if (!(await commitPlan(tx, plan, true))) throw new RulesVersionError('the game moved meanwhile: try again')
    const written = plan.written[0]!
    return { plan, from, seq: written.seq, receipt: receiptOf(written.seq, written.hash) }
  }, TX_OPTIONS)
  afterCommit({ id: gameId, rulesVersion: result.plan.rulesVersion }, result.plan.after)
  return { from: result.from, to: input.to, seq: result.seq, receipt: result.receipt }
}
