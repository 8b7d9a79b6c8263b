// MS@W combat (MS-3, MS-4): whether an attack may be made (range, sight, the weapon in use, ammo, the
// Magella's recharge), and the whole exchange in the rules' order: ammo, the attack roll (one-hit kill and
// system error with their options), the target's shield declaration (§8 policy, or a live question), the
// defend roll, damage with halving and the shield split, destruction, and the target's counterattack
// (MS-3.8, AMB-M-6), which is itself an attack without a counter to it.
import { fillTemplate } from '../../../engine/messages.js'
import { rollNd, type Dice } from '../../../engine/dice.js'
import { dist2, distance, formatInches, sightBlockedBy, withinBand } from '../../../engine/table/index.js'
import { MESSAGES, type MessageKey } from './messages.js'
import {
  aimApplies,
  attackScore,
  averageDamage2,
  disabledBy,
  itemTypeOf,
  recharging,
  shieldInUse,
  suitWorth,
  suitTypeOf,
  usableWeapons,
} from './stats.js'
import type { ItemState, MsEvent, MsState, Reaction, Suit } from './types.js'

/** The state after an exchange (or the part of it before a live question), its events, and the question. */
export type AttackResult = { state: MsState; events: MsEvent[]; ask: Omit<Reaction, 'queue'> | null }

/** Why an attack may not be made: the rule, the message key and its values. */
export type AttackProblem = { rule: string; key: MessageKey; params: Record<string, string | number> }

/** MS-3.3 [H]: close range is d ≤ 2.00". */
const CLOSE = 200

function suitById(state: MsState, id: string): Suit | undefined {
  return state.suits.find((s) => s.id === id)
}

function getSuit(state: MsState, id: string): Suit {
  const suit = suitById(state, id)
  if (!suit) throw new Error(`MS@W: no suit ${id}`)
  return suit
}

function putSuit(state: MsState, suit: Suit): MsState {
  return { ...state, suits: state.suits.map((s) => (s.id === suit.id ? suit : s)) }
}

function putItem(suit: Suit, item: ItemState): Suit {
  return { ...suit, items: suit.items.map((i) => (i.id === item.id ? item : i)) }
}

// ---------------------------------------------------------------------------------------------------
// May this attack be made?
// ---------------------------------------------------------------------------------------------------

/**
 * MS-3.1…3.3, MS-3.9, MS-4.4, AMB-M-10, GAP-M-3, GAP-M-7: why `ms` may not attack `target` with `weapon`
 * now (a counterattack when `counter`), or null when it may.
 */
export function attackProblem(
  state: MsState,
  ms: string,
  target: string,
  weapon: string,
  counter: boolean,
): AttackProblem | null {
  const a = suitById(state, ms)
  if (!a) return { rule: 'MS-3.1', key: 'msaw.combat.noSuit', params: { ms } }
  if (a.destroyed) return { rule: 'GAP-M-5', key: 'msaw.combat.destroyed', params: { ms } }
  if (a.errorPhases > 0)
    return { rule: 'MS-4.4', key: 'msaw.combat.attack.systemError', params: { ms, left: a.errorPhases } }
  const t = suitById(state, target)
  if (!t) return { rule: 'MS-3.1', key: 'msaw.combat.attack.noTarget', params: { target } }
  if (t.side === a.side) return { rule: 'MS-3.1', key: 'msaw.combat.attack.notEnemy', params: { ms, target } }
  if (t.destroyed) return { rule: 'GAP-M-5', key: 'msaw.combat.attack.targetDestroyed', params: { target } }

  const item = a.items.find((i) => i.id === weapon)
  if (!item) return { rule: 'MS-3.1', key: 'msaw.combat.attack.noWeapon', params: { ms, weapon } }
  const type = itemTypeOf(state, item)
  if (type.kind !== 'weapon' || type.range === undefined)
    return { rule: 'MS-3.1', key: 'msaw.combat.attack.notWeapon', params: { ms, weapon } }
  if (item.place === 'stowed') return { rule: 'AMB-M-13', key: 'msaw.combat.attack.notInUse', params: { ms, weapon } }
  const armour = disabledBy(state, a, item)
  if (armour)
    return {
      rule: 'MS-6',
      key: 'msaw.combat.attack.disabled',
      params: { ms, weapon, armour: armour.id },
    }
  if (item.ammo !== undefined && item.ammo <= 0)
    return { rule: 'MS-3.9', key: 'msaw.combat.attack.noAmmo', params: { ms, weapon } }
  if (recharging(state, item)) {
    const fired = item.firedRound ?? 0
    return { rule: 'AMB-M-10', key: 'msaw.combat.attack.recharging', params: { ms, weapon, fired, ready: fired + 2 } }
  }

  const shown = formatInches(distance(a.at, t.at))
  if (type.range === 'close') {
    if (dist2(a.at, t.at) > CLOSE * CLOSE)
      return { rule: 'MS-3.3', key: 'msaw.combat.attack.notClose', params: { ms, target, weapon, distance: shown } }
  } else if (!withinBand(a.at, t.at, type.range.min, type.range.max)) {
    return {
      rule: 'MS-3.2',
      key: 'msaw.combat.attack.outOfRange',
      params: {
        ms,
        target,
        weapon,
        distance: shown,
        min: formatInches(type.range.min),
        max: formatInches(type.range.max),
      },
    }
  }

  const terrain = state.scenario.terrain
  // Only sight-blocking pieces can block; a table without them needs no geometry.
  if (terrain.some((p) => p.blocksLOS)) {
    const index = sightBlockedBy(a.at, t.at, terrain)
    if (index !== null) {
      const piece = terrain[index]
      return { rule: 'GAP-M-3', key: 'msaw.combat.attack.noSight', params: { ms, target, piece: piece?.name ?? '' } }
    }
  }

  if (counter && state.options.counterOncePerRound && a.counteredRound === state.round)
    return { rule: 'GAP-M-7', key: 'msaw.combat.attack.counteredThisRound', params: { ms, round: state.round } }
  return null
}

/** AMB-M-6: the weapons `ms` could counterattack `attacker` with now, in its item order. */
export function counterChoices(state: MsState, ms: string, attacker: string): string[] {
  const suit = suitById(state, ms)
  if (!suit) return []
  return usableWeapons(state, suit)
    .filter((w) => attackProblem(state, ms, attacker, w.id, true) === null)
    .map((w) => w.id)
}

/** §8 `best`: the choice with the highest average damage, the first in the suit's item order on a tie. */
export function bestWeapon(state: MsState, ms: string, choices: readonly string[]): string | null {
  const suit = getSuit(state, ms)
  let best: string | null = null
  let bestAvg = -1
  for (const item of suit.items) {
    if (!choices.includes(item.id)) continue
    const damage = itemTypeOf(state, item).damage
    const avg = damage ? averageDamage2(damage) : 0
    if (avg > bestAvg) {
      best = item.id
      bestAvg = avg
    }
  }
  return best
}

// ---------------------------------------------------------------------------------------------------
// The exchange
// ---------------------------------------------------------------------------------------------------

/** One attack in progress: who attacks whom with what, and whether it is a counterattack. */
interface Blow {
  ms: string
  target: string
  weapon: string
  counter: boolean
}

/** GAP-M-5: the target is destroyed; its cost goes to the attacker's tally (GAP-M-4). */
function destroy(state: MsState, blow: Blow, hp: number, events: MsEvent[]): MsState {
  const t = getSuit(state, blow.target)
  const cost = suitWorth(state, t)
  let next = putSuit(state, { ...t, hp, destroyed: true })
  const a = getSuit(next, blow.ms)
  next = putSuit(next, { ...a, cost: a.cost + cost })
  events.push({ type: 'destroyed', ref: 'GAP-M-5', ms: blow.target, by: blow.ms, cost })
  return next
}

/** MS-3.4, MS-3.9, MS-4.2…4.4, AMB-M-10: ammo, the attack roll and what it sets off before any hit is worked out. */
function attackRoll(
  state: MsState,
  blow: Blow,
  dice: Dice,
  events: MsEvent[],
): { state: MsState; roll: number; hit: boolean; oneHitKill: boolean } {
  const a = getSuit(state, blow.ms)
  const t = getSuit(state, blow.target)
  const item = a.items.find((i) => i.id === blow.weapon)
  if (!item) throw new Error(`MS@W: ${blow.ms} has no ${blow.weapon}`)
  const type = itemTypeOf(state, item)
  const score = attackScore(state, a, blow.target, blow.counter)
  const aimed = aimApplies(state, a, blow.target, blow.counter)
  const faces = rollNd(dice, 3, 6, blow.counter ? 'counterattack roll' : 'attack roll', 'MS-3.4')
  const roll = faces[0]! + faces[1]! + faces[2]!
  const oneHitKill = state.options.oneHitKill && roll === 3
  const systemError = state.options.systemError && roll === 18
  const hit = !systemError && (oneHitKill || roll <= score)

  const fired: ItemState = { ...item }
  if (item.ammo !== undefined) fired.ammo = item.ammo - 1
  if (type.recharge) fired.firedRound = state.round
  let attacker: Suit = putItem(a, fired)
  // AMB-M-8: the marker serves one attack against its target, then it is spent.
  if (aimed) attacker = { ...attacker, aim: null }
  events.push({
    type: 'attack',
    ref: 'MS-3.4',
    ms: blow.ms,
    target: blow.target,
    weapon: blow.weapon,
    counter: blow.counter,
    distance: distance(a.at, t.at),
    score,
    dice: faces,
    roll,
    hit,
    ammoLeft: fired.ammo ?? null,
  })
  if (systemError) {
    // AMB-M-9: 1d6 at once; the frame ends the activation when it sees the event.
    const die = dice.roll(6, 'system error rounds', 'MS-4.4')
    attacker = { ...attacker, errorPhases: die }
    events.push({ type: 'system-error', ref: 'MS-4.4', ms: blow.ms, die })
  }
  return { state: putSuit(state, attacker), roll, hit, oneHitKill }
}

/** The exchange from its attack roll: a counterattack when `blow.counter`. */
function exchange(state: MsState, blow: Blow, dice: Dice, events: MsEvent[]): AttackResult {
  const r = attackRoll(state, blow, dice, events)
  let next = r.state
  if (r.oneHitKill) {
    // MS-4.3: no defend roll, no shield; a destroyed target does not counterattack.
    events.push({ type: 'one-hit-kill', ref: 'MS-4.3', ms: blow.ms, target: blow.target })
    next = destroy(next, blow, 0, events)
    return { state: next, events, ask: null }
  }
  if (!r.hit) return afterDamage(next, blow, dice, events)
  const t = getSuit(next, blow.target)
  const shield = shieldInUse(next, t)
  if (shield && t.policy.shield === 'ask')
    return {
      state: next,
      events,
      ask: {
        kind: 'shield',
        ms: t.id,
        seat: t.seat,
        attacker: blow.ms,
        weapon: blow.weapon,
        attackRoll: r.roll,
        isCounter: blow.counter,
      },
    }
  return afterShield(next, blow, shield !== null && t.policy.shield === 'always', dice, events)
}

/** MS-3.5…3.7, AMB-M-4, AMB-M-5: the shield declared, the defend roll, damage, the split, destruction. */
function afterShield(state: MsState, blow: Blow, use: boolean, dice: Dice, events: MsEvent[]): AttackResult {
  let t = getSuit(state, blow.target)
  const shield = shieldInUse(state, t)
  if (shield) events.push({ type: 'shield', ref: 'MS-3.7', ms: t.id, shield: shield.id, use })
  const used = use ? shield : null

  const defend = suitTypeOf(state, t).defend
  const faces = rollNd(dice, 3, 6, 'defend roll', 'MS-3.5')
  const roll = faces[0]! + faces[1]! + faces[2]!
  const result = roll < defend ? 'dodged' : roll === defend ? 'half' : 'full'
  events.push({ type: 'defend', ref: 'MS-3.5', ms: t.id, defend, dice: faces, roll, result })
  if (result === 'dodged') return afterDamage(state, blow, dice, events)

  const a = getSuit(state, blow.ms)
  const weaponItem = a.items.find((i) => i.id === blow.weapon)
  const damage = weaponItem ? itemTypeOf(state, weaponItem).damage : undefined
  if (!damage) throw new Error(`MS@W: ${blow.weapon} of ${blow.ms} has no damage`)
  const dmgFaces = rollNd(dice, damage.n, damage.sides, 'damage roll', 'MS-3.6')
  const rolled = dmgFaces.reduce((s, f) => s + f, 0) + damage.plus
  // AMB-M-4: halve (rounding up), then split.
  const total = result === 'half' ? Math.ceil(rolled / 2) : rolled
  let toShield = 0
  let toHp = total
  let shieldBody: number | null = null
  let shieldDestroyed = false
  if (used) {
    const share = Math.ceil(total / 2)
    const body = used.body ?? 0
    // AMB-M-5: the body takes what it can; the overflow goes to HP.
    toShield = Math.min(share, body)
    toHp = Math.floor(total / 2) + (share - toShield)
    shieldBody = body - toShield
    shieldDestroyed = shieldBody <= 0
    t = shieldDestroyed
      ? { ...t, items: t.items.filter((i) => i.id !== used.id) }
      : putItem(t, { ...used, body: shieldBody })
  }
  const hp = Math.max(0, t.hp - toHp)
  t = { ...t, hp }
  let next = putSuit(state, t)
  events.push({
    type: 'damage',
    ref: 'MS-3.6',
    ms: t.id,
    weapon: blow.weapon,
    dice: dmgFaces,
    rolled,
    total,
    toShield,
    toHp,
    hp,
    shield: used ? used.id : null,
    shieldBody,
    shieldDestroyed,
  })
  if (hp <= 0) next = destroy(next, blow, hp, events)
  return afterDamage(next, blow, dice, events)
}

/** MS-3.8, AMB-M-6: after all damage, the target's counterattack (never to a counterattack). */
function afterDamage(state: MsState, blow: Blow, dice: Dice, events: MsEvent[]): AttackResult {
  if (blow.counter) return { state, events, ask: null }
  const t = getSuit(state, blow.target)
  if (t.destroyed) return { state, events, ask: null }
  const none = (why: string): AttackResult => {
    events.push({ type: 'no-counter', ref: 'MS-3.8', ms: t.id, why })
    return { state, events, ask: null }
  }
  if (t.errorPhases > 0) return none('system-error')
  if (state.options.counterOncePerRound && t.counteredRound === state.round) return none('once-per-round')
  const choices = counterChoices(state, t.id, blow.ms)
  if (choices.length === 0) return none('no-weapon')
  if (t.policy.counter === 'never') return none('declined')
  if (t.policy.counter === 'ask')
    return {
      state,
      events,
      ask: {
        kind: 'counter',
        ms: t.id,
        seat: t.seat,
        attacker: blow.ms,
        weapon: blow.weapon,
        isCounter: false,
        choices,
      },
    }
  return counterWith(state, t.id, blow.ms, bestWeapon(state, t.id, choices) ?? choices[0]!, dice, events)
}

/** The counterattack itself: roles swapped, marked for the once-a-round option, no counter to it. */
function counterWith(
  state: MsState,
  ms: string,
  attacker: string,
  weapon: string,
  dice: Dice,
  events: MsEvent[],
): AttackResult {
  const suit = getSuit(state, ms)
  const next = putSuit(state, { ...suit, counteredRound: state.round })
  return exchange(next, { ms, target: attacker, weapon, counter: true }, dice, events)
}

/** MS-3: `ms` attacks `target` with `weapon`: the whole exchange, or up to a live question (`ask`). */
export function runAttack(state: MsState, ms: string, target: string, weapon: string, dice: Dice): AttackResult {
  const problem = attackProblem(state, ms, target, weapon, false)
  if (problem) {
    // §8: an attack that has become illegal resolves as no attack.
    return {
      state,
      events: [
        {
          type: 'attack-void',
          ref: problem.rule,
          ms,
          target,
          weapon,
          why: fillTemplate(MESSAGES, MESSAGES[problem.key], problem.params),
          key: problem.key,
          params: problem.params,
        },
      ],
      ask: null,
    }
  }
  return exchange(state, { ms, target, weapon, counter: false }, dice, [])
}

/** §8: the exchange stopped at a shield question goes on with the answer (defend roll, damage, counter). */
export function answerShield(state: MsState, reaction: Reaction, use: boolean, dice: Dice): AttackResult {
  const blow: Blow = {
    ms: reaction.attacker,
    target: reaction.ms,
    weapon: reaction.weapon,
    counter: reaction.isCounter,
  }
  const shield = shieldInUse(state, getSuit(state, reaction.ms))
  return afterShield(state, blow, use && shield !== null, dice, [])
}

/** §8: the exchange stopped at a counterattack question goes on with the answer (null: no counterattack). */
export function answerCounter(state: MsState, reaction: Reaction, weapon: string | null, dice: Dice): AttackResult {
  const events: MsEvent[] = []
  if (weapon === null) {
    events.push({ type: 'no-counter', ref: 'MS-3.8', ms: reaction.ms, why: 'declined' })
    return { state, events, ask: null }
  }
  const problem = attackProblem(state, reaction.ms, reaction.attacker, weapon, true)
  if (problem) {
    events.push({ type: 'no-counter', ref: 'MS-3.8', ms: reaction.ms, why: problem.key })
    return { state, events, ask: null }
  }
  return counterWith(state, reaction.ms, reaction.attacker, weapon, dice, events)
}

/** §8: the answer on timeout: the shield if one is in use; the `best` counterattack (null when none). */
export function defaultAnswer(state: MsState, reaction: Reaction): { use: boolean } | { weapon: string | null } {
  if (reaction.kind === 'shield') {
    const suit = suitById(state, reaction.ms)
    return { use: suit !== undefined && shieldInUse(state, suit) !== null }
  }
  if (!suitById(state, reaction.ms)) return { weapon: null }
  const choices = counterChoices(state, reaction.ms, reaction.attacker)
  return { weapon: bestWeapon(state, reaction.ms, choices) }
}
