import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  createDice,
  deriveFace,
  deriveFaceWithMac,
  diceMessage,
  faceFromBytes,
  rollNd,
  scriptedDice,
  seedCommitment,
  verifyRolls,
  type DieRoll,
} from '../../src/engine/dice.js'

// A fixed seed keeps every statistical test deterministic.
const SEED = '3f1c9a27be5d4e80a6c2f0d1e9b8a7c65d4e3f2a1b0c9d8e7f6a5b4c3d2e1f00'
const OTHER_SEED = 'a'.repeat(64)

// Independent reference for the derivation, built on node:crypto.
function nodeMac(seedHex: string, message: string): Buffer {
  return createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message, 'utf8').digest()
}

function referenceFace(seedHex: string, seq: number, index: number, sides: number): number {
  const limit = Math.floor(256 / sides) * sides
  for (let k = 0; ; k++) {
    const msg = k === 0 ? `dice:v1:${seq}:${index}` : `dice:v1:${seq}:${index}:${k}`
    for (const b of nodeMac(seedHex, msg)) if (b < limit) return (b % sides) + 1
  }
}

function chiSquare(counts: number[], total: number): number {
  const expected = total / counts.length
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)
}

describe('seedCommitment', () => {
  it('is the hex sha256 of the seed bytes', () => {
    const want = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex')
    expect(seedCommitment(SEED)).toBe(want)
    expect(seedCommitment(SEED.toUpperCase())).toBe(want)
  })
})

describe('seed validation', () => {
  const bad = ['', 'abc', SEED.slice(1), SEED + '0', 'g'.repeat(64), ' ' + SEED.slice(1), '0x' + SEED.slice(2)]
  for (const seed of bad) {
    it(`rejects ${JSON.stringify(seed.slice(0, 12))}… (${seed.length} chars)`, () => {
      expect(() => createDice(seed, 1)).toThrow(/malformed seed/)
      expect(() => seedCommitment(seed)).toThrow(/malformed seed/)
      expect(() => deriveFace(seed, 1, 0, 6)).toThrow(/malformed seed/)
      expect(() => verifyRolls(seed, '', [])).toThrow(/malformed seed/)
    })
  }

  it('does not leak the seed in the error message', () => {
    const almost = SEED.slice(0, 63) + 'z'
    expect(() => createDice(almost, 1)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(almost) }),
    )
  })

  it('rejects impossible dice and positions', () => {
    const dice = createDice(SEED, 1)
    expect(() => dice.roll(1, 'x', 'r')).toThrow(/sides/)
    expect(() => dice.roll(257, 'x', 'r')).toThrow(/sides/)
    expect(() => dice.roll(6.5, 'x', 'r')).toThrow(/sides/)
    expect(() => createDice(SEED, -1)).toThrow(/seq/)
    expect(() => deriveFace(SEED, 1.5, 0, 6)).toThrow(/seq/)
    expect(() => deriveFace(SEED, 1, -1, 6)).toThrow(/index/)
    expect(dice.rolls).toHaveLength(0)
  })
})

describe('derivation', () => {
  it('matches an independent node:crypto implementation of the spec for d2..d256', () => {
    for (let sides = 2; sides <= 256; sides++) {
      for (const [seq, index] of [
        [0, 0],
        [1, 3],
        [987654, 12],
      ] as const) {
        expect(deriveFace(SEED, seq, index, sides), `d${sides} @${seq}:${index}`).toBe(
          referenceFace(SEED, seq, index, sides),
        )
      }
    }
  })

  it('is deterministic: same seed, seq and index give the same face', () => {
    for (let seq = 0; seq < 20; seq++) {
      const a = rollNd(createDice(SEED, seq), 30, 6, 'p', 'r')
      const b = rollNd(createDice(SEED, seq), 30, 6, 'q', 's') // purpose/ref do not feed the derivation
      expect(a).toEqual(b)
      a.forEach((face, index) => expect(deriveFace(SEED, seq, index, 6)).toBe(face))
    }
  })

  it('different seq, index or seed give independent values', () => {
    const n = 6000
    let sameSeq = 0
    let sameIndex = 0
    let sameSeed = 0
    for (let i = 0; i < n; i++) {
      const face = deriveFace(SEED, i, 0, 6)
      if (face === deriveFace(SEED, i + 1, 0, 6)) sameSeq++
      if (face === deriveFace(SEED, i, 1, 6)) sameIndex++
      if (face === deriveFace(OTHER_SEED, i, 0, 6)) sameSeed++
    }
    // Independent d6 agree 1/6 of the time: 1000 ± 29 (1 sd); these bounds are > 5 sd.
    for (const same of [sameSeq, sameIndex, sameSeed]) {
      expect(same).toBeGreaterThan(850)
      expect(same).toBeLessThan(1150)
    }
    // "1:23" vs "12:3" must not collide: the separator keeps positions distinct.
    expect(diceMessage(1, 23)).not.toBe(diceMessage(12, 3))
  })

  it('60,000 d6 rolls pass a chi-square test and show every face', () => {
    const counts = [0, 0, 0, 0, 0, 0]
    let total = 0
    for (let seq = 0; seq < 600; seq++) {
      const dice = createDice(SEED, seq)
      for (let i = 0; i < 100; i++) {
        const face = dice.roll(6, 'stat', 'T')
        counts[face - 1]!++
        total++
      }
    }
    expect(total).toBe(60_000)
    expect(counts.every((c) => c > 0)).toBe(true)
    // 5 degrees of freedom: P(chi2 > 25) ≈ 1.4e-4.
    expect(chiSquare(counts, total)).toBeLessThan(25)
  })

  it('exercises rejection sampling: a first byte >= 252 is skipped for a d6', () => {
    let found: { seq: number; index: number; mac: Buffer } | undefined
    for (let seq = 0; found === undefined; seq++) {
      for (let index = 0; index < 10; index++) {
        const mac = nodeMac(SEED, `dice:v1:${seq}:${index}`)
        if (mac[0]! >= 252) {
          found = { seq, index, mac }
          break
        }
      }
    }
    const accepted = [...found.mac].find((b) => b < 252)!
    const expected = (accepted % 6) + 1
    expect(deriveFace(SEED, found.seq, found.index, 6)).toBe(expected)
    // The roll inside a Dice at that position agrees.
    const dice = createDice(SEED, found.seq)
    const faces = rollNd(dice, found.index + 1, 6, 'r', 'R')
    expect(faces[found.index]).toBe(expected)
  })

  it('faceFromBytes follows the limit rule and rejects everything at the boundary', () => {
    expect(faceFromBytes(Uint8Array.of(252, 253, 255, 251), 6)).toBe((251 % 6) + 1)
    expect(faceFromBytes(Uint8Array.of(0), 6)).toBe(1)
    expect(faceFromBytes(Uint8Array.of(252, 253, 254, 255), 6)).toBeUndefined()
    expect(faceFromBytes(Uint8Array.of(255), 256)).toBe(256) // d256 never rejects
    expect(faceFromBytes(Uint8Array.of(129, 200, 128), 129)).toBe(129) // limit 129: only 0..128 accepted
    expect(faceFromBytes(new Uint8Array(0), 6)).toBeUndefined()
  })

  it('continues with dice:v1:seq:index:k when a whole block is rejected', () => {
    const seen: string[] = []
    // A MAC whose first two blocks are all rejected for a d6.
    const mac = (message: Uint8Array): Uint8Array => {
      const text = new TextDecoder().decode(message)
      seen.push(text)
      return text.endsWith(':2') ? Uint8Array.of(253, 10) : new Uint8Array(32).fill(255)
    }
    expect(deriveFaceWithMac(mac, 7, 3, 6)).toBe((10 % 6) + 1)
    expect(seen).toEqual(['dice:v1:7:3', 'dice:v1:7:3:1', 'dice:v1:7:3:2'])
  })
})

describe('createDice', () => {
  it('rolls index 0,1,2,... and records every roll', () => {
    const dice = createDice(SEED, 42)
    const a = dice.roll(6, 'morale recovery Z12', 'A-10-3')
    const b = dice.roll(10, 'combat', 'C-4-1')
    const c = dice.roll(6, 'morale recovery Z13', 'A-10-3')
    expect(dice.rolls).toEqual([
      { seq: 42, index: 0, sides: 6, face: a, purpose: 'morale recovery Z12', ref: 'A-10-3' },
      { seq: 42, index: 1, sides: 10, face: b, purpose: 'combat', ref: 'C-4-1' },
      { seq: 42, index: 2, sides: 6, face: c, purpose: 'morale recovery Z13', ref: 'A-10-3' },
    ])
    expect(b).toBe(deriveFace(SEED, 42, 1, 10))
  })

  it('rollNd returns n faces recorded in order', () => {
    const dice = createDice(SEED, 5)
    dice.roll(6, 'first', 'X')
    const faces = rollNd(dice, 4, 6, 'bombardment', 'B-2')
    expect(faces).toHaveLength(4)
    expect(dice.rolls.map((r) => r.face)).toEqual([dice.rolls[0]!.face, ...faces])
    expect(dice.rolls.map((r) => r.index)).toEqual([0, 1, 2, 3, 4])
    expect(rollNd(dice, 0, 6, 'none', 'X')).toEqual([])
    expect(() => rollNd(dice, -1, 6, 'bad', 'X')).toThrow(/n must be/)
  })
})

describe('verifyRolls', () => {
  function gameLog(): DieRoll[] {
    const log: DieRoll[] = []
    for (let seq = 1; seq <= 25; seq++) {
      const dice = createDice(SEED, seq)
      rollNd(dice, seq % 4, 6, 'fire', 'F-1')
      if (seq % 3 === 0) dice.roll(10, 'leader casualty', 'L-2')
      if (seq % 5 === 0) dice.roll(2, 'coin', 'S-0')
      log.push(...dice.rolls)
    }
    return log
  }

  it('accepts genuine rolls and the right commitment', () => {
    const log = gameLog()
    expect(log.length).toBeGreaterThan(20)
    expect(verifyRolls(SEED, seedCommitment(SEED), log)).toEqual({ ok: true, commitmentOk: true, mismatches: [] })
    expect(verifyRolls(SEED, seedCommitment(SEED).toUpperCase(), log).ok).toBe(true)
  })

  it('reports a tampered face with its seq and index', () => {
    const log = gameLog()
    const i = 10
    const victim = log[i]!
    const forged = (victim.face % victim.sides) + 1
    log[i] = { ...victim, face: forged }
    const result = verifyRolls(SEED, seedCommitment(SEED), log)
    expect(result.ok).toBe(false)
    expect(result.commitmentOk).toBe(true)
    expect(result.mismatches).toEqual([
      { seq: victim.seq, index: victim.index, recorded: forged, derived: victim.face },
    ])
  })

  it('reports a malformed record instead of throwing', () => {
    const log = gameLog()
    log.push({ seq: 3, index: 0, sides: 0, face: 1, purpose: 'x', ref: 'y' })
    const result = verifyRolls(SEED, seedCommitment(SEED), log)
    expect(result.ok).toBe(false)
    expect(result.mismatches).toEqual([{ seq: 3, index: 0, recorded: 1, derived: 0 }])
  })

  it('reports a wrong commitment', () => {
    const log = gameLog()
    const result = verifyRolls(SEED, seedCommitment(OTHER_SEED), log)
    expect(result).toEqual({ ok: false, commitmentOk: false, mismatches: [] })
  })

  it('rejects rolls re-derived under a different seed', () => {
    const log = gameLog()
    const result = verifyRolls(OTHER_SEED, seedCommitment(OTHER_SEED), log)
    expect(result.commitmentOk).toBe(true)
    expect(result.ok).toBe(false)
    expect(result.mismatches.length).toBeGreaterThan(0)
  })
})

describe('scriptedDice', () => {
  it('returns the injected faces in order and records them', () => {
    const faces = [3, 6, 1, 9]
    const dice = scriptedDice(faces, 17)
    faces[0] = 5 // later edits to the caller's array do not change the script
    expect(dice.roll(6, 'morale', 'A-10-3')).toBe(3)
    expect(rollNd(dice, 2, 6, 'fire', 'F-1')).toEqual([6, 1])
    expect(dice.roll(10, 'leader', 'L-2')).toBe(9)
    expect(dice.rolls).toEqual([
      { seq: 17, index: 0, sides: 6, face: 3, purpose: 'morale', ref: 'A-10-3' },
      { seq: 17, index: 1, sides: 6, face: 6, purpose: 'fire', ref: 'F-1' },
      { seq: 17, index: 2, sides: 6, face: 1, purpose: 'fire', ref: 'F-1' },
      { seq: 17, index: 3, sides: 10, face: 9, purpose: 'leader', ref: 'L-2' },
    ])
  })

  it('defaults seq to 0', () => {
    const dice = scriptedDice([2])
    dice.roll(6, 'p', 'r')
    expect(dice.rolls[0]!.seq).toBe(0)
  })

  it('throws a clear error when it runs out', () => {
    const dice = scriptedDice([4])
    dice.roll(6, 'first', 'A-1')
    expect(() => dice.roll(6, 'morale recovery Z12', 'A-10-3')).toThrow(
      /ran out of faces after 1 roll.*morale recovery Z12.*A-10-3/,
    )
    expect(dice.rolls).toHaveLength(1)
  })

  it('throws when a scripted face is impossible on the die', () => {
    expect(() => scriptedDice([7]).roll(6, 'p', 'r')).toThrow(/face 7.*d6/)
    expect(() => scriptedDice([0]).roll(6, 'p', 'r')).toThrow(/face 0/)
  })
})
