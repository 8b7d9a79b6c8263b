// The table computed from results (src/leagues/standings.ts), against tables worked out by hand.
import { describe, expect, it } from 'vitest'
import { resultOf } from '../../src/leagues/results.js'
import { computeStandings, type Entrant, type StandingsInput } from '../../src/leagues/standings.js'

type Result = StandingsInput['results'][number]

const people = (names: string[], division = 'Main'): Entrant[] =>
  names.map((name) => ({ entryId: `e-${name}`, userId: `u-${name}`, name, division, status: 'entered' }))

/** `home-away:outcome` with outcome h (home won), a (away won), d (draw), x (both lost), - (not decided). */
function games(spec: string, division = 'Main'): Result[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((g) => {
      const [pair, o] = g.split(':') as [string, string]
      const [home, away] = pair.split('-') as [string, string]
      const result = ({ h: 'home', a: 'away', d: 'draw', x: 'both-lost', '-': null } as const)[o as 'h']
      return { division, home: `e-${home}`, away: `e-${away}`, result, forfeit: o === 'x' }
    })
}
const bye = (name: string, division = 'Main'): Result => ({
  division,
  home: `e-${name}`,
  away: null,
  result: 'bye',
  forfeit: false,
})

/** The columns a reader checks, one line per row. */
const table = (rows: ReturnType<typeof computeStandings>[number]['rows']) =>
  rows.map((r) => ({
    position: r.position,
    name: r.name,
    played: r.played,
    won: r.won,
    drawn: r.drawn,
    lost: r.lost,
    points: r.points,
    tieBreaks: r.tieBreaks,
    zone: r.zone,
  }))

const FIVE = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve']
const ROUND_ROBIN = {
  points: { win: 3, draw: 1, loss: 0 },
  tieBreaks: ['head-to-head', 'sonneborn-berger', 'wins'] as StandingsInput['tieBreaks'],
  format: 'single' as const,
}

describe('a 5-player single round robin, 3 / 1 / 0', () => {
  // Alice: D Bob, W Carol, D Dave, L Eve = 5.   Bob: D Alice, D Carol, L Dave, W Eve = 5.
  // Carol: L Alice, D Bob, W Dave, W Eve = 7.   Dave: D Alice, W Bob, L Carol, W Eve = 7.   Eve: W Alice = 3.
  // Carol and Dave tie on 7: Carol beat Dave, head-to-head 3 to 0.
  // Alice and Bob tie on 5 and drew (head-to-head 1 each): Sonneborn-Berger decides,
  //   Alice ½·5 (Bob) + 1·7 (Carol) + ½·7 (Dave) = 13;  Bob ½·5 (Alice) + ½·7 (Carol) + 1·3 (Eve) = 9.
  // SB of the others: Carol ½·5 + 7 + 3 = 12.5; Dave ½·5 + 5 + 3 = 10.5; Eve 1·5 = 5.
  const results = [
    ...games(`Alice-Bob:d Alice-Carol:h Alice-Dave:d Alice-Eve:a Bob-Carol:d
              Bob-Dave:a Bob-Eve:h Carol-Dave:h Carol-Eve:h Dave-Eve:h`),
    // Five players: each round one sits out. A round-robin bye scores nothing.
    ...FIVE.map((n) => bye(n)),
  ]
  const input: StandingsInput = {
    ...ROUND_ROBIN,
    entrants: people(FIVE),
    results,
    divisions: [{ name: 'Main', promote: 1, relegate: 1 }],
  }

  it('counts, scores and orders by head-to-head, then Sonneborn-Berger', () => {
    const [main] = computeStandings(input)
    expect(table(main!.rows)).toEqual([
      {
        position: 1,
        name: 'Carol',
        played: 4,
        won: 2,
        drawn: 1,
        lost: 1,
        points: 7,
        tieBreaks: { 'head-to-head': 3, 'sonneborn-berger': 12.5, wins: 2 },
        zone: 'promote',
      },
      {
        position: 2,
        name: 'Dave',
        played: 4,
        won: 2,
        drawn: 1,
        lost: 1,
        points: 7,
        tieBreaks: { 'head-to-head': 0, 'sonneborn-berger': 10.5, wins: 2 },
        zone: null,
      },
      {
        position: 3,
        name: 'Alice',
        played: 4,
        won: 1,
        drawn: 2,
        lost: 1,
        points: 5,
        tieBreaks: { 'head-to-head': 1, 'sonneborn-berger': 13, wins: 1 },
        zone: null,
      },
      {
        position: 4,
        name: 'Bob',
        played: 4,
        won: 1,
        drawn: 2,
        lost: 1,
        points: 5,
        tieBreaks: { 'head-to-head': 1, 'sonneborn-berger': 9, wins: 1 },
        zone: null,
      },
      {
        position: 5,
        name: 'Eve',
        played: 4,
        won: 1,
        drawn: 0,
        lost: 3,
        points: 3,
        tieBreaks: { 'head-to-head': 0, 'sonneborn-berger': 5, wins: 1 },
        zone: 'relegate',
      },
    ])
    expect(main!.rows.map((r) => r.byes)).toEqual([1, 1, 1, 1, 1])
  })

  it('gives the same table whatever order the results and entrants come in', () => {
    const shuffled = { ...input, results: [...results].reverse(), entrants: [...input.entrants].reverse() }
    expect(computeStandings(shuffled)).toEqual(computeStandings(input))
  })

  it('applies the tie-breaks in the season order: Sonneborn-Berger before head-to-head puts Alice above Bob', () => {
    // Carol 12.5 against Dave 10.5 keeps their order; Alice 13 and Bob 9 keep theirs: the values are the same.
    const [main] = computeStandings({ ...input, tieBreaks: ['sonneborn-berger', 'head-to-head'] })
    expect(main!.rows.map((r) => [r.position, r.name])).toEqual([
      [1, 'Carol'],
      [2, 'Dave'],
      [3, 'Alice'],
      [4, 'Bob'],
      [5, 'Eve'],
    ])
    // With no tie-break at all, equal points share a position, listed by name.
    const [bare] = computeStandings({ ...input, tieBreaks: [] })
    expect(bare!.rows.map((r) => [r.position, r.name])).toEqual([
      [1, 'Carol'],
      [1, 'Dave'],
      [3, 'Alice'],
      [3, 'Bob'],
      [5, 'Eve'],
    ])
  })
})

describe('a three-way tie and a shared position', () => {
  // Alice: D Bob, W Carol, D Dave, L Eve = 5.  Bob: D Alice, L Carol, D Dave, W Eve = 5.
  // Carol: L Alice, W Bob, W Dave, W Eve = 9.  Dave: D Alice, D Bob, L Carol, W Eve = 5.  Eve: W Alice = 3.
  // Alice, Bob and Dave tie on 5; among them every game was drawn: head-to-head 2 each.
  // SB: Alice ½·5 + 1·9 + ½·5 = 14; Bob ½·5 + ½·5 + 1·3 = 8; Dave ½·5 + ½·5 + 1·3 = 8. Alice is 2nd.
  // Bob and Dave: wins 1 each: they share 3rd, listed by name; Eve is 5th.
  const input: StandingsInput = {
    ...ROUND_ROBIN,
    entrants: people(FIVE),
    results: games(`Alice-Bob:d Alice-Carol:h Alice-Dave:d Alice-Eve:a Bob-Carol:a
                    Bob-Dave:d Bob-Eve:h Carol-Dave:h Carol-Eve:h Dave-Eve:h`),
    divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
  }

  it('recomputes head-to-head within the tied group and shares what is still equal', () => {
    const [main] = computeStandings(input)
    expect(table(main!.rows)).toEqual([
      {
        position: 1,
        name: 'Carol',
        played: 4,
        won: 3,
        drawn: 0,
        lost: 1,
        points: 9,
        tieBreaks: { 'head-to-head': 0, 'sonneborn-berger': 13, wins: 3 },
        zone: null,
      },
      {
        position: 2,
        name: 'Alice',
        played: 4,
        won: 1,
        drawn: 2,
        lost: 1,
        points: 5,
        tieBreaks: { 'head-to-head': 2, 'sonneborn-berger': 14, wins: 1 },
        zone: null,
      },
      {
        position: 3,
        name: 'Bob',
        played: 4,
        won: 1,
        drawn: 2,
        lost: 1,
        points: 5,
        tieBreaks: { 'head-to-head': 2, 'sonneborn-berger': 8, wins: 1 },
        zone: null,
      },
      {
        position: 3,
        name: 'Dave',
        played: 4,
        won: 1,
        drawn: 2,
        lost: 1,
        points: 5,
        tieBreaks: { 'head-to-head': 2, 'sonneborn-berger': 8, wins: 1 },
        zone: null,
      },
      {
        position: 5,
        name: 'Eve',
        played: 4,
        won: 1,
        drawn: 0,
        lost: 3,
        points: 3,
        tieBreaks: { 'head-to-head': 0, 'sonneborn-berger': 5, wins: 1 },
        zone: null,
      },
    ])
  })

  it('lists players still equal by name, then by entry id', () => {
    const twins: Entrant[] = [
      { entryId: 'e-2', userId: 'u-2', name: 'Sam', division: 'Main', status: 'entered' },
      { entryId: 'e-1', userId: 'u-1', name: 'Sam', division: 'Main', status: 'entered' },
    ]
    const [main] = computeStandings({ ...input, entrants: twins, results: [] })
    expect(main!.rows.map((r) => [r.position, r.entryId])).toEqual([
      [1, 'e-1'],
      [1, 'e-2'],
    ])
  })
})

describe('Swiss', () => {
  // 1 / ½ / 0, three rounds of five players.
  // R1: Ann beats Ben, Cai draws Dee, Eli has the bye.   R2: Ann draws Cai, Eli beats Dee, Ben has the bye.
  // R3: Ann beats Eli, Ben beats Cai, Dee has the bye.
  // Points: Ann 1 + ½ + 1 = 2.5; Ben 0 + bye 1 + 1 = 2; Cai ½ + ½ + 0 = 1; Dee ½ + 0 + bye 1 = 1.5;
  //   Eli bye 1 + 1 + 0 = 2.
  // Buchholz (opponents' points; a bye adds nothing): Ann 2 + 1 + 2 = 5; Ben 2.5 + 1 = 3.5; Cai 1.5 + 2.5 + 2 = 6;
  //   Dee 1 + 2 = 3; Eli 1.5 + 2.5 = 4. Eli (4) is ahead of Ben (3.5).
  // SB: Ann 1·2 + ½·1 + 1·2 = 4.5; Ben 1·1 = 1; Cai ½·1.5 + ½·2.5 = 2; Dee ½·1 = 0.5; Eli 1·1.5 = 1.5.
  const names = ['Ann', 'Ben', 'Cai', 'Dee', 'Eli']
  const input: StandingsInput = {
    entrants: people(names),
    results: [
      ...games('Ann-Ben:h Cai-Dee:d'),
      bye('Eli'),
      ...games('Ann-Cai:d Eli-Dee:h'),
      bye('Ben'),
      ...games('Ann-Eli:h Ben-Cai:h'),
      bye('Dee'),
    ],
    points: { win: 1, draw: 0.5, loss: 0 },
    tieBreaks: ['buchholz', 'sonneborn-berger'],
    format: 'swiss',
    divisions: [{ name: 'Main', promote: 0, relegate: 0 }],
  }

  it('scores a bye as a win without counting it as played, and breaks ties by Buchholz', () => {
    const [main] = computeStandings(input)
    expect(
      main!.rows.map((r) => [r.position, r.name, r.played, r.won, r.drawn, r.lost, r.byes, r.points, r.tieBreaks]),
    ).toEqual([
      [1, 'Ann', 3, 2, 1, 0, 0, 2.5, { buchholz: 5, 'sonneborn-berger': 4.5 }],
      [2, 'Eli', 2, 1, 0, 1, 1, 2, { buchholz: 4, 'sonneborn-berger': 1.5 }],
      [3, 'Ben', 2, 1, 0, 1, 1, 2, { buchholz: 3.5, 'sonneborn-berger': 1 }],
      [4, 'Dee', 2, 0, 1, 1, 1, 1.5, { buchholz: 3, 'sonneborn-berger': 0.5 }],
      [5, 'Cai', 3, 0, 2, 1, 0, 1, { buchholz: 6, 'sonneborn-berger': 2 }],
    ])
  })
})

describe('forfeits, withdrawals and zones', () => {
  // 3 / 1 / 0. Ann and Ben both forfeited their game (a loss each). Ann-Cat is not decided yet.
  // Dan beat Ann, then withdrew: his games left are lost by forfeit (Ben and Cat win them).
  // Ann: L Ben (forfeit), L Dan = 0.  Ben: L Ann (forfeit), D Cat, W Dan = 4.  Cat: D Ben, W Dan = 4.
  // Dan: W Ann, L Ben, L Cat (both forfeits) = 3, but withdrawn: listed last.
  const entrants: Entrant[] = people(['Ann', 'Ben', 'Cat', 'Dan']).map((e) =>
    e.name === 'Dan' ? { ...e, status: 'withdrawn' } : e,
  )
  const results: Result[] = [
    ...games('Ann-Ben:x Ann-Cat:- Ben-Cat:d Dan-Ann:h'),
    { division: 'Main', home: 'e-Ben', away: 'e-Dan', result: 'home', forfeit: true },
    { division: 'Main', home: 'e-Cat', away: 'e-Dan', result: 'home', forfeit: true },
  ]
  const input = (promote: number, relegate: number): StandingsInput => ({
    entrants,
    results,
    points: { win: 3, draw: 1, loss: 0 },
    tieBreaks: ['head-to-head'],
    format: 'double',
    divisions: [{ name: 'Main', promote, relegate }],
  })

  it('counts both-lost as a loss for each, forfeits as losses, and leaves undecided games out', () => {
    const [main] = computeStandings(input(1, 1))
    expect(
      main!.rows.map((r) => [
        r.position,
        r.name,
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.forfeitsLost,
        r.points,
        r.withdrawn,
      ]),
    ).toEqual([
      [1, 'Ben', 3, 1, 1, 1, 1, 4, false],
      [1, 'Cat', 2, 1, 1, 0, 0, 4, false],
      [3, 'Ann', 2, 0, 0, 2, 1, 0, false],
      [4, 'Dan', 3, 1, 0, 2, 2, 3, true],
    ])
  })

  it('promotes the top rows by listed order and relegates the bottom ones, withdrawn entrants always', () => {
    const zones = (p: number, r: number) => computeStandings(input(p, r))[0]!.rows.map((x) => [x.name, x.zone])
    expect(zones(1, 1)).toEqual([
      ['Ben', 'promote'],
      ['Cat', null],
      ['Ann', null],
      ['Dan', 'relegate'],
    ])
    expect(zones(0, 2)).toEqual([
      ['Ben', null],
      ['Cat', null],
      ['Ann', 'relegate'],
      ['Dan', 'relegate'],
    ])
    // No relegation in this division: a withdrawn entrant goes nowhere either.
    expect(zones(2, 0)).toEqual([
      ['Ben', 'promote'],
      ['Cat', 'promote'],
      ['Ann', null],
      ['Dan', null],
    ])
  })

  it('keeps each division apart, in the season order', () => {
    const two = computeStandings({
      ...input(0, 0),
      entrants: [...people(['Xia', 'Yan'], 'One'), ...people(['Ann', 'Ben'], 'Premier')],
      results: [...games('Xia-Yan:a', 'One'), ...games('Ann-Ben:h', 'Premier')],
      divisions: [
        { name: 'Premier', promote: 0, relegate: 1 },
        { name: 'One', promote: 1, relegate: 0 },
      ],
    })
    expect(two.map((d) => [d.division, d.rows.map((r) => [r.name, r.points, r.zone])])).toEqual([
      [
        'Premier',
        [
          ['Ann', 3, null],
          ['Ben', 0, 'relegate'],
        ],
      ],
      [
        'One',
        [
          ['Yan', 3, 'promote'],
          ['Xia', 0, null],
        ],
      ],
    ])
  })
})

describe('a fixture whose game was swapped by hand', () => {
  it('decides nothing when its game does not seat the home player, and says why', () => {
    const row = {
      id: 'f1',
      division: 'Main',
      round: 1,
      board: 1,
      homeEntryId: 'e1',
      awayEntryId: 'e2',
      scenarioId: 'A-S4',
      gameId: 'g-other',
      forfeitBy: null,
      forfeitWhy: null,
    }
    const other = {
      status: 'FINISHED',
      outcome: { winner: 'ZEON', reason: 'FED resigned', ref: 'resign' },
      finishedAt: new Date(),
      homeSide: null,
    }
    expect(resultOf(row, other)).toMatchObject({
      result: null,
      reason: "the fixture's game does not seat its home player",
    })
    expect(resultOf(row, { ...other, homeSide: 'FED' })).toMatchObject({ result: 'away', reason: 'FED resigned' })
  })
})

describe('zones before the first result', () => {
  it('marks nobody up or down while no game of the division has a result, a withdrawn entrant apart', () => {
    const entrants: Entrant[] = ['Ann', 'Ben', 'Cy'].map((name, i) => ({
      entryId: `e${i}`,
      userId: `u${i}`,
      name,
      division: 'Main',
      status: name === 'Cy' ? 'withdrawn' : 'entered',
    }))
    const [table] = computeStandings({
      entrants,
      results: [],
      points: { win: 3, draw: 1, loss: 0 },
      tieBreaks: ['wins'],
      format: 'single',
      divisions: [{ name: 'Main', promote: 1, relegate: 1 }],
    })
    expect(table!.rows.map((r) => [r.name, r.zone])).toEqual([
      ['Ann', null],
      ['Ben', null],
      ['Cy', 'relegate'],
    ])
  })
})
