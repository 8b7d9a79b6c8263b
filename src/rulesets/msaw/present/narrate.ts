// MS@W's events in the reader's words (engine/types.ts MsEvent): a sentence an event, the reader's own suits
// as "your GM1", every roll with its dice and what it was rolled against. A shield declaration and the defend
// roll after it read as one sentence ("GM1 uses its shield and rolls 11 (5+4+2) against Defend 10: full
// damage."). Events come from the log and views may be read back from JSON: every field is read
// defensively, a malformed or unknown event gets the generic line, and nothing throws.
import type { Pt } from '../../../engine/table/index.js'
import type { GameEvent, Pending } from '../../../engine/ruleset.js'
import type { Locale } from '../../../i18n/index.js'
import { orderErrorMessage } from '../../../i18n/orders.js'
import { fallbackLine } from '../../../present/narrate-fallback.js'
import type { MsSuitView, MsView } from '../engine/types.js'
import { describeReason, reasonKind } from './outcome.js'
import {
  asPt,
  inches,
  isMsView,
  itemName,
  itemTypeId,
  maybe,
  ptLabel,
  relation,
  seatName,
  sentence,
  sideName,
  suitName,
  words,
  type Translate,
} from './words.js'

export const STEPS = ['deploy', 'action', 'react'] as const

/** A step id as players name it: "action phase" / 「行動フェイズ」. */
export function stepTitle(step: string, locale: Locale): string {
  return (STEPS as readonly string[]).includes(step) ? words(locale)(`step.${step}`) : step
}

/** What a pending step takes, in the order notation (docs/orders-msaw.md), for the side acting. */
export function describeStep(pending: Pending, locale: Locale): string {
  if (!(STEPS as readonly string[]).includes(pending.step)) return pending.description
  return words(locale)(`describe.${pending.step}`, { side: String(pending.side) })
}

// ---- context ----------------------------------------------------------------------------------------

/** What narration needs of the game: suits, items, seats and sides by name, in the reader's words. */
export interface NarrationContext {
  locale: Locale
  t: Translate
  view: MsView | null
  /** "your GM1"; the id alone when the view does not know it. */
  ms(id: unknown): string
  /** "your GM1 (RGM-79 GM)". */
  full(id: unknown): string
  item(ms: unknown, id: unknown): string
  seat(id: unknown): string
  side(id: unknown): string
  /** The attacker of the last attack told, for the damage line's weapon name. */
  attacker: string | null
}

export function narrationContext(view: unknown, locale: Locale): NarrationContext {
  const v = isMsView(view) ? view : null
  const suits = new Map<string, MsSuitView>((v?.suits ?? []).map((s) => [s.id, s]))
  const t = words(locale)
  const who = (id: unknown, name: (s: MsSuitView | undefined, key: string) => string) => {
    const key = str(id)
    const s = suits.get(key)
    return t(`who.${relation(v, s)}`, { name: name(s, key) })
  }
  return {
    locale,
    t,
    view: v,
    ms: (id) => who(id, (_s, key) => key),
    full: (id) => who(id, (s, key) => suitName(locale, s, key)),
    item: (ms, id) => itemName(locale, suits.get(String(ms)), str(id)),
    seat: (id) => seatName(locale, v, str(id)),
    side: (id) => sideName(locale, v, str(id)),
    attacker: null,
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

function pt(value: unknown): Pt {
  const p = asPt(value)
  if (!p) throw new MalformedEvent('expected a point')
  return p
}

function dice(value: unknown): number[] {
  if (!Array.isArray(value)) throw new MalformedEvent('expected dice')
  return value.map(num)
}

/** "3+3+4"; a bonus after the dice ("4+3") when the total is more than they show. */
function diceText(ds: number[], total?: number): string {
  const sum = ds.reduce((a, b) => a + b, 0)
  const plus = total !== undefined && total !== sum ? [total - sum] : []
  return [...ds, ...plus].join('+')
}

// ---- one event --------------------------------------------------------------------------------------

type Narrator = (e: GameEvent, c: NarrationContext) => string

function initiative(e: GameEvent, c: NarrationContext): string {
  if (!Array.isArray(e.rolls) || !Array.isArray(e.order)) throw new MalformedEvent('no rolls')
  const rolls = e.rolls.map((r: unknown) => {
    const x = r as { seat?: unknown; rolls?: unknown }
    return c.t('ev.initiativeRoll', { seat: c.seat(x.seat), rolls: dice(x.rolls).join(c.t('then')) })
  })
  const order = e.order.map((s: unknown) => c.seat(s))
  return c.t('ev.initiative', { round: num(e.round), rolls: rolls.join(c.t('sep')), order: order.join(c.t('sep')) })
}

function moved(e: GameEvent, c: NarrationContext): string {
  const from = pt(e.from)
  if (!Array.isArray(e.path) || e.path.length === 0) throw new MalformedEvent('no path')
  const path = e.path.map(pt)
  const length = num(e.length)
  const cost = typeof e.cost === 'number' ? e.cost : length
  const via = path.length > 1 ? c.t('ev.via', { points: path.slice(0, -1).map(ptLabel).join(' ') }) : ''
  const extra = [
    e.hover === true ? c.t('ev.hover') : '',
    cost !== length ? c.t('ev.moveCost', { cost: inches(c.locale, cost) }) : '',
  ].join('')
  return c.t('ev.moved', {
    ms: c.ms(e.ms),
    length: inches(c.locale, length),
    from: ptLabel(from),
    to: ptLabel(path.at(-1)!),
    via,
    extra,
  })
}

function switchOp(e: GameEvent, c: NarrationContext, op: unknown): string {
  const o = op as { op?: unknown; item?: unknown; hand?: unknown; drop?: unknown }
  switch (o.op) {
    case 'draw':
      return c.t('op.draw', { item: c.item(e.ms, o.item), hand: c.t(`hand.${str(o.hand)}`) })
    case 'stow':
      return c.t('op.stow', { item: c.item(e.ms, o.item) })
    case 'drop':
      return c.t('op.drop', { item: c.item(e.ms, o.item) })
    case 'pickup':
      return c.t(o.hand === 'stow' ? 'op.pickupStow' : 'op.pickup', {
        drop: str(o.drop),
        hand: o.hand === 'stow' ? '' : c.t(`hand.${str(o.hand)}`),
      })
    default:
      throw new MalformedEvent('unknown switch op')
  }
}

function attack(e: GameEvent, c: NarrationContext): string {
  c.attacker = str(e.ms)
  const hit = e.hit === true
  const ammo = typeof e.ammoLeft === 'number' ? e.ammoLeft : null
  const head = c.t(hit ? 'ev.hit' : 'ev.miss')
  const result = ammo === null ? head : c.t('ev.ammoLeft', { result: head, count: ammo })
  return c.t(e.counter === true ? 'ev.counterattack' : 'ev.attack', {
    ms: c.ms(e.ms),
    target: c.ms(e.target),
    weapon: c.item(e.ms, e.weapon),
    distance: inches(c.locale, num(e.distance)),
    roll: num(e.roll),
    dice: diceText(dice(e.dice)),
    score: num(e.score),
    result,
  })
}

/** The defend roll, told with the shield declaration just before it when there is one. */
function defend(e: GameEvent, c: NarrationContext, shield: GameEvent | null): string {
  const result = str(e.result)
  if (!['dodged', 'half', 'full'].includes(result)) throw new MalformedEvent('unknown defend result')
  const values = {
    ms: c.ms(e.ms),
    roll: num(e.roll),
    dice: diceText(dice(e.dice)),
    defend: num(e.defend),
    result: c.t(`defend.${result}`),
  }
  if (!shield) return c.t('ev.defend', values)
  const name = c.item(shield.ms, shield.shield)
  return c.t(shield.use === true ? 'ev.defendShield' : 'ev.defendNoShield', { ...values, shield: name })
}

function damage(e: GameEvent, c: NarrationContext): string {
  const rolled = num(e.rolled)
  const total = num(e.total)
  const toShield = num(e.toShield)
  const toHp = num(e.toHp)
  const ds = dice(e.dice)
  const shown =
    ds.length > 1 || ds.reduce((a, b) => a + b, 0) !== rolled ? c.t('dmg.dice', { dice: diceText(ds, rolled) }) : ''
  const weapon = c.attacker ? c.item(c.attacker, e.weapon) : itemName(c.locale, undefined, str(e.weapon))
  const parts: string[] = []
  if (typeof e.shield === 'string' && e.shield && (toShield > 0 || e.shieldDestroyed === true)) {
    const shield = c.item(e.ms, e.shield)
    parts.push(
      e.shieldDestroyed === true
        ? c.t('dmg.shieldDestroyed', { shield, count: toShield })
        : c.t('dmg.shield', { shield, count: toShield, body: num(e.shieldBody) }),
    )
  }
  if (toHp > 0 || parts.length === 0) parts.push(c.t('dmg.hp', { ms: c.ms(e.ms), count: toHp, hp: num(e.hp) }))
  const amount =
    total === rolled ? c.t('dmg.amount', { rolled, dice: shown }) : c.t('dmg.halved', { rolled, total, dice: shown })
  return c.t('ev.damage', { weapon, amount, parts: parts.join(c.t('sep')) })
}

/** An English refusal as the engine writes it (docs: messages-combat.ts), recognised by its words. */
const BY_WORDS: Array<{ kind: string; test: RegExp }> = [
  { kind: 'outOfRange', test: /outside the range/i },
  { kind: 'notClose', test: /close range/i },
  { kind: 'noSight', test: /line of sight/i },
  { kind: 'targetDestroyed', test: /already destroyed/i },
  { kind: 'noAmmo', test: /out of ammunition/i },
  { kind: 'recharging', test: /recharging/i },
  { kind: 'systemError', test: /system error/i },
  { kind: 'notInUse', test: /is stowed/i },
  { kind: 'counteredThisRound', test: /already counterattacked/i },
]

/** The same by the rule the refusal cites. */
const BY_RULE: Record<string, string> = {
  'MS-3.2': 'outOfRange',
  'MS-3.3': 'notClose',
  'MS-3.9': 'noAmmo',
  'AMB-M-10': 'recharging',
  'AMB-M-13': 'notInUse',
  'MS-4.4': 'systemError',
  'GAP-M-5': 'targetDestroyed',
}

const isParams = (v: unknown): v is Record<string, string | number> =>
  v !== null && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number')

/**
 * A void attack's or a refused counterattack's reason. With the refusal's message key and values on the event
 * (`key`, `params`): its message in the reader's language. A key alone (`msaw.combat.attack.outOfRange`) or a
 * word (`declined`): said from this catalogue's `reason.<last part>`. The engine's English sentence: as it is
 * for an English reader (it names the distances), else recognised by its words or rule.
 */
function why(c: NarrationContext, e: GameEvent): string {
  const text = str(e.why)
  if (typeof e.key === 'string' && e.key)
    return orderErrorMessage(c.locale, { message: text, key: e.key, params: isParams(e.params) ? e.params : undefined })
  if (!/\s/.test(text)) return maybe(c.locale, `reason.${text.split('.').at(-1) ?? text}`, text)
  if (c.locale === 'en') return text
  const kind = BY_WORDS.find((k) => k.test.test(text))?.kind ?? BY_RULE[String(e.ref)]
  return kind ? c.t(`reason.${kind}`) : text
}

/** The enemy cost each side destroyed, from the view's suits, for the round-limit line ("Zeon 250, …"). */
function costsOfView(c: NarrationContext): string {
  const v = c.view
  if (!v || !v.suits.some((s) => typeof s.cost === 'number')) return ''
  return v.sides
    .map((side) => {
      const sum = v.suits.filter((s) => s.side === side.id).reduce((n, s) => n + (s.cost ?? 0), 0)
      return `${c.side(side.id)} ${sum}`
    })
    .join(c.t('sep'))
}

function gameOver(e: GameEvent, c: NarrationContext): string {
  const winner = typeof e.winner === 'string' && e.winner ? e.winner : null
  const stored = typeof e.reason === 'string' ? e.reason : ''
  const costs = reasonKind(stored) === 'roundLimit' ? costsOfView(c) : ''
  const reason = describeReason(stored, c.locale, winner, costs)
  return winner === null ? c.t('ev.gameOverDraw', { reason }) : c.t('ev.gameOver', { side: c.side(winner), reason })
}

const NARRATORS: Record<string, Narrator> = {
  initiative,
  upkeep: (e, c) => {
    const what = { 'error-ends': 'errorEnds', 'aim-expired': 'aimExpired', recharged: 'recharged' }[str(e.what)]
    if (!what) throw new MalformedEvent('unknown upkeep')
    return c.t(`ev.upkeep.${what}`, { ms: c.ms(e.ms) })
  },
  'phase-begins': (e, c) => c.t('ev.phaseBegins', { round: num(e.round), seat: c.seat(e.seat) }),
  'phase-ends': (e, c) => {
    const skipped = Array.isArray(e.skipped) ? e.skipped.filter((s) => typeof s === 'string' && s) : []
    const idle = skipped.length > 0 ? c.t('ev.idle', { list: skipped.map((s) => c.ms(s)).join(c.t('sep')) }) : ''
    return c.t('ev.phaseEnds', { seat: c.seat(e.seat), idle })
  },
  activation: (e, c) => c.t('ev.activation', { ms: c.full(e.ms) }),
  'error-skip': (e, c) =>
    num(e.left) > 0
      ? c.t('ev.errorSkip', { ms: c.ms(e.ms), count: num(e.left) })
      : c.t('ev.errorSkipLast', { ms: c.ms(e.ms) }),
  moved,
  switched: (e, c) => {
    if (!Array.isArray(e.ops) || e.ops.length === 0) throw new MalformedEvent('no ops')
    return c.t('ev.switched', { ms: c.ms(e.ms), ops: e.ops.map((o) => switchOp(e, c, o)).join(c.t('sep')) })
  },
  dropped: (e, c) =>
    c.t('ev.dropped', { ms: c.ms(e.ms), item: c.item(e.ms, e.item), at: ptLabel(pt(e.at)), drop: str(e.drop) }),
  'picked-up': (e, c) => {
    const lying = (Array.isArray(c.view?.dropped) ? c.view.dropped : []).find((d) => d && d.id === e.drop)
    const item = c.item(e.ms, e.item)
    const name = item === e.item && lying ? itemName(c.locale, undefined, itemTypeId(lying.item.type)) : item
    return c.t('ev.pickedUp', { ms: c.ms(e.ms), item: name, drop: str(e.drop) })
  },
  attack,
  'attack-void': (e, c) =>
    c.t('ev.attackVoid', {
      ms: c.ms(e.ms),
      target: c.ms(e.target),
      weapon: c.item(e.ms, e.weapon),
      why: why(c, e),
      ref: str(e.ref),
    }),
  'one-hit-kill': (e, c) => c.t('ev.oneHitKill', { ms: c.ms(e.ms), target: c.ms(e.target) }),
  'system-error': (e, c) => c.t('ev.systemError', { ms: c.ms(e.ms), count: num(e.die) }),
  shield: (e, c) =>
    c.t(e.use === true ? 'ev.shieldUse' : 'ev.shieldNo', { ms: c.ms(e.ms), shield: c.item(e.ms, e.shield) }),
  defend: (e, c) => defend(e, c, null),
  damage,
  destroyed: (e, c) => {
    const cost = typeof e.cost === 'number' && e.cost > 0 ? c.t('ev.cost', { count: e.cost }) : ''
    return typeof e.by === 'string' && e.by
      ? c.t('ev.destroyedBy', { ms: c.full(e.ms), by: c.ms(e.by), cost })
      : c.t('ev.destroyed', { ms: c.full(e.ms), cost })
  },
  'no-counter': (e, c) => c.t('ev.noCounter', { ms: c.ms(e.ms), why: why(c, e) }),
  aimed: (e, c) => c.t('ev.aimed', { ms: c.ms(e.ms), target: c.ms(e.target) }),
  waiting: (e, c) => {
    const kind = str(e.kind)
    if (kind !== 'shield' && kind !== 'counter') throw new MalformedEvent('unknown question')
    return c.t(`ev.waiting.${kind}`, { seat: c.seat(e.seat), ms: c.ms(e.ms) })
  },
  policy: (e, c) =>
    c.t('ev.policy', {
      ms: c.ms(e.ms),
      shield: c.t(`policy.${str(e.shield)}`),
      counter: c.t(`policy.${str(e.counter)}`),
    }),
  deployed: (e, c) => c.t('ev.deployed', { ms: c.full(e.ms), at: ptLabel(pt(e.at)) }),
  'round-ends': (e, c) => c.t('ev.roundEnds', { round: num(e.round) }),
  'game-over': gameOver,
}

function narrateOne(e: GameEvent, c: NarrationContext, run: (c: NarrationContext) => string): string {
  try {
    return sentence(c.locale, run(c))
  } catch {
    // A malformed event (the log is JSON) or a catalogue entry it cannot fill: the generic line.
    return fallbackLine(e)
  }
}

/** Whether the reader's view shows the suit's standing orders (its owner's, or every suit's after the game). */
function policyShown(c: NarrationContext, ms: unknown): boolean {
  const suit = c.view?.suits.find((s) => s.id === ms)
  return suit !== undefined && suit.policy !== null && suit.policy !== undefined
}

const isEvent = (e: unknown): e is GameEvent =>
  e !== null && typeof e === 'object' && typeof (e as GameEvent).type === 'string'

/**
 * Narrates the events in order for the reader of `view`, a line each: a shield and its defend roll make one
 * line, and another seat's standing orders none.
 */
export function narrateMsaw(events: readonly GameEvent[], view: unknown, locale: Locale): string[] {
  const c = narrationContext(view, locale)
  const out: string[] = []
  for (let i = 0; i < events.length; i++) {
    const e = events[i]
    if (!isEvent(e)) {
      out.push(fallbackLine(e))
      continue
    }
    const next = events[i + 1]
    if (e.type === 'shield' && isEvent(next) && next.type === 'defend' && next.ms === e.ms) {
      out.push(narrateOne(next, c, (cx) => defend(next, cx, e)))
      i++
      continue
    }
    // §8: standing orders are their seat's own until the game ends: told only to a reader whose view shows them.
    if (e.type === 'policy' && !policyShown(c, e.ms)) continue
    const narrator = Object.hasOwn(NARRATORS, e.type) ? NARRATORS[e.type] : undefined
    out.push(narrator ? narrateOne(e, c, (cx) => narrator(e, cx)) : fallbackLine(e))
  }
  return out
}
