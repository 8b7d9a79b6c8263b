// Every recorded game replays to the state, outcome and head hash it was recorded with, under the
// rules version it was played with: a change of the rules that alters a result fails here unless it
// comes with a new rules version (docs/engine-versions.md).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Dice } from '../../src/engine/dice.js'
import { RulesVersionError } from '../../src/engine/ruleset.js'
import { abaoaqu } from '../../src/rulesets/abaoaqu/engine/index.js'
import { ruleSystems, type AnyRuleset } from '../../src/rulesets/index.js'
import type { ResolutionPayload, SetupPayload } from '../../src/games/fold.js'
import { entryHash } from '../../src/store/log.js'
import { CORPUS_DIR, corpusFiles, readCorpusGame, replay, toEntry, type CorpusGame } from './corpus.js'

const files = corpusFiles()
const games = new Map(files.map((f) => [f, readCorpusGame(join(CORPUS_DIR, f))]))
const game = (file: string) => structuredClone(games.get(file)!)

/** The log re-hashed after an edit, as someone rewriting it would: every entry matches its hash again. */
function rechain(g: CorpusGame): CorpusGame {
  let prev = ''
  for (const e of g.entries) {
    e.hash = entryHash(prev, toEntry(g, e, prev))
    prev = e.hash
  }
  g.final.head = prev
  return g
}

function expectSame(g: CorpusGame, ruleset?: AnyRuleset): void {
  const r = replay(g, ruleset)
  expect(r.mismatches).toEqual([])
  expect(r).toEqual({
    seq: g.final.seq,
    stateHash: g.final.stateHash,
    outcome: g.final.outcome,
    head: g.final.head,
    mismatches: [],
  })
}

const resolutions = (g: CorpusGame) => g.entries.filter((e) => e.kind === 'RESOLUTION')
const setupOf = (g: CorpusGame) => g.entries[0]!.payload as SetupPayload

describe('the corpus', () => {
  it('holds each system: every scenario and player count, every rules version, games played through the API', () => {
    const all = [...games.values()]
    expect([...new Set(all.map((g) => g.ruleset))].sort()).toEqual(ruleSystems().map((s) => s.id).sort())
    for (const system of ruleSystems()) {
      const mine = all.filter((g) => g.ruleset === system.id)
      const setups = mine.map((g) => setupOf(g))
      const played = new Set(setups.map((setup) => `${(setup.scenario as { id: string }).id}/${setup.config.players}`))
      const offered = system
        .scenarios()
        .flatMap((s) => s.summary.seatLayouts.map((l) => `${s.summary.id}/${l.players}`))
      expect([...played].sort(), system.id).toEqual([...new Set(offered)].sort())
      // A version the engine plays has recorded games; a recorded game's version is one it plays.
      const { versions } = system.ruleset
      expect([...new Set(mine.map((g) => g.rulesVersion))].sort(), system.id).toEqual([...versions].sort())
      for (const version of versions) {
        expect(mine.some((g) => g.rulesVersion === version && g.source.startsWith('fuzz:'))).toBe(true)
        expect(mine.some((g) => g.rulesVersion === version && g.source.startsWith('http:'))).toBe(true)
      }
    }
    for (const g of all) expect(setupOf(g).config.rulesVersion).toBe(g.rulesVersion)
    expect(all.every((g) => g.final.outcome !== null)).toBe(true)
    // A game moved to other rules while it ran replays the old rules before the move, the new after.
    const moved = all.filter((g) => g.entries.some((e) => e.kind === 'MODERATION'))
    expect(
      moved.map((g) => [
        g.rulesVersion,
        (g.entries.find((e) => e.kind === 'MODERATION')!.payload as { to: string }).to,
      ]),
    ).toContainEqual(['abaoaqu-1', 'abaoaqu-2'])
  })

  it.each(files)('%s replays to the recorded final state, outcome and head hash', (file) => {
    expectSame(game(file))
  })
})

describe('a replay that comes out otherwise fails', () => {
  const file = files.find((f) => f.includes('abaoaqu-2/fuzz-A-S4'))!

  it('a recorded die changed (the log re-hashed to match): the replay rolls another face', () => {
    const g = game(file)
    const entry = resolutions(g).find((e) => ((e.payload as ResolutionPayload).rolls as unknown[]).length > 0)!
    const roll = (entry.payload as ResolutionPayload).rolls[0] as { face: number; sides: number }
    roll.face = (roll.face % roll.sides) + 1
    const r = replay(rechain(g))
    expect(r.mismatches[0]).toMatchObject({
      seq: entry.seq,
      problem: expect.stringMatching(/^other rolls than recorded/),
    })
  })

  it('a recorded die changed without re-hashing: the entry no longer matches its hash', () => {
    const g = game(file)
    const entry = resolutions(g).find((e) => ((e.payload as ResolutionPayload).rolls as unknown[]).length > 0)!
    const roll = (entry.payload as ResolutionPayload).rolls[0] as { face: number; sides: number }
    roll.face = (roll.face % roll.sides) + 1
    expect(replay(g).mismatches).toContainEqual({
      seq: entry.seq,
      problem: 'the recorded entry does not match its hash',
    })
  })

  it("a seat's orders dropped (log re-hashed): the step resolves otherwise, and the game ends elsewhere", () => {
    const g = game(file)
    // The first step where a seat moved units: the resolution without its orders.
    const entry = resolutions(g).find((e) =>
      Object.values((e.payload as ResolutionPayload).submissions).some((orders) =>
        (orders as Array<{ kind: string }>).some((o) => o.kind === 'move'),
      ),
    )!
    const p = entry.payload as ResolutionPayload
    const seat = Object.keys(p.submissions).find((s) =>
      (p.submissions[s] as Array<{ kind: string }>).some((o) => o.kind === 'move'),
    )!
    p.submissions[seat] = []
    const orders = g.entries.find(
      (e) => e.kind === 'ORDERS' && e.seat === seat && e.seq < entry.seq && e.seq > entry.seq - 10,
    )!
    ;(orders.payload as { orders: unknown[] }).orders = []
    const r = replay(rechain(g))
    expect(r.mismatches[0]).toMatchObject({
      seq: entry.seq,
      problem: expect.stringMatching(/^other events than recorded/),
    })
    expect(r.stateHash).not.toBe(g.final.stateHash)
  })

  it('a change of the rules that reads the dice otherwise fails the replay at the first step that rolls', () => {
    const g = game(file)
    // The change stands in as every die read one higher (a 6 reads 1); resolve is otherwise the real one.
    const higher = (face: number, sides: number) => (face % sides) + 1
    const skewed = (dice: Dice): Dice => ({
      roll: (sides, purpose, ref) => higher(dice.roll(sides, purpose, ref), sides),
      get rolls() {
        return dice.rolls.map((r) => ({ ...r, face: higher(r.face, r.sides) }))
      },
    })
    const changed: AnyRuleset = { ...abaoaqu, resolve: (s, subs, dice) => abaoaqu.resolve(s, subs, skewed(dice)) }
    const first = resolutions(g).find((e) => ((e.payload as ResolutionPayload).rolls as unknown[]).length > 0)!
    const r = replay(g, changed)
    expect(r.mismatches[0]).toMatchObject({
      seq: first.seq,
      problem: expect.stringMatching(/^other rolls than recorded/),
    })
    expect(r.stateHash).not.toBe(g.final.stateHash)
  })

  it('games recorded under abaoaqu-1 come out otherwise under abaoaqu-2: the version is what keeps them', () => {
    const old = files.filter(
      (f) => f.startsWith('abaoaqu/abaoaqu-1/') && !game(f).entries.some((e) => e.kind === 'MODERATION'),
    )
    expect(old.length).toBeGreaterThan(0)
    const differ = old.filter((f) => {
      const g = game(f)
      g.rulesVersion = 'abaoaqu-2'
      setupOf(g).config.rulesVersion = 'abaoaqu-2'
      const r = replay(rechain(g))
      return r.mismatches.length > 0 || r.stateHash !== g.final.stateHash
    })
    expect(differ.length).toBeGreaterThan(0)
  })

  it('a game whose rules version the engine does not play is never replayed', () => {
    const g = game(file)
    g.rulesVersion = 'abaoaqu-0'
    setupOf(g).config.rulesVersion = 'abaoaqu-0'
    expect(() => replay(rechain(g))).toThrow(RulesVersionError)
    expect(() => replay(rechain(g))).toThrow(
      'this game cannot be replayed: ' +
        'rules version "abaoaqu-0" is not one this server plays: abaoaqu plays "abaoaqu-1", "abaoaqu-2"',
    )
  })

  it("a game whose SETUP names other rules than the game's is never replayed", () => {
    const g = game(file)
    g.rulesVersion = 'abaoaqu-1'
    expect(() => replay(g)).toThrow(
      `the game's SETUP entry plays rules version "abaoaqu-2", but the game says it plays "abaoaqu-1"`,
    )
  })
})
