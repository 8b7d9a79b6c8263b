// The log as a tree (src/games/fold.ts lineage): which entries corrections set aside, and which orders
// were resolved, however rollbacks and re-resolves branch and rejoin.
import { describe, expect, it } from 'vitest'
import { lineage, type LineEntry } from '../../src/games/fold.js'

/** A log in short: O orders, R resolution, S setup, `r<K>` rollback to K, `x<N>` re-resolve of N, `a<seqs>` adjust. */
function log(...kinds: string[]): LineEntry[] {
  return kinds.map((k, i) => {
    const seq = i + 1
    if (k === 'S') return { seq, kind: 'SETUP', payload: null }
    if (k === 'O') return { seq, kind: 'ORDERS', payload: null }
    if (k === 'R') return { seq, kind: 'RESOLUTION', payload: null }
    if (k.startsWith('r')) return { seq, kind: 'CORRECTION', payload: { kind: 'rollback', toSeq: Number(k.slice(1)) } }
    if (k.startsWith('x')) return { seq, kind: 'CORRECTION', payload: { kind: 'reresolve', seq: Number(k.slice(1)) } }
    if (k.startsWith('a')) {
      const setAside = k.length > 1 ? k.slice(1).split(',').map(Number) : undefined
      return { seq, kind: 'CORRECTION', payload: { kind: 'adjust', ...(setAside ? { setAside } : {}) } }
    }
    throw new Error(k)
  })
}

const marks = (entries: LineEntry[]) => Object.fromEntries(lineage(entries).supersededBy)

describe('lineage', () => {
  it('a log without corrections is one line: nothing set aside, orders resolved once a resolution follows', () => {
    const l = lineage(log('S', 'O', 'R', 'O'))
    expect([...l.supersededBy]).toEqual([])
    expect(l.resolved(2)).toBe(true)
    expect(l.resolved(4)).toBe(false)
  })

  it('a rollback sets aside the entries after its target; orders undone before resolving stay unresolved', () => {
    // 1 S, 2 O, 3 R, 4 O (misclick), 5 rollback to 3, 6 O, 7 R
    const entries = log('S', 'O', 'R', 'O', 'r3', 'O', 'R')
    expect(marks(entries)).toEqual({ 4: 5 })
    const l = lineage(entries)
    expect(l.resolved(4)).toBe(false)
    expect(l.resolved(6)).toBe(true)
  })

  it('a rollback to an entry set aside brings its line back, and sets aside what it skips', () => {
    // 1 S, 2 O, 3 R, 4 O, 5 R, 6 rollback to 3 (sets aside 4-5), 7 O, 8 rollback to 5 (undoes the first rollback)
    const entries = log('S', 'O', 'R', 'O', 'R', 'r3', 'O', 'r5')
    expect(marks(entries)).toEqual({ 6: 8, 7: 8 })
  })

  it('a re-resolve sets aside the resolution and what followed; re-resolving an entry set aside revives it', () => {
    // 1 S, 2 O, 3 R, 4 O, 5 R, 6 re-resolve 5 (continues from 4)
    expect(marks(log('S', 'O', 'R', 'O', 'R', 'x5'))).toEqual({ 5: 6 })
    // ... then 7 rollback to 3, 8 re-resolve 5 again: 4 is back on the line, 6 and 7 are aside
    expect(marks(log('S', 'O', 'R', 'O', 'R', 'x5', 'r3', 'x5'))).toEqual({ 5: 6, 6: 7, 7: 8 })
  })

  it('a ruling on a dispute is a record beside the game: a rollback past it does not set it aside', () => {
    const entries = log('S', 'O', 'R', 'O')
    entries.push({ seq: 5, kind: 'MODERATION', payload: { action: 'ruling' } })
    entries.push({ seq: 6, kind: 'CORRECTION', payload: { kind: 'rollback', toSeq: 3 } })
    expect(marks(entries)).toEqual({ 4: 6 })
  })

  it('an adjustment sets aside the orders it drops, and they stay unresolved after the step resolves', () => {
    // 1 S, 2 O (FED-1), 3 adjust dropping 2, 4 O (FED-1 again), 5 O (FED-2), 6 R
    const entries = log('S', 'O', 'a2', 'O', 'O', 'R')
    expect(marks(entries)).toEqual({ 2: 3 })
    const l = lineage(entries)
    expect(l.resolved(2)).toBe(false)
    expect(l.resolved(4)).toBe(true)
    // Rolled back to before the adjustment: the orders are in again, and resolve.
    const undone = log('S', 'O', 'a2', 'r2', 'O', 'R')
    expect(marks(undone)).toEqual({ 3: 4 })
    expect(lineage(undone).resolved(2)).toBe(true)
  })
})
