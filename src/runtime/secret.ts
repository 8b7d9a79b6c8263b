// A server secret kept in the data folder, for development machines where JWT_SECRET is not set: a
// restart keeps signed-in sessions, reply tokens and unsubscribe links working.
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export function persistedSecret(dataDir: string, name = 'secret'): string {
  const file = join(dataDir, name)
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim()
    if (/^[0-9a-f]{64}$/.test(value)) return value
  }
  mkdirSync(dataDir, { recursive: true })
  const value = randomBytes(32).toString('hex')
  writeFileSync(file, `${value}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return value
}
