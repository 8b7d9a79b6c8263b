// Real Battle's events in the reader's words (the list at the end of engine/types.ts "Events"): one sentence
// an event, ATs by id, pilot and machine, "your" and "enemy" from the view's viewer, each die with what it
// was rolled for and the rule. Events come from the log and views may be read back from JSON: every field is
// read defensively, a malformed or unknown event gets the generic line, and nothing throws. Events never
// carry a sealed value, and the narration adds none: "A1's plan is sealed" names no number.
import type { GameEvent, Pending } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'
import type { AtView, RbView } from '../engine/types.js'
import { describeReason } from './outcome.js'
import {
  atName,
  campName,
  facingName,
  hexLabel,
  isRbView,
  relation,
  sentence,
  signed,
  weaponName,
  words,
  type Translate,
} from './words.js'

export const STEPS = ['deploy', 'action', 'attack', 'plan'] as const

/** A step id as players name it: "attack phase" / 「攻撃フェイズ」. */
export function stepTitle(step: string, locale: Locale): string {
  return (STEPS as readonly string[]).includes(step) ? words(locale)(`step.${step}`) : step
}

/** What a pending step takes, in the order notation, for the camp acting. */
export function describeStep(pending: Pending, locale: Locale): string {
  if (!(STEPS as readonly string[]).includes(pending.step)) return pending.description
  const t = words(locale)
  return t(`describe.${pending.step}`, { side: campName(locale, null, pending.side) })
}

// ---- context ----------------------------------------------------------------------------------------

/** What narration needs of the game: ATs and camps by name, hexes, in the reader's words. */
export interface NarrationContext {
  locale: Locale
  t: Translate
  view: RbView | null
  /** "your A1 Chirico (Scopedog)"; the id alone when the view does not know it. */
  at(id: unknown): string
  camp(id: unknown): string
  hex(value: unknown): string
  weapon(at: unknown, id: unknown): string
}

export function narrationContext(view: unknown, locale: Locale): NarrationContext {
  const v = isRbView(view) ? view : null
  const ats = new Map<string, AtView>((v?.ats ?? []).map((a) => [a.id, a]))
  const t = words(locale)
  return {
    locale,
    t,
    view: v,
    at(id) {
      const key = str(id)
      const a = ats.get(key)
      return t(`who.${relation(v, a)}`, { name: atName(locale, a, key) })
    },
    camp: (id) => campName(locale, v, str(id)),
    hex: (value) => hexLabel(value) ?? t('unknownHex'),
    weapon: (at, id) => weaponName(locale, ats.get(String(at)), str(id)),
  }
}

// ---- values -----------------------------------------------------------------------------------------

/** An event field a narrator needs is missing or of the wrong kind: the event gets the generic line. */
class MalformedEvent extends Error {}

function num(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new MalformedEvent(`expected a number: ${String(value)}`)
  return value
}

function str(value: unknown): string {
  if (typeof value !== 'string' || !value) throw new MalformedEvent(`expected a string: ${String(value)}`)
  return value
}

/** A die total: a number, or the dice as an array (summed). */
function total(value: unknown): number {
  if (Array.isArray(value) && value.length > 0) return value.reduce((s: number, d) => s + num(d), 0)
  return num(value)
}

const DIRS = ['FF', 'FR', 'BR', 'BB', 'BL', 'FL', 'FS', 'BS']

function direction(c: NarrationContext, value: unknown): string {
  const d = str(value)
  if (!DIRS.includes(d)) throw new MalformedEvent(`unknown direction ${d}`)
  return c.t(`dir.${d}`)
}

// ---- one event --------------------------------------------------------------------------------------

type Narrator = (e: GameEvent, c: NarrationContext) => string

function collision(e: GameEvent, c: NarrationContext): string {
  const values = { at: c.at(e.at), target: c.at(e.target), direction: direction(c, e.direction) }
  if (typeof e.avoidedBy === 'string' && e.avoidedBy) {
    const by = c.at(e.avoidedBy)
    return typeof e.pp === 'number'
      ? c.t('ev.collisionAvoided', { ...values, by, pp: e.pp })
      : c.t('ev.collisionAvoidedNoPp', { ...values, by })
  }
  const damage = e.damage
  if (damage === null || typeof damage !== 'object' || Array.isArray(damage)) throw new MalformedEvent('no damage')
  const parts = Object.entries(damage as Record<string, unknown>).map(([id, n]) =>
    c.t(num(n) > 0 ? 'ev.collisionDamage' : 'ev.collisionNoDamage', { at: c.at(id), count: num(n) }),
  )
  return c.t('ev.collision', { ...values, damage: parts.join(c.t('sep')) })
}

function attack(e: GameEvent, c: NarrationContext): string {
  const hit = num(e.hit)
  const roll = total(e.roll)
  const hits = typeof e.hits === 'boolean' ? e.hits : typeof e.hits === 'number' ? e.hits > 0 : roll <= hit
  const checks = typeof e.checks === 'number' ? e.checks : hits ? 1 : 0
  const values = { at: c.at(e.at), target: c.at(e.target), hit, roll }
  const head =
    typeof e.arm === 'string' && (e.arm === 'L' || e.arm === 'R')
      ? c.t('ev.melee', { ...values, arm: c.t(`arm.${e.arm}`) })
      : c.t(e.volley === true ? 'ev.volley' : 'ev.fire', { ...values, weapon: c.weapon(e.at, e.weapon) })
  const missiles = typeof e.missiles === 'number' && e.missiles > 1 ? c.t('ev.missiles', { count: e.missiles }) : ''
  const result = hits ? c.t('ev.hit', { count: checks, hit, roll }) : c.t('ev.miss', { hit, roll })
  return c.t('ev.attack', { head, missiles, result })
}

function damage(e: GameEvent, c: NarrationContext): string {
  const dmg = num(e.damage)
  const armour = `${e.vital === true ? '○' : ''}${num(e.armour)}`
  const values = {
    at: c.at(e.at),
    target: c.at(e.target),
    roll: total(e.roll),
    column: direction(c, e.column),
    armour,
    count: dmg,
    durability: num(e.durability),
    vital: e.vital === true ? c.t('ev.vital') : '',
  }
  return c.t(dmg > 0 ? 'ev.damage' : 'ev.damageNone', values)
}

const NARRATORS: Record<string, Narrator> = {
  deployed: (e, c) =>
    c.t('ev.deployed', { at: c.at(e.at), hex: c.hex(e.hex), facing: facingName(c.locale, num(e.facing)) }),
  'first-player': (e, c) =>
    typeof e.roll === 'number' || Array.isArray(e.roll)
      ? c.t('ev.firstPlayer', { camp: c.camp(e.camp), roll: total(e.roll) })
      : c.t('ev.firstPlayerNoRoll', { camp: c.camp(e.camp) }),
  'plan-sealed': (e, c) => c.t('ev.planSealed', { at: c.at(e.at) }),
  // idle.ts: a step in which no seat of the camp has anything to decide passes by itself (RB-3.2).
  pass: (e, c) =>
    ['action', 'attack', 'plan'].includes(str(e.step))
      ? c.t(`ev.pass.${str(e.step)}`, { camp: c.camp(e.camp) })
      : c.t('ev.pass.other', { camp: c.camp(e.camp) }),
  'plan-revealed': (e, c) =>
    c.t('ev.planRevealed', {
      at: c.at(e.at),
      acc: num(e.acc),
      dec: num(e.dec),
      atk: num(e.atk),
      def: num(e.def),
      actionPp: num(e.actionPp),
    }),
  'defence-revealed': (e, c) => c.t('ev.defenceRevealed', { at: c.at(e.at), def: num(e.def) }),
  speed: (e, c) => {
    const from = num(e.from)
    const to = num(e.to)
    return c.t(from === to ? 'ev.speedSame' : 'ev.speed', { at: c.at(e.at), from: signed(from), to: signed(to) })
  },
  'plan-error': (e, c) => c.t('ev.planError', { at: c.at(e.at) }),
  confused: (e, c) => c.t('ev.confused', { at: c.at(e.at) }),
  move: (e, c) => {
    const from = c.hex(e.from)
    const to = c.hex(e.to)
    const facing = facingName(c.locale, num(e.facing))
    const path = Array.isArray(e.path) ? e.path.map((h) => hexLabel(h)).filter((h): h is string => h !== null) : []
    const route = path.length > 2 ? c.t('ev.route', { path: path.join(' ') }) : ''
    return c.t(from === to ? 'ev.moveSpot' : 'ev.move', { at: c.at(e.at), from, to, facing, route })
  },
  'collision-obstacle': (e, c) => {
    const count = num(e.damage)
    return c.t(count > 0 ? 'ev.obstacle' : 'ev.obstacleNone', {
      at: c.at(e.at),
      hex: c.hex(e.hex),
      speed: signed(num(e.speed)),
      roll: total(e.roll),
      count,
    })
  },
  collision,
  magazine: (e, c) => c.t('ev.magazine', { at: c.at(e.at), weapon: c.weapon(e.at, e.weapon) }),
  purge: (e, c) => c.t('ev.purge', { at: c.at(e.at), weapon: c.weapon(e.at, e.weapon) }),
  reload: (e, c) => c.t('ev.reload', { at: c.at(e.at), weapon: c.weapon(e.at, e.weapon) }),
  'smoke-laid': (e, c) => c.t('ev.smokeLaid', { at: c.at(e.at), hex: c.hex(e.hex) }),
  'smoke-cleared': (e, c) => c.t('ev.smokeCleared', { hex: c.hex(e.hex) }),
  'stand-up': (e, c) =>
    c.t(e.ok === true ? 'ev.standUp' : 'ev.standUpFailed', {
      at: c.at(e.at),
      value: num(e.value),
      roll: total(e.roll),
    }),
  attack,
  damage,
  'instant-death': (e, c) =>
    c.t(e.dead === true ? 'ev.instantDeath' : 'ev.instantDeathSurvived', { at: c.at(e.at), roll: total(e.roll) }),
  destroyed: (e, c) => c.t(e.by === 'instant-death' ? 'ev.destroyedInstant' : 'ev.destroyed', { at: c.at(e.at) }),
  'heavy-damage': (e, c) => c.t('ev.heavyDamage', { at: c.at(e.at), maxSpeed: signed(num(e.maxSpeed)) }),
  'fall-check': (e, c) => {
    const pp = typeof e.pp === 'number' && e.pp > 0 ? c.t('ev.fallPp', { count: e.pp }) : ''
    return c.t(e.fell === true ? 'ev.fell' : 'ev.stood', {
      at: c.at(e.at),
      value: num(e.value),
      pp,
      roll: total(e.roll),
    })
  },
  turn: (e, c) => c.t('ev.turn', { turn: num(e.turn), camp: c.camp(e.camp) }),
  'game-over': (e, c) => {
    const reason = typeof e.reason === 'string' ? describeReason(e.reason, c.locale) : ''
    if (e.winner === null || e.winner === undefined) return c.t('ev.gameOverDraw', { reason })
    return c.t('ev.gameOver', { camp: c.camp(e.winner), reason })
  },
}

function narrateOne(e: GameEvent, c: NarrationContext): string {
  const narrator = Object.hasOwn(NARRATORS, e.type) ? NARRATORS[e.type] : undefined
  if (!narrator) return fallbackLine(e)
  try {
    return sentence(c.locale, narrator(e, c))
  } catch {
    // A malformed event (the log is JSON) or a catalogue entry it cannot fill: the generic line.
    return fallbackLine(e)
  }
}

/** Narrates the events in order for the reader of `view`, a line each. */
export function narrateRealBattle(events: readonly GameEvent[], view: unknown, locale: Locale): string[] {
  const c = narrationContext(view, locale)
  return events.map((e) =>
    e !== null && typeof e === 'object' && typeof e.type === 'string' ? narrateOne(e, c) : fallbackLine(e),
  )
}
