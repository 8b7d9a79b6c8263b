// Records the corpus of complete games (npm run corpus:record; docs/engine-versions.md): for every rule
// system, games of random legal orders for every scenario, player count and rules version its engine
// plays, and games played through the HTTP API on a real database. A file already in the corpus is never rewritten:
// it is the record of how its rules version plays. `--overwrite` re-records them all (only when the
// corpus format itself changes), `--only <text>` records the games whose name contains the text.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import { seedCommitment } from '../../src/engine/dice.js'
import type { OptionSpec } from '../../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../../src/rulesets/abaoaqu/engine/index.js'
import * as abaoaquPlayer from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { greennoa, type GnOrder, type GnState } from '../../src/rulesets/greennoa/engine/index.js'
import * as greennoaPlayer from '../../src/rulesets/greennoa/engine/random-orders.js'
import { realbattle, type RbOrder, type RbState } from '../../src/rulesets/realbattle/engine/index.js'
import * as realbattlePlayer from '../../src/rulesets/realbattle/engine/random-orders.js'
import { msaw, type MsOrder, type MsState } from '../../src/rulesets/msaw/engine/index.js'
import * as msawPlayer from '../../src/rulesets/msaw/engine/random-orders.js'
import { ruleSystem, type AnyRuleset } from '../../src/rulesets/index.js'
import { applyEntry, outcomeOf, pendingOf, type Folded } from '../../src/games/fold.js'
import { ordersAndResolution } from '../../src/games/write.js'
import { loadFolded } from '../../src/games/load.js'
import { gameMetaRow, type GameRow } from '../../src/store/games.js'
import { entriesBetween, entryHash, type Entry, type NewEntry } from '../../src/store/log.js'
import { as, register, startApp, type TestApp, type User } from '../http/helpers.js'
import { corpusPath, readCorpusGame, replay, stateHash, writeCorpusGame, type CorpusGame } from './corpus.js'

const STEP_LIMIT = 2000

/** What the recorder needs of a rule system beyond the registry: the fuzzer's player. */
interface CorpusPlayer {
  ruleset: AnyRuleset
  /** A seed range of its own, so adding a system never changes another's recorded games. */
  seedBase: number
  rng(seed: number): () => number
  /** Random legal orders for `seat` now, given the submissions of the step so far. */
  randomOrders(state: unknown, seat: string, r: () => number, submitted: Record<string, unknown[]>): unknown[]
  /** Options the fuzzer's player cannot play, left at their default. */
  fixedOptions: ReadonlySet<string>
  /** Option values chosen beside the specs (A-Bao-A-Qu's deployment). */
  extraOptions?(r: () => number): Record<string, string | number | boolean>
  /** Whether the orders are only standing ones, sent as a pass (systems with standing orders). */
  onlyStanding?(orders: unknown[]): boolean
  /** The scenario and player count of the HTTP game recorded for each rules version (its index). */
  httpGame(v: number): { scenario: string; players: number }
}

// A-Bao-A-Qu's fuzzer draws the ranks of a shift freely and lets a unit shoot and close-attack, which
// newtypeShift=always and shootAndClose=either refuse: those stay at their default.
const PLAYERS: CorpusPlayer[] = [
  {
    ruleset: abaoaqu,
    seedBase: 0,
    rng: abaoaquPlayer.rng,
    randomOrders: (state, seat, r, submitted) =>
      abaoaquPlayer.randomOrders(state as State, seat, r, submitted as Record<string, Order[]>),
    fixedOptions: new Set(['deployment', 'newtypeShift', 'shootAndClose']),
    extraOptions: (r) => ({ deployment: r() < 0.5 ? 'auto' : 'players' }),
    onlyStanding: (orders) => abaoaqu.onlyStanding!(orders as Order[]),
    httpGame: (v) => (v % 2 === 0 ? { scenario: 'A-S4', players: 2 } : { scenario: 'A-S1', players: 3 }),
  },
  {
    ruleset: greennoa,
    seedBase: 100_000,
    rng: greennoaPlayer.rng,
    randomOrders: (state, seat, r) => greennoaPlayer.randomOrders(state as GnState, seat, r) as GnOrder[],
    fixedOptions: new Set(),
    httpGame: () => ({ scenario: 'GN-S1', players: 2 }),
  },
  // Real Battle's random players rarely destroy every enemy: every corpus game has a turn limit (RB-23.7 [H]).
  {
    ruleset: realbattle,
    seedBase: 200_000,
    rng: realbattlePlayer.rng,
    randomOrders: (state, seat, r) => realbattlePlayer.randomOrders(state as RbState, seat, r) as RbOrder[],
    fixedOptions: new Set(['turnLimit']),
    extraOptions: (r) => ({ turnLimit: 3 + Math.floor(r() * 3) }),
    onlyStanding: (orders) => realbattle.onlyStanding!(orders as RbOrder[]),
    httpGame: () => ({ scenario: 'RB-23-S3', players: 4 }),
  },
  // MS@W's random players wander as much as they fight: every corpus game has a round limit (GAP-M-4).
  {
    ruleset: msaw,
    seedBase: 300_000,
    rng: msawPlayer.rng,
    randomOrders: (state, seat, r) => msawPlayer.randomOrders(state as MsState, seat, r) as MsOrder[],
    fixedOptions: new Set(['roundLimit']),
    extraOptions: (r) => ({ roundLimit: 3 + Math.floor(r() * 3) }),
    onlyStanding: (orders) => msaw.onlyStanding!(orders as MsOrder[]),
    httpGame: () => ({ scenario: 'M-S1', players: 2 }),
  },
]

function systemOf(player: CorpusPlayer) {
  const system = ruleSystem(player.ruleset.id)
  if (!system) throw new Error(`rule system ${player.ruleset.id} is not registered`)
  return system
}

/** A scenario as the server stores it in SETUP, with the seat layout for `players`. */
function scenarioOf(player: CorpusPlayer, id: string, players: number) {
  const entry = systemOf(player)
    .scenarios()
    .find((s) => s.summary.id === id)
  if (!entry) throw new Error(`${player.ruleset.id} has no scenario ${id}`)
  const layout = entry.summary.seatLayouts.find((l) => l.players === players)
  if (!layout) throw new Error(`${player.ruleset.id} scenario ${id} has no layout for ${players} players`)
  return { data: entry.data, layout }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A uuid-shaped id derived from a name, so a re-recorded fuzz game is the same file. */
function idFrom(name: string): string {
  const h = sha256(`corpus game id:${name}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** Half the options at their default, the others drawn: the corpus covers the rules' alternatives. */
function randomOptions(
  player: CorpusPlayer,
  specs: readonly OptionSpec[],
  r: () => number,
  booleans = true,
): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = player.extraOptions?.(r) ?? {}
  for (const spec of specs) {
    if (player.fixedOptions.has(spec.id) || (!booleans && typeof spec.default === 'boolean') || r() < 0.5) continue
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

function toCorpus(ruleset: AnyRuleset, game: GameRow, source: string, entries: Entry[], f: Folded): CorpusGame {
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
    final: { seq: f.seq, stateHash: stateHash(f), outcome: outcomeOf(ruleset, f), head: entries.at(-1)!.hash },
  }
}

interface FuzzSpec {
  player: CorpusPlayer
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
  const { player } = spec
  const ruleset = player.ruleset
  const r = player.rng(spec.fuzzSeed)
  const game: GameRow = {
    id: idFrom(spec.name),
    ruleset: ruleset.id,
    rulesVersion: spec.rulesVersion,
    seed: sha256(`corpus seed:${spec.name}`),
    logSeq: 0,
    lastHash: '',
    status: 'ACTIVE',
    phaseHours: 24,
    deadlineAt: null,
  }
  const { data: scenario, layout } = scenarioOf(player, spec.scenario, spec.players)
  const setup: NewEntry = {
    kind: 'SETUP',
    seat: null,
    userId: null,
    payload: {
      scenario,
      config: {
        players: spec.players,
        options: randomOptions(player, ruleset.optionSpecs, r),
        rulesVersion: spec.rulesVersion,
      },
      seedCommitment: seedCommitment(game.seed),
      seats: Object.fromEntries(layout.seats.map((s) => [s.id, null])),
    },
  }
  const entries = chain(game, [setup])
  let f = applyEntry(ruleset, game, null, entries[0]!)
  let steps = 0
  while (!outcomeOf(ruleset, f)) {
    if (++steps > STEP_LIMIT) throw new Error(`${spec.name}: no end after ${STEP_LIMIT} steps`)
    if (spec.migrate?.beforeStep === steps) {
      const payload = {
        action: 'rules-version',
        from: ruleset.versionOf(f.state),
        to: spec.migrate.to,
        reason: 'corpus',
      }
      const [moved] = chain(game, [{ kind: 'MODERATION', seat: null, userId: null, payload }])
      f = applyEntry(ruleset, game, f, moved!)
      entries.push(moved!)
    }
    const state = f.state
    const submissions: Record<string, unknown[]> = {}
    for (const seat of pendingOf(ruleset, f).flatMap((p) => p.seats)) {
      const orders = player.randomOrders(state, seat, r, submissions)
      const errors = ruleset.validate(state, seat, orders, submissions)
      if (errors.length) throw new Error(`${spec.name}: random orders refused: ${JSON.stringify(errors)}`)
      submissions[seat] = orders
    }
    const given = Object.entries(submissions).map(([seat, orders]) => ({ seat, orders, userId: null }))
    const written = chain(game, ordersAndResolution(game, f, [], given).entries)
    for (const e of written) f = applyEntry(ruleset, game, f, e)
    entries.push(...written)
  }
  const moved = spec.migrate ? `, moved to ${spec.migrate.to} before step ${spec.migrate.beforeStep}` : ''
  const source = `fuzz: random legal orders (random-orders.ts), fuzz seed ${spec.fuzzSeed}${moved}`
  return toCorpus(ruleset, game, source, entries, f)
}

interface HttpSpec {
  player: CorpusPlayer
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
  const { player } = spec
  const ruleset = player.ruleset
  const r = player.rng(spec.fuzzSeed)
  const { layout } = scenarioOf(player, spec.scenario, spec.players)
  const users: User[] = []
  for (let i = 0; i < spec.players; i++) users.push(await register(h.app, `Player${i + 1}`))
  const created = await h.app.inject({
    method: 'POST',
    url: '/games',
    headers: as(users[0]!),
    payload: {
      ruleset: ruleset.id,
      scenario: spec.scenario,
      players: spec.players,
      seat: layout.seats[0]!.id,
      // POST /games reads a boolean option as a string (its schema coerces types): those keep their default.
      options: randomOptions(player, ruleset.optionSpecs, r, false),
    },
  })
  if (created.statusCode !== 201) throw new Error(`${spec.name}: create: ${created.statusCode} ${created.body}`)
  const id = created.json().id as string
  // A game created before the server moved on to newer rules keeps the version it was created with.
  if (spec.rulesVersion !== ruleset.version)
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
    const orders = player.randomOrders(f.state, seat, r, f.submitted as Record<string, unknown[]>)
    const pass = player.onlyStanding?.(orders) ?? false
    const asText = r() < 0.5
    const res = await h.app.inject({
      method: 'POST',
      url: `/games/${id}/orders`,
      headers: as(holder.get(seat)!),
      payload: asText
        ? { seat, text: orders.length ? ruleset.formatOrders(orders, f.state) + (pass ? '\npass' : '') : 'pass' }
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
    ruleset,
    game,
    `http: played through the HTTP API, ${spec.players} accounts, fuzz seed ${spec.fuzzSeed}`,
    rows,
    f,
  )
}

/** Every game the corpus holds: each scenario at each player count, under every version the engine plays. */
function fuzzSpecs(player: CorpusPlayer): FuzzSpec[] {
  const { ruleset } = player
  const specs: FuzzSpec[] = []
  const scenarios = systemOf(player)
    .scenarios()
    .map((s) => s.summary)
  ruleset.versions.forEach((rulesVersion, v) => {
    scenarios.forEach((scenario, s) => {
      const counts = scenario.seatLayouts.map((l) => l.players)
      // The current version at every player count; older ones at one count per scenario, in turn.
      const played = rulesVersion === ruleset.version ? counts : [counts[(s + v) % counts.length]!]
      for (const players of played) {
        const fuzzSeed = player.seedBase + 7000 + 100 * s + 10 * players + v
        const name = `fuzz-${scenario.id}-${players}p-${fuzzSeed}`
        specs.push({ player, name, scenario: scenario.id, players, rulesVersion, fuzzSeed })
      }
    })
  })
  // A running game moved to the current rules half way (docs/engine-versions.md).
  const [first] = ruleset.versions
  if (first !== ruleset.version && ruleset.id === abaoaqu.id)
    specs.push({
      player,
      name: `fuzz-A-S4-2p-7399-to-${ruleset.version}`,
      scenario: 'A-S4',
      players: 2,
      rulesVersion: first!,
      fuzzSeed: 7399,
      migrate: { beforeStep: 40, to: ruleset.version },
    })
  return specs
}

function httpSpecs(player: CorpusPlayer): HttpSpec[] {
  return player.ruleset.versions.map((rulesVersion, v) => {
    const { scenario, players } = player.httpGame(v)
    const fuzzSeed = player.seedBase + 9000 + v
    return { player, name: `http-${scenario}-${players}p-${fuzzSeed}`, scenario, players, rulesVersion, fuzzSeed }
  })
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const overwrite = args.includes('--overwrite')
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined
  const wanted = <T extends { player: CorpusPlayer; name: string; rulesVersion: string }>(s: T) =>
    (!only || s.name.includes(only)) &&
    (overwrite || !existsSync(corpusPath({ ruleset: s.player.ruleset.id, ...s }, s.name)))
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
  for (const spec of PLAYERS.flatMap(fuzzSpecs).filter(wanted)) save(spec.name, recordFuzz(spec))
  const http = PLAYERS.flatMap(httpSpecs).filter(wanted)
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
