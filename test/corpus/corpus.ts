// The corpus of recorded games (docs/engine-versions.md): complete logs, from the fuzzer and from play
// through the HTTP API, each with the state, outcome and head hash it ended at. Replaying one folds
// its log with the server's own fold (src/games/fold.ts) under the game's rules version.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createDice } from '../../src/engine/dice.js'
import { RulesVersionError, type Outcome } from '../../src/engine/ruleset.js'
import type { AnyRuleset } from '../../src/rulesets/index.js'
import { applyEntry, outcomeOf, submissionsOf, type Folded, type ResolutionPayload } from '../../src/games/fold.js'
import { rulesetOf } from '../../src/games/load.js'
import { canonicalJson, entryHash, type Entry, type LogKind } from '../../src/store/log.js'

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'games')

/** One log entry as recorded; its prevHash is the hash of the entry before it. */
export interface CorpusEntry {
  seq: number
  kind: LogKind
  seat: string | null
  userId: string | null
  createdAt: string
  salt: string | null
  payload: unknown
  hash: string
}

export interface CorpusGame {
  format: 1
  /** How the game was played: the fuzzer (with its own seed) or the HTTP API. */
  source: string
  ruleset: string
  rulesVersion: string
  gameId: string
  /** The game's dice seed (revealed: the game is over). */
  seed: string
  entries: CorpusEntry[]
  /** Where the game ended when it was recorded. */
  final: {
    seq: number
    /** sha256 of the canonical JSON of the fold after the last entry. */
    stateHash: string
    outcome: Outcome | null
    /** The hash of the last entry. */
    head: string
  }
}

/** What a replay found: where it ended, and every step that came out other than recorded. */
export interface ReplayResult {
  seq: number
  stateHash: string
  outcome: Outcome | null
  head: string
  mismatches: Array<{ seq: number; problem: string }>
}

export function stateHash(f: Folded): string {
  return createHash('sha256').update(canonicalJson(f)).digest('hex')
}

export function toEntry(game: Pick<CorpusGame, 'gameId'>, e: CorpusEntry, prevHash: string): Entry {
  return { ...e, gameId: game.gameId, createdAt: new Date(e.createdAt), prevHash }
}

/**
 * Replays a recorded game: each entry must still match its hash, each resolution must give the
 * recorded events and rolls, and the fold (the server's) gives the final state. A replay that goes
 * elsewhere stops at the first entry the rules refuse; one under rules the engine does not play throws
 * RulesVersionError. `ruleset` is the registered one unless a test passes another.
 */
export function replay(game: CorpusGame, ruleset: AnyRuleset = rulesetOf(game)): ReplayResult {
  const mismatches: ReplayResult['mismatches'] = []
  const context = { seed: game.seed, rulesVersion: game.rulesVersion }
  let f: Folded | null = null
  let prev = ''
  for (const recorded of game.entries) {
    const e = toEntry(game, recorded, prev)
    if (entryHash(prev, e) !== recorded.hash)
      mismatches.push({ seq: e.seq, problem: 'the recorded entry does not match its hash' })
    try {
      if (e.kind === 'RESOLUTION' && f) mismatches.push(...resolutionMismatches(ruleset, game.seed, f, e))
      f = applyEntry(ruleset, context, f, e)
    } catch (err) {
      if (err instanceof RulesVersionError) throw err
      // Orders the rules now refuse where the units stand: the game went elsewhere before this entry.
      mismatches.push({ seq: e.seq, problem: `replay failed: ${(err as Error).message}` })
      break
    }
    prev = recorded.hash
  }
  if (!f) throw new Error(`corpus game ${game.gameId} has no entries`)
  return { seq: f.seq, stateHash: stateHash(f), outcome: outcomeOf(ruleset, f), head: prev, mismatches }
}

/** A resolution replayed from the state before it must give the recorded rolls and events. */
function resolutionMismatches(ruleset: AnyRuleset, seed: string, f: Folded, e: Entry): ReplayResult['mismatches'] {
  const p = e.payload as ResolutionPayload
  const again = ruleset.resolve(f.state, submissionsOf(p), createDice(seed, e.seq))
  const out: ReplayResult['mismatches'] = []
  if (canonicalJson(again.rolls) !== canonicalJson(p.rolls))
    out.push({ seq: e.seq, problem: `other rolls than recorded: ${firstDifference(p.rolls, again.rolls)}` })
  if (canonicalJson(again.events) !== canonicalJson(p.events))
    out.push({ seq: e.seq, problem: `other events than recorded: ${firstDifference(p.events, again.events)}` })
  return out
}

function firstDifference(recorded: unknown[], replayed: unknown[]): string {
  const n = Math.max(recorded.length, replayed.length)
  for (let i = 0; i < n; i++) {
    const a = canonicalJson(recorded[i] ?? null)
    const b = canonicalJson(replayed[i] ?? null)
    if (a !== b) return `#${i} recorded ${a.slice(0, 160)}, replayed ${b.slice(0, 160)}`
  }
  return 'none'
}

// Files: games/<ruleset>/<rules version>/<name>.json.gz, compact JSON.

export function corpusPath(game: Pick<CorpusGame, 'ruleset' | 'rulesVersion'>, name: string): string {
  return join(CORPUS_DIR, game.ruleset, game.rulesVersion, `${name}.json.gz`)
}

export function writeCorpusGame(path: string, game: CorpusGame): number {
  mkdirSync(dirname(path), { recursive: true })
  const bytes = gzipSync(JSON.stringify(game), { level: 9 })
  writeFileSync(path, bytes)
  return bytes.length
}

export function readCorpusGame(path: string): CorpusGame {
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as CorpusGame
}

/** Every corpus file, by its path under games/. */
export function corpusFiles(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (d.isDirectory()) walk(join(dir, d.name))
      else if (d.name.endsWith('.json.gz')) out.push(relative(CORPUS_DIR, join(dir, d.name)))
    }
  }
  walk(CORPUS_DIR)
  return out
}
