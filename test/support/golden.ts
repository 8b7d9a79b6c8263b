// Golden files: a text the code must reproduce byte for byte. Regenerate after an intended change
// with UPDATE_GOLDEN=1 (then read the diff before committing it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { expect } from 'vitest'

export function expectGolden(path: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === '1') {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, actual)
  }
  if (!existsSync(path)) throw new Error(`no golden file ${path}: run with UPDATE_GOLDEN=1 once and review it`)
  expect(actual, `differs from the golden file ${path}`).toBe(readFileSync(path, 'utf8'))
}
