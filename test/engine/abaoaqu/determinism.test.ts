// The same seed and orders give a byte-identical game; every roll can be re-derived.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { seedCommitment, verifyRolls } from '../../../src/engine/dice.js'
import { playRandomGame } from './fuzz.js'

const hash = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex')

describe('determinism', () => {
  it('replaying the same seed and orders gives a byte-identical final state', () => {
    const a = playRandomGame('A-S4', 4242)
    const b = playRandomGame('A-S4', 4242)
    expect(hash(a.state)).toBe(hash(b.state))
    expect(a.steps).toBe(b.steps)
    const c = playRandomGame('A-S4', 4243)
    expect(hash(c.state)).not.toBe(hash(a.state))
  })
})

describe('verifiable dice', () => {
  it('re-derives every roll of a fuzzed game from the revealed seed', () => {
    const game = playRandomGame('A-S1', 77)
    expect(game.rolls.length).toBeGreaterThan(50)
    const verdict = verifyRolls(game.seed, seedCommitment(game.seed), game.rolls)
    expect(verdict).toEqual({ ok: true, commitmentOk: true, mismatches: [] })
    const forged = game.rolls.map((r, i) => (i === 10 ? { ...r, face: (r.face % 6) + 1 } : r))
    const caught = verifyRolls(game.seed, seedCommitment(game.seed), forged)
    expect(caught.ok).toBe(false)
    expect(caught.mismatches).toEqual([
      {
        seq: game.rolls[10]!.seq,
        index: game.rolls[10]!.index,
        recorded: forged[10]!.face,
        derived: game.rolls[10]!.face,
      },
    ])
  })
})
