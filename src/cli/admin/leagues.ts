// The league commands of `npm run admin` (docs/leagues.md): create a club for its first owner, list
// the seasons of every club, and close a season. Each returns plain data (what --json prints) and has
// its terminal lines in commands.ts, as the other commands do. Refusals are the domain's errors
// (games/errors.ts), which runAdmin prints as the operator's to read.
import { normaliseEmail } from '../../auth/accounts.js'
import { closeSeason, type ClosedSeason } from '../../leagues/close.js'
import { seasonResults } from '../../leagues/results.js'
import type { Db } from '../../store/db.js'
import { InvalidInput } from '../../games/errors.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface CreatedClub {
  clubId: string
  name: string
  owner: { email: string; name: string }
}

/** A club with the account of this email as its owner (the first owner of a club made from the shell). */
export async function createClub(db: Db, rawName: string, rawEmail: string): Promise<CreatedClub> {
  const name = rawName.normalize('NFC').trim()
  if (name.length === 0 || name.length > 100)
    throw new InvalidInput('a club name is 1 to 100 characters', { field: 'name' })
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    throw new InvalidInput('a club name may not hold control characters', { field: 'name' })
  const email = normaliseEmail(rawEmail)
  const owner = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true } })
  if (!owner) throw new InvalidInput(`no account has the email ${email}: the owner registers first`, { field: 'email' })
  const club = await db.club.create({
    data: { name, createdById: owner.id, members: { create: { userId: owner.id, role: 'owner' } } },
  })
  return { clubId: club.id, name: club.name, owner: { email: owner.email, name: owner.name } }
}

export interface SeasonRow {
  seasonId: string
  club: string
  name: string
  ruleset: string
  format: string
  status: string
  entrants: number
  fixtures: number
  decided: number
  startAt: string | null
  finishedAt: string | null
}

/** Every season of every club, newest first, with how far its fixtures have got. */
export async function listSeasons(db: Db): Promise<SeasonRow[]> {
  const seasons = await db.season.findMany({
    include: { club: { select: { name: true } }, _count: { select: { entries: { where: { status: 'entered' } } } } },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
  })
  const rows: SeasonRow[] = []
  for (const s of seasons) {
    const results = s.status === 'open' ? [] : await seasonResults(db, s.id)
    rows.push({
      seasonId: s.id,
      club: s.club.name,
      name: s.name,
      ruleset: s.ruleset,
      format: s.format === 'swiss' ? `swiss ${s.swissRounds ?? '?'} rounds` : `${s.format} round robin`,
      status: s.status,
      entrants: s._count.entries,
      fixtures: results.filter((r) => r.result !== 'bye').length,
      decided: results.filter((r) => r.result !== null && r.result !== 'bye').length,
      startAt: (s.startedAt ?? s.startAt)?.toISOString() ?? null,
      finishedAt: s.finishedAt?.toISOString() ?? null,
    })
  }
  return rows
}

export async function closeSeasonCommand(db: Db, rawId: string | undefined, force: boolean): Promise<ClosedSeason> {
  const id = (rawId ?? '').trim()
  if (!UUID.test(id)) throw new InvalidInput(`"${rawId ?? ''}" is not a season id (a UUID)`, { field: 'id' })
  return closeSeason(db, id, { force })
}
