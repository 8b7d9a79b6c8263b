// Round robin by the circle method (docs/leagues.md): one entrant stays put while the others turn
// around it one place a round, so every pair meets once in n − 1 rounds. Written by hand: it is a few
// lines and must stay deterministic for a given entry order (the fixtures are part of the season's record).

export interface Pairing {
  home: string
  /** null: a bye for home this round. */
  away: string | null
}

/**
 * The rounds of a round robin over the entrants in this order. An odd count gets a bye slot, which is
 * the one that stays put: each round the entrant facing it has the bye. Sides: an entrant turning
 * around the circle is home while in the upper half and away in the lower half (half the rounds each),
 * and the entrant that stays put alternates; so everyone's home and away counts differ by at most one.
 * double: the same rounds again with the sides swapped.
 */
export function roundRobin(entryIds: readonly string[], double: boolean): Pairing[][] {
  if (new Set(entryIds).size !== entryIds.length) throw new Error('roundRobin: an entrant is listed twice')
  if (entryIds.length < 2) return []
  const odd = entryIds.length % 2 === 1
  const fixed: string | null = odd ? null : entryIds[0]!
  const turning = odd ? [...entryIds] : entryIds.slice(1)
  const n = turning.length + 1
  const rounds: Pairing[][] = []
  for (let r = 0; r < n - 1; r++) {
    // The circle turned r places: position k holds turning[(k + r) mod (n − 1)].
    const at = (k: number) => turning[(k + r) % (n - 1)]!
    const round: Pairing[] = []
    const facing = at(0)
    if (fixed === null) round.push({ home: facing, away: null })
    else round.push(r % 2 === 0 ? { home: fixed, away: facing } : { home: facing, away: fixed })
    for (let k = 1; k < n / 2; k++) round.push({ home: at(k), away: at(n - 1 - k) })
    // Byes last, so board numbers of played fixtures start at 1.
    rounds.push([...round.filter((p) => p.away !== null), ...round.filter((p) => p.away === null)])
  }
  if (!double) return rounds
  const swapped = rounds.map((round) => round.map((p) => (p.away === null ? { ...p } : { home: p.away, away: p.home })))
  return [...rounds, ...swapped]
}
