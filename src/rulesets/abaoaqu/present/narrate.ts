// A-Bao-A-Qu's events in words a player reads: one sentence per event worth telling, with hexes
// and unit ids written as in the order notation (docs/orders-abaoaqu.md), so a player can answer
// "ZK1 at 1208" with orders naming the same things. Events come from the log, so every field is
// read defensively: a malformed event gets the generic line, never an exception.
import type { GameEvent } from '../../../engine/ruleset.js'
import { hexLabel } from '../engine/geometry.js'
import type { Hex } from '../engine/types.js'
import type { View } from '../engine/view.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'
import type { Pending } from '../../../engine/ruleset.js'
import { DEFAULT_LOCALE, translate, translator, type Locale, type Values } from '../../../i18n/index.js'

/** What narration needs to know about the game: names of units and sides, hex labels, the reader's words. */
export interface NarrationContext {
  /** "Zaku ZK1"; just "GM1" when the type's name is its code; the id itself when unknown. */
  unit(id: unknown): string
  sideOfUnit(id: unknown): string | null
  /** "Federation" for "FED"; the id itself when unknown. */
  side(id: unknown): string
  /** "0710" for [7, 10] or "0710"; "an unknown hex" otherwise. */
  hex(value: unknown): string
  /** The reader's language, and its messages of locales/<locale>/abaoaqu.json. */
  locale: Locale
  t(key: string, values?: Values): string
}

export function narrationContext(
  view: Pick<View, 'units' | 'unitTypes' | 'scenario'>,
  locale: Locale = DEFAULT_LOCALE,
): NarrationContext {
  const units = new Map(view.units.map((u) => [u.id, u]))
  const sides = new Map(view.scenario.sides.map((s) => [s.id, s.name]))
  const t = abaoaquWords(locale)
  return {
    unit(id) {
      const key = String(id)
      const u = units.get(key)
      const type = u ? view.unitTypes[u.type] : undefined
      if (!type || type.name === type.code || type.name === type.idPrefix) return key
      return `${type.name} ${key}`
    },
    sideOfUnit: (id) => units.get(String(id))?.side ?? null,
    side: (id) => sides.get(String(id)) ?? String(id),
    hex(value) {
      if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 0))
        return hexLabel(value as Hex)
      if (typeof value === 'string' && /^\d{4,}$/.test(value)) return value
      return t('unknownHex')
    },
    locale,
    t,
  }
}

/** A-Bao-A-Qu's messages in `locale` (locales/<locale>/abaoaqu.json). */
export function abaoaquWords(locale: Locale): (key: string, values?: Values) => string {
  return translator(locale, 'abaoaqu')
}

const STEPS = new Set(['deploy', 'move', 'attack-lead', 'attack-follow', 'over'])

/** A step id as players name it, for subjects and headings. */
export function abaoaquStepTitle(step: string, locale: Locale = DEFAULT_LOCALE): string {
  return STEPS.has(step) ? translate(locale, 'abaoaqu', `step.title.${step}`) : step
}

/** What a pending step takes, in the reader's language; the engine's words for a step it does not know. */
export function abaoaquStepDescription(pending: Pending, locale: Locale = DEFAULT_LOCALE): string {
  return STEPS.has(pending.step)
    ? translate(locale, 'abaoaqu', `step.description.${pending.step}`)
    : pending.description
}

const STATES = new Set(['N', 'C', 'D'])
const RESULTS: Record<string, string> = { '-': 'none', C: 'C', D: 'D', X: 'X' }
const MODES = new Set(['shoot', 'close', 'sm'])

/** A morale state's word ("confused"); the code itself when unknown. */
function stateWord(state: unknown, c: NarrationContext): string {
  return STATES.has(String(state)) ? c.t(`state.${String(state)}`) : String(state)
}

/**
 * "A", "A and B", "A, B and C" in English; `style` names the catalogue's list words ("list" for
 * units, "results" for the results of an attack, which Japanese joins differently).
 */
export function listWords(items: string[], locale: Locale = DEFAULT_LOCALE, style = 'list'): string {
  if (items.length <= 1) return items.join('')
  const t = abaoaquWords(locale)
  if (items.length === 2) return t(`${style}.pair`, { a: items[0], b: items[1] })
  return t(`${style}.last`, { rest: items.slice(0, -1).join(t(`${style}.sep`)), last: items[items.length - 1] })
}

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : []
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'
}

/** An event field a narrator needs is missing or of the wrong kind: the event gets the generic line. */
class MalformedEvent extends Error {}

function num(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new MalformedEvent(`expected a number, got ${String(value)}`)
  return value
}

function str(value: unknown): string {
  if (typeof value !== 'string' || !value) throw new MalformedEvent(`expected a string, got ${String(value)}`)
  return value
}

// ---- combat ---------------------------------------------------------------------------------

/** "Gundam GD1 and GM1 shoot at Zaku ZK1 in 1208: 11 vs 5, 2:1, shift +2 (attacker +2)". */
function attackBody(e: GameEvent, c: NarrationContext): string {
  const attackers = ids(e.attackers).map((id) => c.unit(id))
  const mode = MODES.has(String(e.mode)) ? String(e.mode) : 'any'
  return c.t(`attack.${mode}`, {
    count: attackers.length === 1 ? 1 : 2,
    attackers: listWords(attackers, c.locale),
    targets: listWords(
      ids(e.targets).map((id) => c.unit(id)),
      c.locale,
    ),
    hex: c.hex(e.hex),
    attack: num(e.attackTotal),
    defence: num(e.defenceTotal),
    odds: e.base === null ? c.t('attack.worthNothing') : c.t('attack.odds', { base: str(e.base) }),
    shift: shiftText(e, c),
  })
}

function shiftText(e: GameEvent, c: NarrationContext): string {
  const attacker = typeof e.attackerShift === 'number' ? e.attackerShift : 0
  const defender = typeof e.defenderShift === 'number' ? e.defenderShift : 0
  const net = typeof e.shift === 'number' ? e.shift : attacker - defender
  if (attacker === 0 && defender === 0) return ''
  const parts = [
    attacker ? c.t('attack.attackerPilots', { shift: signed(attacker) }) : '',
    defender ? c.t('attack.defenderPilots', { shift: signed(-defender) }) : '',
  ].filter(Boolean)
  return c.t('attack.shift', { net: signed(net), parts: parts.join(c.t('list.sep')) })
}

function declareLine(e: GameEvent, c: NarrationContext): string {
  const side = c.sideOfUnit(ids(e.attackers)[0])
  return c.t('attack.declared', {
    side: side ? c.side(side) : c.t('attack.leadOffSide'),
    attack: str(e.attack),
    body: attackBody(e, c),
  })
}

function resultText(r: unknown, c: NarrationContext): string {
  const { unit, modifier, result } = r as { unit?: unknown; modifier?: unknown; result?: unknown }
  const key = RESULTS[String(result)]
  if (!key) throw new MalformedEvent(`unknown result ${String(result)}`)
  const word = c.t(`result.${key}`)
  return typeof modifier === 'number' && modifier !== 0
    ? c.t('attack.resultModified', { unit: c.unit(unit), modifier: signed(modifier), result: word })
    : c.t('attack.result', { unit: c.unit(unit), result: word })
}

function attackLine(e: GameEvent, c: NarrationContext): string {
  const head = c.t('attack.head', { attack: str(e.attack), body: attackBody(e, c) })
  if (e.outcome === 'no target left') return c.t('attack.noTarget', { head })
  if (e.outcome === 'no effect')
    return c.t(e.column === 'below 1:4' ? 'attack.noEffectBelow' : 'attack.noEffect', { head })
  const results = Array.isArray(e.results) ? e.results.map((r) => resultText(r, c)) : []
  const column = str(e.column)
  return c.t('attack.rolled', {
    head,
    shifted: column === e.base ? '' : ` → ${column}`,
    roll: num(e.roll),
    results: results.length ? listWords(results, c.locale, 'results') : c.t('attack.nothing'),
  })
}

// ---- the end of the game --------------------------------------------------------------------

/**
 * The engine states why the game ended in English (the log keeps it). The reasons it writes are
 * read back into the catalogue's words; a reason of another shape is shown as it is.
 */
function reasonWords(reason: string, c: NarrationContext): string {
  return abaoaquReasonWords(reason, c.locale)
}

/** Why an A-Bao-A-Qu game ended, in `locale`; a reason of an unknown shape as it is. */
export function abaoaquReasonWords(reason: string, locale: Locale = DEFAULT_LOCALE): string {
  const c = { t: abaoaquWords(locale) }
  let m: RegExpMatchArray | null
  if (reason === 'both sides were destroyed') return c.t('reason.bothDestroyed')
  if (reason === 'both fleets were forced to retreat') return c.t('reason.bothRetreat')
  if ((m = /^every unit of (.+) was destroyed$/.exec(reason))) return c.t('reason.sideDestroyed', { side: m[1] })
  if ((m = /^(.+) was forced to retreat$/.exec(reason))) return c.t('reason.sideRetreat', { side: m[1] })
  if ((m = /^(\d+) units held the (.+) for (\d+) turns$/.exec(reason)))
    return c.t('reason.held', { units: m[1], zone: m[2], turns: m[3] })
  if ((m = /^the turn limit \((\d+)\) was reached: ships destroyed (\d+–\d+)$/.exec(reason)))
    return c.t('reason.turnLimitShips', { turns: m[1], ships: m[2] })
  if ((m = /^the turn limit \((\d+)\) was reached$/.exec(reason))) return c.t('reason.turnLimit', { turns: m[1] })
  return reason
}

// ---- one event ------------------------------------------------------------------------------

type Narrator = (e: GameEvent, c: NarrationContext) => string | null

const NARRATORS: Record<string, Narrator> = {
  setup: (e, c) => c.t('event.setup', { scenario: str(e.scenario), players: num(e.players) }),
  remove: (e, c) => c.t('event.remove', { unit: c.unit(e.unit) }),
  'sm-spent': (e, c) => c.t('event.smSpent', { unit: c.unit(e.unit) }),
  'bd-launch': (e, c) =>
    c.t(e.hit === true ? 'event.bdHit' : 'event.bdMiss', {
      unit: c.unit(e.unit),
      hex: c.hex(e.hex),
      roll: num(e.roll),
    }),
  'bd-expire': (e, c) => c.t('event.bdExpire', { hex: c.hex(e.hex), placed: num(e.placed) }),
  flip: (e, c) => c.t('event.flip', { unit: c.unit(e.unit) }),
  declare: declareLine,
  attack: attackLine,
  'attack-void': (e, c) => c.t('attack.void', { reason: str(e.reason) }),
  recovery: (e, c) =>
    c.t(e.recovered === true ? 'event.recovered' : 'event.stillDown', {
      unit: c.unit(e.unit),
      state: stateWord(str(e.from), c),
      roll: num(e.roll),
    }),
  turn: (e, c) => c.t('event.turn', { turn: num(e.turn), side: c.side(e.leadOff) }),
  'lead-off': (e, c) => c.t('event.leadOff', { roll: num(e.roll), side: c.side(e.side) }),
  pass: (e, c) => c.t('event.pass', { side: c.side(e.side), step: abaoaquStepTitle(str(e.step), c.locale) }),
  'arrival-roll': (e, c) =>
    c.t('event.arrivalRoll', { group: str(e.group), roll: num(e.roll), turn: num(e.arrivalTurn) }),
  occupation: (e, c) =>
    e.qualified === true
      ? c.t('event.held', { side: c.side(e.side), streak: num(e.streak), needed: num(e.needed) })
      : c.t('event.notHeld', { side: c.side(e.side) }),
  'game-over': (e, c) =>
    e.winner === null
      ? c.t('event.draw', { reason: reasonWords(str(e.reason), c) })
      : c.t('event.won', { side: c.side(e.winner), reason: reasonWords(str(e.reason), c) }),
  // Bookkeeping: a phase starting tells nothing, and standing orders are private to their seat.
  phase: () => null,
  standing: () => null,
}

function narrateOne(e: GameEvent, c: NarrationContext): string | null {
  const narrator = NARRATORS[e.type]
  if (!narrator) return fallbackLine(e)
  try {
    return narrator(e, c)
  } catch (err) {
    // A malformed event is expected (events come from the log); anything else is a narrator's bug.
    if (err instanceof MalformedEvent) return fallbackLine(e)
    throw err
  }
}

// ---- moves, grouped -------------------------------------------------------------------------

const MOVES = new Set(['move', 'enter', 'deploy'])

/** One line for the units of one move order: consecutive events with the same kind, from and to. */
function movesLine(type: string, units: string[], from: unknown, to: unknown, c: NarrationContext): string {
  const who = listWords(
    units.map((id) => c.unit(id)),
    c.locale,
  )
  if (type === 'enter') return c.t('move.enter', { units: who, to: c.hex(to) })
  if (type === 'deploy')
    return c.t('move.deploy', { count: units.length, units: who, from: c.hex(from), to: c.hex(to) })
  return c.t('move.move', { units: who, from: c.hex(from), to: c.hex(to) })
}

function moveKey(e: GameEvent): string {
  return `${e.type}|${JSON.stringify(e.from ?? null)}|${JSON.stringify(e.to ?? null)}`
}

/** Narrates the events of one or more resolutions, in order. */
export function narrateAbaoaqu(events: readonly GameEvent[], c: NarrationContext): string[] {
  const lines: string[] = []
  // A return-fire attack is declared and resolved at once: the resolution line says it all.
  const resolved = new Set(events.filter((e) => e?.type === 'attack').map((e) => String(e.attack)))
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!
    if (typeof e !== 'object' || e === null) {
      lines.push(fallbackLine(e))
      continue
    }
    if (MOVES.has(e.type) && typeof e.unit === 'string') {
      const units = [e.unit]
      while (i + 1 < events.length && typeof events[i + 1]?.unit === 'string' && moveKey(events[i + 1]!) === moveKey(e))
        units.push(String(events[++i]!.unit))
      lines.push(movesLine(e.type, units, e.from, e.to, c))
      continue
    }
    if (e.type === 'declare' && resolved.has(String(e.attack))) continue
    const line = narrateOne(e, c)
    if (line) lines.push(line)
  }
  return lines
}
