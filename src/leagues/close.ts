// Closing a season (docs/leagues.md): when every fixture has a result the league clock closes it; an
// operator may close one earlier (`npm run admin -- close-season ID --force`), and then each fixture
// without a result is lost by both its players (a double forfeit, the usual league rule for a game not
// finished in time), recorded on the fixture so a game that ends later changes nothing. Closing reveals
// the season's dice seed (random scenario choices can then be checked) and queues the closing email once.
import type { Db } from '../store/db.js'
import { Conflict, NotFound } from '../games/errors.js'
import { seasonResults } from './results.js'
import { queueClosingMail } from './standings-mail.js'

export interface ClosedSeason {
  seasonId: string
  name: string
  /** Fixtures that had no result when it was closed (only with force): each lost by both players. */
  undecided: number
  finishedAt: Date
}

/**
 * Closes a running season in one transaction, its row locked so the clock and an operator cannot close
 * it twice. Without `force` a season with fixtures still undecided is refused with their count; a
 * Swiss season with rounds still to pair is refused too.
 */
export async function closeSeason(
  db: Db,
  seasonId: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<ClosedSeason> {
  const now = opts.now ?? new Date()
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id::text FROM "Season" WHERE id = ${seasonId}::uuid FOR UPDATE`
    if (locked.length === 0) throw new NotFound(`no season ${seasonId}`)
    const season = await tx.season.findUniqueOrThrow({ where: { id: seasonId } })
    if (season.status === 'open') throw new Conflict('the season has not started: there is nothing to close')
    if (season.status === 'finished') throw new Conflict(`the season closed on ${season.finishedAt?.toISOString()}`)
    const results = await seasonResults(tx, seasonId)
    const undecided = results.filter((r) => r.result === null).length
    const roundsLeft = season.format === 'swiss' ? Math.max(0, (season.swissRounds ?? 0) - season.round) : 0
    if (!opts.force && undecided > 0)
      throw new Conflict(
        `${undecided} fixture${undecided === 1 ? ' has' : 's have'} no result yet: close it with --force to ` +
          `count ${undecided === 1 ? 'it' : 'them'} as lost by both players`,
        { undecided },
      )
    if (!opts.force && roundsLeft > 0)
      throw new Conflict(`${roundsLeft} Swiss round${roundsLeft === 1 ? ' is' : 's are'} still to be paired`, {
        roundsLeft,
      })
    const open = results.filter((r) => r.result === null).map((r) => r.fixtureId)
    if (open.length)
      await tx.fixture.updateMany({
        where: { id: { in: open } },
        data: { forfeitBy: 'both', forfeitWhy: 'not finished when the season was closed' },
      })
    await tx.season.update({ where: { id: seasonId }, data: { status: 'finished', finishedAt: now } })
    await queueClosingMail(tx, seasonId)
    return { seasonId, name: season.name, undecided, finishedAt: now }
  })
}
