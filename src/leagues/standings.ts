// A season's table, computed from its fixtures' results (docs/leagues.md, "Standings"). Pure: the same
// results always give the same table, so the page, the CSV and the emails agree, and a changed game
// outcome (an adjudication, a rollback) moves the table with nothing stored to update.
import type { FixtureResult } from './results.js'

export const TIE_BREAKS = ['head-to-head', 'wins', 'sonneborn-berger', 'buchholz'] as const
export type TieBreak = (typeof TIE_BREAKS)[number]
export type SeasonFormat = 'single' | 'double' | 'swiss' | 'campaign'

export interface Entrant {
  entryId: string
  userId: string
  name: string
  division: string
  status: 'entered' | 'withdrawn'
}

export interface Points {
  win: number
  draw: number
  loss: number
}

export interface Division {
  name: string
  promote: number
  relegate: number
}

export interface StandingsInput {
  entrants: Entrant[]
  results: Pick<FixtureResult, 'division' | 'home' | 'away' | 'result' | 'forfeit'>[]
  points: Points
  tieBreaks: TieBreak[]
  format: SeasonFormat
  divisions: Division[]
}

export type Zone = 'promote' | 'relegate' | null

export interface StandingRow {
  entryId: string
  userId: string
  name: string
  position: number
  played: number
  won: number
  drawn: number
  lost: number
  /** Losses by forfeit (timeout, withdrawal, both forfeited): counted in `lost` too. */
  forfeitsLost: number
  byes: number
  points: number
  /** Each of the season's tie-breaks, by name. */
  tieBreaks: Record<string, number>
  withdrawn: boolean
  zone: Zone
  /** A campaign's score (its points): the team's net worth. */
  netWorth?: number
}

export interface DivisionStandings {
  division: string
  promote: number
  relegate: number
  rows: StandingRow[]
}

/** One decided game of a player: the opponent (index in the division) and the score (1, ½, 0). */
interface Game {
  opponent: number
  score: number
  /** The season points this game gave the player (for head-to-head). */
  points: number
}

/** A player's running totals while the table is built. */
interface Tally {
  entrant: Entrant
  played: number
  won: number
  drawn: number
  lost: number
  forfeitsLost: number
  byes: number
  points: number
  games: Game[]
  tieBreaks: Record<string, number>
}

// Points and tie-breaks are sums of the season's point values and halves of them: rounding each sum
// to a millionth keeps values such as 0.1 + 0.2 equal to 0.3 when two players are compared.
const round = (x: number): number => Math.round(x * 1e6) / 1e6

/** The standings of every division: the season's divisions in their order, then any other named by an entrant. */
export function computeStandings(input: StandingsInput): DivisionStandings[] {
  const divisions = [...input.divisions]
  for (const e of input.entrants)
    if (!divisions.some((d) => d.name === e.division)) divisions.push({ name: e.division, promote: 0, relegate: 0 })
  return divisions.map((d) => divisionStandings(input, d))
}

function divisionStandings(input: StandingsInput, division: Division): DivisionStandings {
  const { points, format } = input
  const tallies: Tally[] = input.entrants
    .filter((e) => e.division === division.name)
    .map((entrant) => ({
      entrant,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      forfeitsLost: 0,
      byes: 0,
      points: 0,
      games: [],
      tieBreaks: {},
    }))
  const indexOf = new Map(tallies.map((t, i) => [t.entrant.entryId, i]))

  // One pass over the results: each player's totals and list of games, so every tie-break below reads
  // a player's own games instead of scanning the season's results again.
  for (const r of input.results) {
    if (r.result === null || r.division !== division.name) continue
    const h = indexOf.get(r.home)
    if (h === undefined) continue
    const home = tallies[h]!
    if (r.result === 'bye') {
      home.byes++
      // A Swiss bye is worth a win (the player could not be paired); a round-robin bye is only the odd
      // player out of a round, and every player has the same number of them.
      if (format === 'swiss') home.points += points.win
      continue
    }
    const a = r.away === null ? undefined : indexOf.get(r.away)
    if (a === undefined) continue
    const away = tallies[a]!
    home.played++
    away.played++
    if (r.result === 'draw') {
      score(home, a, 'draw', points)
      score(away, h, 'draw', points)
    } else if (r.result === 'both-lost') {
      score(home, a, 'loss', points)
      score(away, h, 'loss', points)
      home.forfeitsLost++
      away.forfeitsLost++
    } else {
      const [winner, wi, loser, li] = r.result === 'home' ? [home, h, away, a] : [away, a, home, h]
      score(winner, li, 'win', points)
      score(loser, wi, 'loss', points)
      if (r.forfeit) loser.forfeitsLost++
    }
  }
  for (const t of tallies) t.points = round(t.points)

  // The tie-breaks that do not depend on who else is tied, from the final points.
  for (const t of tallies) {
    for (const name of input.tieBreaks) {
      if (name === 'wins') t.tieBreaks[name] = t.won
      else if (name === 'sonneborn-berger')
        t.tieBreaks[name] = round(t.games.reduce((sum, g) => sum + tallies[g.opponent]!.points * g.score, 0))
      else if (name === 'buchholz')
        t.tieBreaks[name] = round(t.games.reduce((sum, g) => sum + tallies[g.opponent]!.points, 0))
      // head-to-head depends on who is tied: set for each tied group in rank(). A name the season
      // should have refused counts as 0 for everyone rather than breaking the sort.
      else t.tieBreaks[name] = 0
    }
  }

  // Entered players first, withdrawn ones after them, each part ranked on its own.
  const entered = tallies.map((_, i) => i).filter((i) => tallies[i]!.entrant.status !== 'withdrawn')
  const withdrawn = tallies.map((_, i) => i).filter((i) => tallies[i]!.entrant.status === 'withdrawn')
  const rows: StandingRow[] = []
  for (const part of [entered, withdrawn]) {
    for (const group of rank(tallies, part, input.tieBreaks)) {
      const position = rows.length + 1
      for (const i of group) rows.push(rowOf(tallies[i]!, position))
    }
  }
  markZones(rows, division)
  return { division: division.name, promote: division.promote, relegate: division.relegate, rows }
}

function score(t: Tally, opponent: number, outcome: 'win' | 'draw' | 'loss', points: Points): void {
  if (outcome === 'win') t.won++
  else if (outcome === 'draw') t.drawn++
  else t.lost++
  t.points += points[outcome]
  t.games.push({ opponent, score: outcome === 'win' ? 1 : outcome === 'draw' ? 0.5 : 0, points: points[outcome] })
}

/**
 * The players in table order, as groups of players still equal after every tie-break (they share a
 * position). Points first; then each tie-break splits only the groups still tied, so head-to-head is
 * the mini-league of exactly the players tied at that step.
 */
function rank(tallies: Tally[], players: number[], tieBreaks: TieBreak[]): number[][] {
  let groups = splitBy(players, (i) => tallies[i]!.points)
  for (const name of tieBreaks) {
    groups = groups.flatMap((group) => {
      if (group.length < 2) return [group]
      if (name === 'head-to-head') headToHead(tallies, group)
      return splitBy(group, (i) => tallies[i]!.tieBreaks[name]!)
    })
  }
  // Players still equal are listed by name, then entry id, so the order never depends on the input's.
  const byName = (a: number, b: number) => {
    const ea = tallies[a]!.entrant
    const eb = tallies[b]!.entrant
    return ea.name < eb.name
      ? -1
      : ea.name > eb.name
        ? 1
        : ea.entryId < eb.entryId
          ? -1
          : ea.entryId > eb.entryId
            ? 1
            : 0
  }
  return groups.map((g) => g.sort(byName))
}

/** The players sorted by `value`, highest first, cut into groups of equal value. */
function splitBy(players: number[], value: (i: number) => number): number[][] {
  const sorted = [...players].sort((a, b) => value(b) - value(a))
  const groups: number[][] = []
  for (const i of sorted) {
    const last = groups[groups.length - 1]
    if (last && value(last[0]!) === value(i)) last.push(i)
    else groups.push([i])
  }
  return groups
}

/** The season points each player of the group scored in the games among the group. */
function headToHead(tallies: Tally[], group: number[]): void {
  const inGroup = new Set(group)
  for (const i of group) {
    const t = tallies[i]!
    let sum = 0
    for (const g of t.games) if (inGroup.has(g.opponent)) sum += g.points
    t.tieBreaks['head-to-head'] = round(sum)
  }
}

function rowOf(t: Tally, position: number): StandingRow {
  return {
    entryId: t.entrant.entryId,
    userId: t.entrant.userId,
    name: t.entrant.name,
    position,
    played: t.played,
    won: t.won,
    drawn: t.drawn,
    lost: t.lost,
    forfeitsLost: t.forfeitsLost,
    byes: t.byes,
    points: t.points,
    tieBreaks: { ...t.tieBreaks },
    withdrawn: t.entrant.status === 'withdrawn',
    zone: null,
  }
}

/**
 * The top `promote` rows go up; the bottom `relegate` rows go down, and every withdrawn entrant (listed
 * last) with them when the division relegates at all. A row in reach of both (a tiny division) goes up.
 * No zones before the division's first result.
 */
function markZones(rows: StandingRow[], division: Division): void {
  // Before any game of the division has a result, the order is only the names': nobody is up or down yet
  // (but a withdrawn entrant, who goes down whatever happens).
  if (rows.every((r) => r.played === 0)) {
    if (division.relegate > 0) for (const r of rows) if (r.withdrawn) r.zone = 'relegate'
    return
  }
  const entered = rows.filter((r) => !r.withdrawn)
  for (const r of entered.slice(0, Math.max(0, division.promote))) r.zone = 'promote'
  if (division.relegate <= 0) return
  for (const r of rows.slice(Math.max(0, rows.length - division.relegate))) if (r.zone === null) r.zone = 'relegate'
  for (const r of rows) if (r.withdrawn) r.zone = 'relegate'
}
