// Records the corpus of complete games (npm run corpus:record; docs/engine-versions.md): games of
// random legal orders for every scenario, player count and rules version the engine plays, and games
// played through the HTTP API on a real database. A file already in the corpus is never rewritten:
// it is the record of how its rules version plays. `--overwrite` re-records them all (only when the
// corpus format itself changes), `--only <text>` records the games whose name contains the text.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { seedCommitment } from '../../src/engine/dice.js'
import type { OptionSpec } from '../../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { applyEntry, outcomeOf, pendingOf, type Folded } from '../../src/games/fold.js'
import { ordersAndResolution } from '../../src/games/write.js'
import { loadFolded } from '../../src/games/load.js'
import { gameMetaRow, type GameRow } from '../../src/store/games.js'
import { entriesBetween, entryHash, type Entry, type NewEntry } from '../../src/store/log.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, startApp, type TestApp, type User } from '../http/helpers.js'
import { corpusPath, readCorpusGame, replay, stateHash, writeCorpusGame, type CorpusGame } from './corpus.js'

const SCENARIOS = ['A-S1', 'A-S2', 'A-S3', 'A-S4', 'A-S5', 'A-S6', 'A-S7']
const STEP_LIMIT = 2000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A uuid-shaped id derived from a name, so a re-recorded fuzz game is the same file. */
function idFrom(name: string): string {
  const h = sha256(`corpus game id:${name}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

// The fuzzer's player draws the ranks of a shift freely and lets a unit shoot and close-attack,
// which newtypeShift=always and shootAndClose=either refuse: those stay at their default.
const FIXED_OPTIONS = new Set(['deployment', 'newtypeShift', 'shootAndClose'])

/** Half the options at their default, the others drawn: the corpus covers the rules' alternatives. */
function randomOptions(
  specs: readonly OptionSpec[],
  r: () => number,
  booleans = true,
): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = { deployment: r() < 0.5 ? 'auto' : 'players' }
  for (const spec of specs) {
    if (FIXED_OPTIONS.has(spec.id) || (!booleans && typeof spec.default === 'boolean') || r() < 0.5) continue
    options[spec.id] = spec.values[Math.floor(r() * spec.values.length)]!
  }
  return options
}

/** Entries chained as the server chains them, with salts and times derived from the game. */
function chain(game: GameRow, entries: NewEntry[]): Entry[] {
  return entries.map((e) => {
    const seq = ++game.logSeq
    const base = {
      ...e,
      gameId: game.id,
      seq,
      createdAt: new Date(Date.UTC(2026, 0, 1) + seq * 60_000),
      salt: sha256(`corpus salt:${game.seed}:${seq}`).slice(0, 32),
    }
    const hash = entryHash(game.lastHash, base)
    const entry = { ...base, prevHash: game.lastHash, hash }
    game.lastHash = hash
    return entry
  })
}

function toCorpus(game: GameRow, source: string, entries: Entry[], f: Folded): CorpusGame {
  return {
    format: 1,
    source,
    ruleset: game.ruleset,
    rulesVersion: game.rulesVersion,
    gameId: game.id,
    seed: game.seed,
    entries: entries.map((e) => ({
      seq: e.seq,
      kind: e.kind,
      seat: e.seat,
      userId: e.userId,
      createdAt: e.createdAt.toISOString(),
      salt: e.salt,
      payload: e.payload,
      hash: e.hash,
    })),
    final: { seq: f.seq, stateHash: stateHash(f), outcome: outcomeOf(abaoaqu, f), head: entries.at(-1)!.hash },
  }
}

interface FuzzSpec {
  name: string
  scenario: string
  players: number
  rulesVersion: string
  fuzzSeed: number
  /** Moves the game to other rules (a MODERATION entry) before this step. */
  migrate?: { beforeStep: number; to: string }
}

/** A game of random legal orders, written through the server's own fold and write path (no database). */
function recordFuzz(spec: FuzzSpec): CorpusGame {
  const r = rng(spec.fuzzSeed)
  const game: GameRow = {
    id: idFrom(spec.name),
    ruleset: abaoaqu.id,
    rulesVersion: spec.rulesVersion,
    seed: sha256(`corpus seed:${spec.name}`),
    logSeq: 0,
    lastHash: '',
    status: 'ACTIVE',
    phaseHours: 24,
    deadlineAt: null,
  }
  const scenario = loadAbaoaquScenario(spec.scenario)
  const layout = scenario.seatLayouts.find((l) => l.players === spec.players)!
  const setup: NewEntry = {
    kind: 'SETUP',
    seat: null,
    userId: null,
    payload: {
      scenario,
      config: {
        players: spec.players,
        options: randomOptions(abaoaqu.optionSpecs, r),
        rulesVersion: spec.rulesVersion,
      },
      seedCommitment: seedCommitment(game.seed),
      seats: Object.fromEntries(layout.seats.map((s) => [s.id, null])),
    },
  }
  const entries = chain(game, [setup])
  let f = applyEntry(abaoaqu, game, null, entries[0]!)
  let steps = 0
  while (!outcomeOf(abaoaqu, f)) {
    if (++steps > STEP_LIMIT) throw new Error(`${spec.name}: no end after ${STEP_LIMIT} steps`)
    if (spec.migrate?.beforeStep === steps) {
      const payload = {
        action: 'rules-version',
        from: abaoaqu.versionOf(f.state),
        to: spec.migrate.to,
        reason: 'corpus',
      }
      const [moved] = chain(game, [{ kind: 'MODERATION', seat: null, userId: null, payload }])
      f = applyEntry(abaoaqu, game, f, moved!)
      entries.push(moved!)
    }
    const state = f.state as State
    const submissions: Record<string, Order[]> = {}
    for (const seat of pendingOf(abaoaqu, f).flatMap((p) => p.seats)) {
      const orders = randomOrders(state, seat, r, submissions)
      const errors = abaoaqu.validate(state, seat, orders, submissions)
      if (errors.length) throw new Error(`${spec.name}: random orders refused: ${JSON.stringify(errors)}`)
      submissions[seat] = orders
    }
    const given = Object.entries(submissions).map(([seat, orders]) => ({ seat, orders, userId: null }))
    const written = chain(game, ordersAndResolution(game, f, [], given).entries)
    for (const e of written) f = applyEntry(abaoaqu, game, f, e)
    entries.push(...written)
  }
  const moved = spec.migrate ? `, moved to ${spec.migrate.to} before step ${spec.migrate.beforeStep}` : ''
  return toCorpus(game, `fuzz: random legal orders (random-orders.ts), fuzz seed ${spec.fuzzSeed}${moved}`, entries, f)
}

interface HttpSpec {
  name: string
  scenario: string
  players: number
  rulesVersion: string
  fuzzSeed: number
}

/**
 * A game played through the HTTP API: accounts register, one creates the game, the others join, and
 * each seat to act sends its orders (JSON or the text notation) until the game ends. The orders are
 * drawn by the fuzzer's player from the state the server folds; the log is read back from the database
 * and must be the one /log shows and /verify accepts.
 */
async function recordHttp(h: TestApp, spec: HttpSpec): Promise<CorpusGame> {
  const r = rng(spec.fuzzSeed)
  const scenario = loadAbaoaquScenario(spec.scenario)
  const layout = scenario.seatLayouts.find((l) => l.players === spec.players)!
  const users: User[] = []
  for (let i = 0; i < spec.players; i++) users.push(await register(h.app, `Player${i + 1}`))
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(users[0]!),
    payload: {
      ruleset: 'abaoaqu',
      scenario: spec.scenario,
      players: spec.players,
      seat: layout.seats[0]!.id,
      // POST /games reads a boolean option as a string (its schema coerces types): those keep their default.
      options: randomOptions(abaoaqu.optionSpecs, r, false),
    },
  })
  if (created.statusCode !== 201) throw new Error(`${spec.name}: create: ${created.statusCode} ${created.body}`)
  const id = created.json().id as string
  // A game created before the server moved on to newer rules keeps the version it was created with.
  if (spec.rulesVersion !== abaoaqu.version)
    await h.t.sql(`UPDATE "Game" SET "rulesVersion" = $1 WHERE id = $2`, [spec.rulesVersion, id])
  const holder = new Map<string, User>([[layout.seats[0]!.id, users[0]!]])
  for (let i = 1; i < spec.players; i++) {
    const seat = layout.seats[i]!.id
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/join`,
      headers: as(users[i]!),
      payload: { seat },
    })
    if (res.statusCode !== 200) throw new Error(`${spec.name}: join: ${res.statusCode} ${res.body}`)
    holder.set(seat, users[i]!)
  }
  for (let steps = 0; ; steps++) {
    if (steps > STEP_LIMIT) throw new Error(`${spec.name}: no end after ${STEP_LIMIT} steps`)
    const summary = (await h.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(users[0]!) })).json()
    if (summary.status === 'FINISHED') break
    const meta = (await gameMetaRow(h.t.db, id))!
    const f = (await loadFolded(h.t.db, meta))!
    const seat = (summary.pending as Array<{ seats: string[] }>).flatMap((p) => p.seats)[0]!
    const orders = randomOrders(f.state as State, seat, r, f.submitted as Record<string, Order[]>)
    const pass = abaoaqu.onlyStanding!(orders)
    const asText = r() < 0.5
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(holder.get(seat)!),
      payload: asText
        ? { seat, text: orders.length ? abaoaqu.formatOrders(orders, f.state) + (pass ? '\npass' : '') : 'pass' }
        : { seat, orders, ...(pass ? { pass } : {}) },
    })
    if (res.statusCode !== 200) throw new Error(`${spec.name}: orders of ${seat}: ${res.statusCode} ${res.body}`)
  }
  const verify = (await h.app.inject({ method: 'GET', url: `/games/${id}/verify`, headers: as(users[0]!) })).json()
  if (!verify.ok) throw new Error(`${spec.name}: /verify refuses the game: ${JSON.stringify(verify)}`)
  const rows = await entriesBetween(h.t.db, id, 0)
  const log: Array<{ seq: number; hash: string }> = []
  for (let after: number | null = 0; after !== null;) {
    const page = (
      await h.app.inject({ method: 'GET', url: `/games/${id}/log?after=${after}&limit=500`, headers: as(users[0]!) })
    ).json() as { entries: Array<{ seq: number; hash: string }>; next: number | null }
    log.push(...page.entries)
    after = page.next
  }
  if (log.map((e) => e.hash).join() !== rows.map((e) => e.hash).join())
    throw new Error(`${spec.name}: /log does not show the entries the database holds`)
  const meta = (await gameMetaRow(h.t.db, id))!
  const f = (await loadFolded(h.t.db, meta))!
  const game: GameRow = { ...meta, seed: verify.seed as string }
  return toCorpus(
    game,
    `http: played through the HTTP API, ${spec.players} accounts, fuzz seed ${spec.fuzzSeed}`,
    rows,
    f,
  )
}

/** Every game the corpus holds: each scenario at each player count, under every version the engine plays. */
function fuzzSpecs(): FuzzSpec[] {
  const specs: FuzzSpec[] = []
  abaoaqu.versions.forEach((rulesVersion, v) => {
    SCENARIOS.forEach((scenario, s) => {
      const counts = loadAbaoaquScenario(scenario).seatLayouts.map((l) => l.players)
      // The current version at every player count; older ones at one count per scenario, in turn.
      const played = rulesVersion === abaoaqu.version ? counts : [counts[(s + v) % counts.length]!]
      for (const players of played) {
        const fuzzSeed = 7000 + 100 * s + 10 * players + v
        specs.push({ name: `fuzz-${scenario}-${players}p-${fuzzSeed}`, scenario, players, rulesVersion, fuzzSeed })
      }
    })
  })
  // A running game moved to the current rules half way (docs/engine-versions.md).
  const [first] = abaoaqu.versions
  if (first !== abaoaqu.version)
    specs.push({
      name: `fuzz-A-S4-2p-7399-to-${abaoaqu.version}`,
      scenario: 'A-S4',
      players: 2,
      rulesVersion: first!,
      fuzzSeed: 7399,
      migrate: { beforeStep: 40, to: abaoaqu.version },
    })
  return specs
}

function httpSpecs(): HttpSpec[] {
  return abaoaqu.versions.map((rulesVersion, v) => {
    const [scenario, players] = v % 2 === 0 ? ['A-S4', 2] : ['A-S1', 3]
    const fuzzSeed = 9000 + v
    return {
      name: `http-${scenario}-${players}p-${fuzzSeed}`,
      scenario: scenario as string,
      players: players as number,
      rulesVersion,
      fuzzSeed,
    }
  })
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const overwrite = args.includes('--overwrite')
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined
  const wanted = <T extends { name: string; rulesVersion: string }>(s: T) =>
    (!only || s.name.includes(only)) && (overwrite || !existsSync(corpusPath({ ruleset: abaoaqu.id, ...s }, s.name)))
  const save = (name: string, game: CorpusGame) => {
    const again = replay(game)
    if (again.mismatches.length || again.stateHash !== game.final.stateHash)
      throw new Error(`${name}: the recorded game does not replay: ${JSON.stringify(again.mismatches.slice(0, 3))}`)
    const path = corpusPath(game, name)
    const bytes = writeCorpusGame(path, game)
    readCorpusGame(path)
    console.log(
      `${relative(process.cwd(), path)}: ${game.entries.length} entries, ${bytes} bytes, ${game.final.outcome?.reason}`,
    )
  }
  for (const spec of fuzzSpecs().filter(wanted)) save(spec.name, recordFuzz(spec))
  const http = httpSpecs().filter(wanted)
  if (http.length) {
    const h = await startApp()
    try {
      for (const spec of http) save(spec.name, await recordHttp(h, spec))
    } finally {
      await h.close()
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
