// Verifiable dice. Every face is a pure function of the secret game seed and
// the roll's position (seq, index), so once the seed is revealed anyone can
// recompute every roll and check it against the commitment published at the start.
// The engine must stay pure (no node:crypto, and WebCrypto is async), so SHA-256 and HMAC come from
// @noble/hashes, a synchronous implementation in plain JavaScript.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'

export interface DieRoll {
  seq: number
  index: number
  sides: number
  face: number
  purpose: string
  ref: string
}

export interface Dice {
  roll(sides: number, purpose: string, ref: string): number
  readonly rolls: readonly DieRoll[]
}

export interface RollMismatch {
  seq: number
  index: number
  recorded: number
  /** 0 when the record itself is malformed (bad seq/index/sides) and no face can be derived. */
  derived: number
}

export interface VerifyResult {
  ok: boolean
  commitmentOk: boolean
  mismatches: RollMismatch[]
}

export const MIN_SIDES = 2
export const MAX_SIDES = 256 // one byte per draw

const SEED_RE = /^[0-9a-fA-F]{64}$/

// Never echo the seed in the message: it is the game's secret.
function seedBytes(seedHex: string): Uint8Array {
  if (typeof seedHex !== 'string' || !SEED_RE.test(seedHex)) {
    const len = typeof seedHex === 'string' ? `${seedHex.length} characters` : typeof seedHex
    throw new Error(`dice: malformed seed, expected 64 hex characters (32 bytes), got ${len}`)
  }
  return hexToBytes(seedHex)
}

/** A MAC function bound to one key. */
export type Mac = (message: Uint8Array) => Uint8Array

/**
 * HMAC-SHA256 keyed once: the key's inner and outer blocks are absorbed up front and each call
 * continues from a clone of that state, so many rolls under one seed do not re-key.
 */
export function keyedHmacSha256(key: Uint8Array): Mac {
  const keyed = hmac.create(sha256, key)
  return (message) => keyed.clone().update(message).digest()
}

function isPosition(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0
}

function isSides(sides: number): boolean {
  return Number.isInteger(sides) && sides >= MIN_SIDES && sides <= MAX_SIDES
}

function checkSides(sides: number): void {
  if (!isSides(sides)) throw new Error(`dice: sides must be an integer ${MIN_SIDES}..${MAX_SIDES}, got ${sides}`)
}

function checkPosition(name: string, n: number): void {
  if (!isPosition(n)) throw new Error(`dice: ${name} must be a non-negative integer, got ${n}`)
}

/** Hex SHA-256 of the seed bytes, published when the game starts. */
export function seedCommitment(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)))
}

/** The HMAC message for draw block `k` of roll (seq, index); k = 0 is the normal case. */
export function diceMessage(seq: number, index: number, k = 0): string {
  return k === 0 ? `dice:v1:${seq}:${index}` : `dice:v1:${seq}:${index}:${k}`
}

/**
 * Rejection sampling over one MAC block: the first byte below the largest
 * multiple of `sides` that fits in 256 gives an unbiased face. Undefined if
 * every byte is rejected.
 */
export function faceFromBytes(bytes: Uint8Array, sides: number): number | undefined {
  const limit = Math.floor(256 / sides) * sides
  for (const b of bytes) if (b < limit) return (b % sides) + 1
  return undefined
}

/** The derivation with the keyed MAC supplied, so callers can key once for many rolls. */
export function deriveFaceWithMac(mac: Mac, seq: number, index: number, sides: number): number {
  checkPosition('seq', seq)
  checkPosition('index', index)
  checkSides(sides)
  for (let k = 0; ; k++) {
    const face = faceFromBytes(mac(utf8ToBytes(diceMessage(seq, index, k))), sides)
    if (face !== undefined) return face
  }
}

/** The face of roll (seq, index) for a die of `sides` under this seed. */
export function deriveFace(seedHex: string, seq: number, index: number, sides: number): number {
  return deriveFaceWithMac(keyedHmacSha256(seedBytes(seedHex)), seq, index, sides)
}

/** Real dice for one resolution: rolls index 0, 1, 2, ... of log entry `seq`. */
export function createDice(seedHex: string, seq: number): Dice {
  const key = seedBytes(seedHex)
  checkPosition('seq', seq)
  const rolls: DieRoll[] = []
  // Keyed at the first roll: most resolutions (a pass, a move) roll nothing, and keying costs as much as a roll.
  let mac: Mac | null = null
  return {
    roll(sides, purpose, ref) {
      const index = rolls.length
      mac ??= keyedHmacSha256(key)
      const face = deriveFaceWithMac(mac, seq, index, sides)
      rolls.push(Object.freeze({ seq, index, sides, face, purpose, ref }))
      return face
    },
    get rolls() {
      return rolls
    },
  }
}

/** Dice that return the given faces in order, for rule tests. Throws when they run out. */
export function scriptedDice(faces: number[], seq = 0): Dice {
  const script = [...faces] // the caller's array may change later; the script must not
  const rolls: DieRoll[] = []
  return {
    roll(sides, purpose, ref) {
      checkSides(sides)
      const index = rolls.length
      const face = script[index]
      if (face === undefined) {
        throw new Error(
          `scriptedDice: ran out of faces after ${script.length} roll(s); ` +
            `next was a d${sides} for "${purpose}" (${ref})`,
        )
      }
      // A face the die cannot show means the test script is wrong, not the rules.
      if (!Number.isInteger(face) || face < 1 || face > sides) {
        throw new Error(
          `scriptedDice: face ${face} at index ${index} is impossible on a d${sides} ("${purpose}", ${ref})`,
        )
      }
      rolls.push(Object.freeze({ seq, index, sides, face, purpose, ref }))
      return face
    },
    get rolls() {
      return rolls
    },
  }
}

/** Rolls `n` dice of `sides`, returning the faces in order. */
export function rollNd(dice: Dice, n: number, sides: number, purpose: string, ref: string): number[] {
  if (!Number.isInteger(n) || n < 0) throw new Error(`rollNd: n must be a non-negative integer, got ${n}`)
  const faces: number[] = []
  for (let i = 0; i < n; i++) faces.push(dice.roll(sides, purpose, ref))
  return faces
}

/**
 * Re-derives every recorded roll from the revealed seed and checks the seed
 * against the commitment published at game start.
 */
export function verifyRolls(seedHex: string, commitment: string, rolls: readonly DieRoll[]): VerifyResult {
  const key = seedBytes(seedHex)
  const commitmentOk = commitment.toLowerCase() === bytesToHex(sha256(key))
  const mac = keyedHmacSha256(key)
  const mismatches: RollMismatch[] = []
  for (const r of rolls) {
    // A tampered record may carry an impossible position or die; report it rather than throw.
    const derivable = isPosition(r.seq) && isPosition(r.index) && isSides(r.sides)
    const derived = derivable ? deriveFaceWithMac(mac, r.seq, r.index, r.sides) : 0
    if (derived !== r.face) mismatches.push({ seq: r.seq, index: r.index, recorded: r.face, derived })
  }
  return { ok: commitmentOk && mismatches.length === 0, commitmentOk, mismatches }
}
