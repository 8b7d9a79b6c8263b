// A-Bao-A-Qu's events in words a player reads: one sentence per event worth telling, with hexes
// and unit ids written as in the order notation (docs/orders-abaoaqu.md), so a player can answer
// "ZK1 at 1208" with orders naming the same things. Events come from the log, so every field is
// read defensively: a malformed event gets the generic line, never an exception.
import type { GameEvent } from '../../../engine/ruleset.js'
import { hexLabel } from '../engine/geometry.js'
import type { Hex } from '../engine/types.js'
import type { View } from '../engine/view.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'

/** What narration needs to know about the game: names of units and sides, hex labels. */
export interface NarrationContext {
  /** "Zaku ZK1"; just "GM1" when the type's name is its code; the id itself when unknown. */
  unit(id: unknown): string
  sideOfUnit(id: unknown): string | null
  /** "Federation" for "FED"; the id itself when unknown. */
  side(id: unknown): string
  /** "0710" for [7, 10] or "0710"; "an unknown hex" otherwise. */
  hex(value: unknown): string
}

export function narrationContext(view: Pick<View, 'units' | 'unitTypes' | 'scenario'>): NarrationContext {
  const units = new Map(view.units.map((u) => [u.id, u]))
  const sides = new Map(view.scenario.sides.map((s) => [s.id, s.name]))
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
      return 'an unknown hex'
    },
  }
}

const STEP_TITLES: Record<string, string> = {
  deploy: 'set-up',
  move: 'movement phase',
  'attack-lead': 'combat phase',
  'attack-follow': 'combat phase (return fire)',
  over: 'end of the game',
}

/** A step id as players name it, for subjects and headings. */
export function abaoaquStepTitle(step: string): string {
  return STEP_TITLES[step] ?? step
}

const STATE_WORDS: Record<string, string> = { N: 'steady', C: 'confused', D: 'panicked' }
const RESULT_WORDS: Record<string, string> = { '-': 'unharmed', C: 'confused', D: 'panicked', X: 'eliminated' }
/** Verb for one attacker, then for several. */
const MODE_VERBS: Record<string, [string, string]> = {
  shoot: ['shoots at', 'shoot at'],
  close: ['closes with', 'close with'],
  sm: ['strikes', 'strike'],
}

/** "A", "A and B", "A, B and C". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
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
  const [one, many] = MODE_VERBS[String(e.mode)] ?? ['attacks', 'attack']
  const verb = attackers.length === 1 ? one : many
  const odds = e.base === null ? 'worth nothing' : `odds ${str(e.base)}`
  const targets = listWords(ids(e.targets).map((id) => c.unit(id)))
  return (
    `${listWords(attackers)} ${verb} ${targets} in ${c.hex(e.hex)}: ` +
    `${num(e.attackTotal)} vs ${num(e.defenceTotal)}, ${odds}${shiftText(e)}`
  )
}

function shiftText(e: GameEvent): string {
  const attacker = typeof e.attackerShift === 'number' ? e.attackerShift : 0
  const defender = typeof e.defenderShift === 'number' ? e.defenderShift : 0
  const net = typeof e.shift === 'number' ? e.shift : attacker - defender
  if (attacker === 0 && defender === 0) return ''
  const parts = [
    attacker ? `attacker's pilots ${signed(attacker)}` : '',
    defender ? `defender's pilots ${signed(-defender)}` : '',
  ].filter(Boolean)
  return `, shift ${signed(net)} (${parts.join(', ')})`
}

function declareLine(e: GameEvent, c: NarrationContext): string {
  const side = c.sideOfUnit(ids(e.attackers)[0])
  const who = side ? c.side(side) : 'The lead-off side'
  return `${who} declared attack ${str(e.attack)}: ${attackBody(e, c)}; it resolves in the damage check.`
}

function resultText(r: unknown, c: NarrationContext): string {
  const { unit, modifier, result } = r as { unit?: unknown; modifier?: unknown; result?: unknown }
  const word = RESULT_WORDS[String(result)]
  if (!word) throw new MalformedEvent(`unknown result ${String(result)}`)
  const mod = typeof modifier === 'number' && modifier !== 0 ? ` (die ${signed(modifier)} for its state)` : ''
  return `${c.unit(unit)}${mod} ${word}`
}

function attackLine(e: GameEvent, c: NarrationContext): string {
  const head = `Attack ${str(e.attack)}: ${attackBody(e, c)}`
  if (e.outcome === 'no target left') return `${head}; no target was left when it resolved.`
  if (e.outcome === 'no effect')
    return `${head}${e.column === 'below 1:4' ? ', below 1:4' : ''}: no effect, no die rolled.`
  const results = Array.isArray(e.results) ? e.results.map((r) => resultText(r, c)) : []
  const column = str(e.column)
  const shifted = column === e.base ? '' : ` → ${column}`
  return `${head}${shifted}; die ${num(e.roll)}: ${results.length ? listWords(results) : 'no effect'}.`
}

// ---- one event ------------------------------------------------------------------------------

type Narrator = (e: GameEvent, c: NarrationContext) => string | null

const NARRATORS: Record<string, Narrator> = {
  setup: (e) => `The game was set up: scenario ${str(e.scenario)}, ${num(e.players)} players.`,
  remove: (e, c) => `${c.unit(e.unit)} was removed from an over-stacked hex (A-5-6).`,
  'sm-spent': (e, c) => `${c.unit(e.unit)} has spent itself and left the map.`,
  'bd-launch': (e, c) =>
    e.hit === true
      ? `${c.unit(e.unit)} fired its BD missile at ${c.hex(e.hex)}: die ${num(e.roll)}, a hit; ` +
        `a beam-disruption screen now covers the area around ${c.hex(e.hex)}.`
      : `${c.unit(e.unit)} fired its BD missile at ${c.hex(e.hex)}: die ${num(e.roll)}, a miss.`,
  'bd-expire': (e, c) => `The BD screen at ${c.hex(e.hex)} (laid on turn ${num(e.placed)}) has dissipated.`,
  flip: (e, c) => `${c.unit(e.unit)} fired its large missile and turned to its back side.`,
  declare: declareLine,
  attack: attackLine,
  'attack-void': (e) => `An attack was called off: ${str(e.reason)}.`,
  recovery: (e, c) =>
    e.recovered === true
      ? `${c.unit(e.unit)} recovered from being ${STATE_WORDS[str(e.from)] ?? e.from} (die ${num(e.roll)}).`
      : `${c.unit(e.unit)} is still ${STATE_WORDS[str(e.from)] ?? e.from} (die ${num(e.roll)}).`,
  turn: (e, c) => `Turn ${num(e.turn)} began; ${c.side(e.leadOff)} leads off.`,
  'lead-off': (e, c) => `Lead-off roll: die ${num(e.roll)}, ${c.side(e.side)} leads off.`,
  pass: (e, c) => `${c.side(e.side)} had nothing to do in the ${abaoaquStepTitle(str(e.step))} and passed.`,
  'arrival-roll': (e) =>
    `Arrival roll for ${str(e.group)}: die ${num(e.roll)}; they arrive on turn ${num(e.arrivalTurn)}.`,
  occupation: (e, c) =>
    e.qualified === true
      ? `${c.side(e.side)} held the objective this turn: ${num(e.streak)} of ${num(e.needed)} turns in a row.`
      : `${c.side(e.side)} did not hold the objective all this turn; the count starts again.`,
  'game-over': (e, c) =>
    e.winner === null
      ? `The game is over, a draw: ${str(e.reason)}.`
      : `The game is over: ${c.side(e.winner)} wins; ${str(e.reason)}.`,
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
  const who = listWords(units.map((id) => c.unit(id)))
  const plural = units.length > 1
  if (type === 'enter') return `${who} entered the map at ${c.hex(to)}.`
  if (type === 'deploy') return `${who} ${plural ? 'were' : 'was'} set up at ${c.hex(to)} instead of ${c.hex(from)}.`
  return `${who} moved from ${c.hex(from)} to ${c.hex(to)}.`
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
