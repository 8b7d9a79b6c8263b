// Password hashes: argon2id (the library's default algorithm), cost from the configuration.
import { hash, parseOptions, verify } from '@node-rs/argon2'

export interface PasswordCost {
  memoryCostKib: number
  timeCost: number
}

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return hash(password, { memoryCost: cost.memoryCostKib, timeCost: cost.timeCost, parallelism: 1 })
}

/**
 * The error @node-rs/argon2 throws for a stored hash it cannot decode (not an argon2 PHC string, e.g. an
 * account made by a script): no password opens such an account. Other errors are not this.
 */
function isUndecodableHash(e: unknown): boolean {
  return e instanceof Error && (e as { code?: unknown }).code === 'InvalidArg' && e.message === 'Decoding failed'
}

/** False for a wrong password, and for a stored hash that cannot be decoded; anything else throws. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch (e) {
    if (isUndecodableHash(e)) return false
    throw e
  }
}

/** True when a hash was made with another cost than today's, so a successful login should replace it. */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  try {
    const o = parseOptions(stored)
    return !stored.startsWith('$argon2id$') || o.memoryCost !== cost.memoryCostKib || o.timeCost !== cost.timeCost
  } catch (e) {
    // A hash that cannot be decoded is replaced by one that can.
    if (isUndecodableHash(e)) return true
    throw e
  }
}

const dummyHashes = new Map<string, Promise<string>>()

/** A hash of nothing anyone knows, so that a login with an unknown email costs as much as a wrong password. */
export function dummyHash(cost: PasswordCost): Promise<string> {
  const key = `${cost.memoryCostKib}:${cost.timeCost}`
  let h = dummyHashes.get(key)
  if (!h) {
    h = hashPassword(`no such user ${key}`, cost)
    dummyHashes.set(key, h)
  }
  return h
}
