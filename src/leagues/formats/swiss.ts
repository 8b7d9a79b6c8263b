// Swiss pairing (docs/leagues.md): each round, players with equal scores meet, from the top score group
// down; an odd player out floats down to the next group; no pair meets twice. Written by hand: no
// package on the registry lists does Swiss pairing with these rules, and it is small. Search order:
// the highest-ranked unpaired player takes the nearest-ranked opponent it has not played (same score
// first, since the list is in score order), and a dead end backtracks, across score groups when needed.

export interface SwissPlayer {
  id: string
  score: number
  homeGames: number
  awayGames: number
  hadBye: boolean
  /** Rank before any game: 1 is the strongest (entry order, or rating when there is one). */
  seed: number
}

export interface SwissRound {
  pairs: Array<{ home: string; away: string }>
  bye: string | null
}

/** The key of a pair that has played, whatever the order: `played` holds these (ids without a "|"). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`
}

/**
 * How many steps the search may take before giving up: large enough for every field a season plays
 * (backtracking is only deep late in small fields), small enough to answer in well under a second.
 */
const SEARCH_LIMIT = 2_000_000

class NoPairing extends Error {}

/** Ranking: score, then seed. */
const byRank = (a: SwissPlayer, b: SwissPlayer) => b.score - a.score || a.seed - b.seed

/** The next round. Throws when no pairing without a repeat exists. */
export function pairSwiss(players: readonly SwissPlayer[], played: ReadonlySet<string>): SwissRound {
  if (new Set(players.map((p) => p.id)).size !== players.length) throw new Error('pairSwiss: a player is listed twice')
  const ranked = [...players].sort(byRank)
  if (ranked.length === 0) return { pairs: [], bye: null }
  let steps = 0
  const budget = () => {
    if (++steps > SEARCH_LIMIT) throw new NoPairing()
  }
  const lowestFirst = [...ranked].reverse()
  const byes =
    ranked.length % 2 === 0
      ? [null]
      : // The lowest-ranked player who has not had a bye; another only when the rest cannot be paired.
        [...lowestFirst.filter((p) => !p.hadBye), ...lowestFirst.filter((p) => p.hadBye)].map((p) => p.id)
  for (const bye of byes) {
    const field = ranked.filter((p) => p.id !== bye)
    try {
      const matched = pairAll(field, played, budget)
      if (matched) return { pairs: matched.map(([a, b]) => sides(a, b)), bye }
    } catch (e) {
      if (e instanceof NoPairing) break
      throw e
    }
  }
  throw new Error(
    `no Swiss pairing of these ${players.length} players avoids a repeat: ` +
      'every way of pairing them brings two who have already met together again',
  )
}

/** A perfect matching of `field` (in rank order) with no played pair, or null. */
function pairAll(
  field: readonly SwissPlayer[],
  played: ReadonlySet<string>,
  budget: () => void,
): Array<[SwissPlayer, SwissPlayer]> | null {
  const n = field.length
  const taken = new Array<boolean>(n).fill(false)
  // Who may meet whom, computed once from the pairs played (not n² keys built): the search looks it up
  // at every step.
  const index = new Map(field.map((p, i) => [p.id, i]))
  const may = field.map((_, i) => field.map((_, j) => i !== j))
  for (const key of played) {
    const bar = key.indexOf('|')
    const a = index.get(key.slice(0, bar))
    const b = index.get(key.slice(bar + 1))
    if (a !== undefined && b !== undefined) may[a]![b] = may[b]![a] = false
  }
  // How many others each player may still meet: one left with none ends the branch at once.
  const left = may.map((row) => row.filter(Boolean).length)
  const take = (k: number) => {
    taken[k] = true
    for (let m = 0; m < n; m++) if (may[m]![k]) left[m]!--
  }
  const untake = (k: number) => {
    taken[k] = false
    for (let m = 0; m < n; m++) if (may[m]![k]) left[m]!++
  }
  const everyoneHasSomeone = () => {
    for (let m = 0; m < n; m++) if (!taken[m] && left[m] === 0) return false
    return true
  }
  const out: Array<[SwissPlayer, SwissPlayer]> = []
  const search = (): boolean => {
    budget()
    let i = 0
    while (i < n && taken[i]) i++
    if (i === n) return true
    take(i)
    for (let j = i + 1; j < n; j++) {
      if (taken[j] || !may[i]![j]) continue
      take(j)
      out.push([field[i]!, field[j]!])
      if (everyoneHasSomeone() && search()) return true
      out.pop()
      untake(j)
    }
    untake(i)
    return false
  }
  return search() ? out : null
}

/** Home to the one with fewer home games (then more away games, then the higher-ranked). */
function sides(a: SwissPlayer, b: SwissPlayer): { home: string; away: string } {
  const aFirst = a.homeGames - b.homeGames || b.awayGames - a.awayGames
  return aFirst <= 0 ? { home: a.id, away: b.id } : { home: b.id, away: a.id }
}
