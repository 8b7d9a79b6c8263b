// GREEN NOA's events in the reader's words: one sentence per event worth telling, unit ids as the order
// notation writes them (docs/orders-greennoa.md) with their type's name, sides by name, each die with
// what it was rolled for and the rule. Events come from the log and views may be read back from JSON:
// every field is read defensively, a malformed event gets the generic line, and nothing throws.
import type { GameEvent, Pending } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'
import type { GnView } from '../engine/view.js'
import {
  facingName,
  formName,
  hexLabel,
  phaseMark,
  phaseOfMark,
  sideName,
  signed,
  typeName,
  words,
  type Translate,
} from './words.js'

/** What narration needs to know about the game: names of units and sides, hexes, in the reader's words. */
export interface NarrationContext {
  locale: Locale
  t: Translate
  /** "Hyaku-Shiki HS1" / "百式 HS1"; the id alone when the view does not know it. */
  unit(id: unknown): string
  side(id: unknown): string
  hex(value: unknown): string
}

/** Enough of a view to name units (a view kept as JSON may lack anything). */
function unitsOf(view: unknown): Map<string, { name?: unknown; nameJa?: unknown }> {
  const v = view as Partial<GnView> | null
  if (!v || typeof v !== 'object' || v.system !== 'greennoa' || !Array.isArray(v.units)) return new Map()
  return new Map(
    v.units
      .filter((u) => u && typeof u === 'object' && typeof u.id === 'string')
      .map((u) => [u.id, u as { name?: unknown; nameJa?: unknown }]),
  )
}

export function narrationContext(view: unknown, locale: Locale): NarrationContext {
  const units = unitsOf(view)
  const t = words(locale)
  return {
    locale,
    t,
    unit(id) {
      const key = String(id)
      const u = units.get(key)
      const name = u ? typeName(locale, u) : null
      return name ? t('unit', { name, id: key }) : key
    },
    side: (id) => sideName(locale, id),
    hex: (value) => hexLabel(value) ?? t('unknownHex'),
  }
}

// ---- steps ----------------------------------------------------------------------------------

/** A step id as players name it: "movement phase" / "移動フェイズ". */
export function stepTitle(step: string, locale: Locale): string {
  const t = words(locale)
  return ['movement', 'declare', 'attack'].includes(step) ? t(`step.${step}`) : step
}

/** What a pending step takes, with its phase (① … ⑨, from the engine's description) and the side acting. */
export function describeStep(pending: Pending, locale: Locale): string {
  const t = words(locale)
  if (!['movement', 'declare', 'attack'].includes(pending.step)) return pending.description
  const phase = phaseOfMark(pending.description)
  const head = phase ? `${phaseMark(phase)} ${t(`phase.${phase}`)}` : t(`step.${pending.step}`)
  return t(`describe.${pending.step}`, { phase: head, side: sideName(locale, pending.side) })
}

// ---- values ---------------------------------------------------------------------------------

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

function dicePair(value: unknown): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) throw new MalformedEvent('expected two dice')
  return [num(value[0]), num(value[1])]
}

/** The modifiers on a 2D6 total, each with its rule: ", target S +2 (GN-7-4), from the side +1 (GN-10-3)". */
function modifiers(e: GameEvent, c: NarrationContext, fire: boolean): string {
  const parts: string[] = []
  if (e.targetS === true) parts.push(c.t(fire ? 'mod.sFire' : 'mod.sMelee'))
  if (fire) {
    const direction = str(e.direction)
    parts.push(c.t('mod.direction', { direction: c.t(`direction.${direction}`), mod: signed(num(e.directionMod)) }))
  }
  const pilot = typeof e.pilotMod === 'number' ? e.pilotMod : 0
  if (pilot !== 0) parts.push(c.t('mod.pilot', { mod: signed(pilot) }))
  return parts.map((p) => c.t('mod.join', { mod: p })).join('')
}

function result(c: NarrationContext, table: 'fireResult' | 'meleeResult', value: unknown): string {
  const r = str(value)
  const key = r === '-' ? 'none' : r
  if (!['none', 'S', 'M', 'F', 'E', 'AE', 'AS', 'AC', 'DE', 'DS', 'DC'].includes(key))
    throw new MalformedEvent(`unknown result ${r}`)
  return c.t(`${table}.${key}`)
}

function diffText(value: unknown): string {
  return signed(num(value))
}

// ---- one event ------------------------------------------------------------------------------

type Narrator = (e: GameEvent, c: NarrationContext) => string | null

const NARRATORS: Record<string, Narrator> = {
  setup: (e, c) => {
    const literal = (e.options as { literalDsDc?: unknown } | undefined)?.literalDsDc === true
    return c.t(literal ? 'ev.setupLiteral' : 'ev.setup', { scenario: str(e.scenario) })
  },
  initiative: (e, c) => {
    const rolls = e.rolls as { AEUG?: unknown; TITANS?: unknown } | undefined
    return c.t('ev.initiative', {
      inning: num(e.inning),
      aeug: num(rolls?.AEUG),
      titans: num(rolls?.TITANS),
      first: c.side(str(e.first)),
    })
  },
  'initiative-tie': (e, c) => c.t('ev.initiativeTie', { inning: num(e.inning), roll: num(e.roll) }),
  transform: (e, c) =>
    c.t('ev.transform', {
      unit: c.unit(str(e.unit)),
      from: formName(c.locale, str(e.from)),
      to: formName(c.locale, str(e.to)),
      ref: str(e.ref),
    }),
  move: (e, c) =>
    c.t('ev.move', {
      unit: c.unit(str(e.unit)),
      from: c.hex(e.from),
      to: c.hex(e.to),
      facing: facingName(c.locale, num(e.facing)),
      steps: str(e.steps),
      mp: num(e.mp),
      count: num(e.turns),
    }),
  removed: (e, c) => c.t('ev.removed', { unit: c.unit(str(e.unit)), hex: c.hex(e.hex) }),
  's-expired': (e, c) =>
    c.t('ev.sExpired', { unit: c.unit(str(e.unit)), inning: num(e.inning), phase: phaseMark(num(e.phase)) }),
  'damage-confirmation': (e, c) => {
    const phase = num(e.phase)
    const count = num(e.attacks)
    return c.t(count === 0 ? 'ev.damageNone' : 'ev.damage', {
      phase: `${phaseMark(phase)} ${c.t(`phase.${phase === 5 ? 5 : 9}`)}`,
      declared: phaseMark(phase === 5 ? 3 : 7),
      count,
    })
  },
  pass: (e, c) => {
    const phase = num(e.phase)
    return c.t(str(e.step) === 'movement' ? 'ev.passMovement' : 'ev.passCombat', {
      phase: `${phaseMark(phase)} ${c.t(`phase.${phase}`)}`,
      side: c.side(str(e.side)),
    })
  },
  declare: (e, c) => {
    const kind = str(e.kind)
    if (kind !== 'fire' && kind !== 'melee') throw new MalformedEvent(`unknown attack kind ${kind}`)
    const key = kind === 'fire' ? 'ev.declareFire' : e.compulsory === true ? 'ev.declareCompulsory' : 'ev.declareMelee'
    return c.t(key, { unit: c.unit(str(e.unit)), target: c.unit(str(e.target)), diff: diffText(e.diff) })
  },
  'no-attack': (e, c) =>
    c.t('ev.noAttack', {
      unit: c.unit(str(e.unit)),
      target: c.unit(str(e.target)),
      reason: c.t(e.reason === 'C' ? 'reason.C' : 'reason.S'),
    }),
  'attack-lapsed': (e, c) =>
    c.t(e.kind === 'melee' ? 'ev.lapsedMelee' : 'ev.lapsedFire', {
      unit: c.unit(str(e.unit)),
      target: c.unit(str(e.target)),
    }),
  fire: (e, c) => {
    const [d1, d2] = dicePair(e.dice)
    return c.t('ev.fire', {
      unit: c.unit(str(e.unit)),
      target: c.unit(str(e.target)),
      diff: diffText(e.diff),
      d1,
      d2,
      mods: modifiers(e, c, true),
      total: num(e.total),
      result: result(c, 'fireResult', e.result),
    })
  },
  melee: (e, c) => {
    const [d1, d2] = dicePair(e.dice)
    return c.t(e.compulsory === true ? 'ev.meleeCompulsory' : 'ev.melee', {
      unit: c.unit(str(e.unit)),
      target: c.unit(str(e.target)),
      diff: diffText(e.diff),
      d1,
      d2,
      mods: modifiers(e, c, false),
      total: num(e.total),
      result: result(c, 'meleeResult', e.result),
    })
  },
  'result-void': (e, c) => c.t('ev.resultVoid', { unit: c.unit(str(e.unit)), result: str(e.result) }),
  state: (e, c) => {
    const unit = c.unit(str(e.unit))
    const mark = str(e.mark)
    if (mark === 'S') {
      const until = e.until as { inning?: unknown; phase?: unknown } | undefined
      return c.t('ev.stateS', {
        unit,
        inning: num(until?.inning),
        phase: phaseMark(num(until?.phase)),
        ref: str(e.ref),
      })
    }
    if (mark !== 'M' && mark !== 'F' && mark !== 'C') throw new MalformedEvent(`unknown state ${mark}`)
    return c.t(`ev.state${mark}`, { unit, ref: str(e.ref) })
  },
  destroyed: (e, c) => c.t('ev.destroyed', { unit: c.unit(str(e.unit)), ref: str(e.ref) }),
  'game-over': (e, c) => {
    const points = e.points as { AEUG?: unknown; TITANS?: unknown } | undefined
    const values = {
      why: c.t(e.why === 'annihilation' ? 'why.annihilation' : 'why.innings'),
      aeug: num(points?.AEUG),
      titans: num(points?.TITANS),
    }
    if (e.winner === null) return c.t('ev.gameOverDraw', values)
    return c.t('ev.gameOver', { ...values, winner: c.side(str(e.winner)) })
  },
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

const RESOLUTIONS = new Set(['fire', 'melee', 'attack-lapsed'])

function resolvedAtOnce(events: readonly GameEvent[], i: number): boolean {
  const e = events[i]!
  for (const r of events.slice(i + 1)) {
    if (!r || typeof r !== 'object') continue
    if (r.type === 'damage-confirmation') return false
    if (RESOLUTIONS.has(r.type) && r.unit === e.unit && r.target === e.target) return true
  }
  return false
}

/** Narrates the events of one or more resolutions, in order, for the reader of `view`. */
export function narrateGreenNoa(events: readonly GameEvent[], view: unknown, locale: Locale): string[] {
  const c = narrationContext(view, locale)
  const lines: string[] = []
  events.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || typeof e.type !== 'string') {
      lines.push(fallbackLine(e))
      return
    }
    // An attack of ④ / ⑧ is declared and resolved at once, before the damage confirmation that follows:
    // its resolution line says it all. One of ③ / ⑦ is resolved only in that confirmation, and is told.
    if (e.type === 'declare' && resolvedAtOnce(events, i)) return
    const line = narrateOne(e, c)
    if (line) lines.push(line)
  })
  return lines
}
