// A round's fixtures: the rows, and for each pairing with two entrants its game, created with both
// seats filled and started, and the `season-fixture` outbox row that tells both players
// (docs/leagues.md). All in the caller's transaction.
import { createDice } from '../engine/dice.js'
import { createSeatedGame, type SeatedGame, type Tx } from '../games/lifecycle.js'
import type { OutboxPayload } from '../store/outbox.js'

export interface FixtureEntrant {
  id: string
  userId: string
  name: string
}

export interface PlannedFixture {
  division: string
  /** The division's place in the season's list (the scenario dice's position uses it). */
  divisionIndex: number
  round: number
  board: number
  home: FixtureEntrant
  away: FixtureEntrant | null
}

export interface FixtureSeason {
  id: string
  clubId: string
  clubName: string
  name: string
  ruleset: string
  scenarios: string[]
  scenarioChoice: string
  seed: string
  phaseHours: number
  missedPolicy: string
  vacationDays: number
  createdById: string
}

/**
 * The position of a fixture's scenario roll in the season's dice: round × 1,000,000 + division index ×
 * 10,000 + board (boards and divisions stay far below those bounds), one roll at index 0. Anyone can
 * recompute every random choice once the season's seed is revealed at its end.
 */
export function scenarioDicePosition(round: number, divisionIndex: number, board: number): number {
  return round * 1_000_000 + divisionIndex * 10_000 + board
}

/** The scenario of a fixture: fixed, rotating by round, or drawn from the season's verifiable dice. */
export function scenarioFor(
  season: Pick<FixtureSeason, 'scenarios' | 'scenarioChoice' | 'seed'>,
  f: Pick<PlannedFixture, 'round' | 'divisionIndex' | 'board'>,
) {
  const list = season.scenarios
  if (season.scenarioChoice === 'rotating') return list[(f.round - 1) % list.length]!
  if (season.scenarioChoice === 'random' && list.length > 1) {
    const dice = createDice(season.seed, scenarioDicePosition(f.round, f.divisionIndex, f.board))
    return list[dice.roll(list.length, 'scenario', `round ${f.round} board ${f.board}`) - 1]!
  }
  return list[0]!
}

/** Writes the fixtures and their games; returns the started games for gameStarted() after the commit. */
export async function createFixtures(
  tx: Tx,
  season: FixtureSeason,
  planned: readonly PlannedFixture[],
): Promise<Array<SeatedGame['started']>> {
  const started: Array<SeatedGame['started']> = []
  for (const f of planned) {
    if (!f.away) {
      await tx.fixture.create({
        data: {
          seasonId: season.id,
          division: f.division,
          round: f.round,
          board: f.board,
          homeEntryId: f.home.id,
          awayEntryId: null,
        },
      })
      continue
    }
    const scenario = scenarioFor(season, f)
    const game = await createSeatedGame(tx, {
      ruleset: season.ruleset,
      scenario,
      title: `${season.name} · round ${f.round}: ${f.home.name} v ${f.away.name}`,
      homeUserId: f.home.userId,
      awayUserId: f.away.userId,
      createdById: season.createdById,
      phaseHours: season.phaseHours,
      missedPolicy: season.missedPolicy,
      clubId: season.clubId,
      seasonId: season.id,
      vacationDays: season.vacationDays,
    })
    await tx.fixture.create({
      data: {
        seasonId: season.id,
        division: f.division,
        round: f.round,
        board: f.board,
        homeEntryId: f.home.id,
        awayEntryId: f.away.id,
        scenarioId: scenario,
        gameId: game.gameId,
      },
    })
    const payload: OutboxPayload<'season-fixture'> = {
      to: [f.home.userId, f.away.userId],
      seasonId: season.id,
      seasonName: season.name,
      clubId: season.clubId,
      clubName: season.clubName,
      round: f.round,
      gameId: game.gameId,
      scenario,
      players: [
        { userId: f.home.userId, name: f.home.name, side: game.homeSide },
        { userId: f.away.userId, name: f.away.name, side: game.awaySide },
      ],
      deadline: game.deadlineAt?.toISOString() ?? null,
    }
    await tx.outbox.create({ data: { gameId: game.gameId, kind: 'season-fixture', payload } })
    started.push(game.started)
  }
  return started
}
