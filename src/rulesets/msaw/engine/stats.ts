// MS@W values read from the catalogue and a suit's items: which weapons and shield it is using (MS-2.2,
// MS-3.1, AMB-M-5, AMB-M-10, AMB-M-13), its Attack score (MS-3.4, OPT-AIM), squad cost (MS-5) and the
// chance of a 3d6 roll.
import type { DiceExpr, ItemState, MsScenario, MsState, SquadSuit, Suit, SuitType, ItemType } from './types.js'

/** The catalogue entry of a suit (MS-6). */
export function suitTypeOf(state: MsState, suit: Suit): SuitType {
  const type = state.scenario.suits[suit.type]
  if (!type) throw new Error(`MS-6: no suit type ${suit.type} in the catalogue`)
  return type
}

/** The catalogue entry of an item (MS-6). */
export function itemTypeOf(state: MsState, item: ItemState): ItemType {
  const type = state.scenario.items[item.type]
  if (!type) throw new Error(`MS-6: no item type ${item.type} in the catalogue`)
  return type
}

/** Whether an item is held in a hand or fixed to the suit (MS-2.2: the only ways to be "using" it). */
export function inUsePlace(item: ItemState): boolean {
  return item.place !== 'stowed'
}

/** The armour (Chobham, GAP-M-10) whose `disables` keeps this item from use, or null. */
export function disabledBy(state: MsState, suit: Suit, item: ItemState): ItemState | null {
  return (
    suit.items.find((a) => {
      const t = itemTypeOf(state, a)
      return t.kind === 'armour' && (t.disables ?? []).includes(item.type)
    }) ?? null
  )
}

/**
 * AMB-M-10 (house reading): a Magella cannon that fired in round r cannot fire again until round r+2:
 * "needs one round to recharge after each shot" forbids round r+1, and a second shot in round r itself
 * (a counterattack after its own attack) would skip the recharge altogether.
 */
export function recharging(state: MsState, item: ItemState): boolean {
  return (
    itemTypeOf(state, item).recharge === true && item.firedRound !== undefined && state.round - item.firedRound <= 1
  )
}

/** The weapons a suit can fire now: held or fixed, not disabled by armour, with ammo, not recharging. */
export function usableWeapons(state: MsState, suit: Suit): ItemState[] {
  return suit.items.filter(
    (item) =>
      itemTypeOf(state, item).kind === 'weapon' &&
      inUsePlace(item) &&
      disabledBy(state, suit, item) === null &&
      (item.ammo === undefined || item.ammo > 0) &&
      !recharging(state, item),
  )
}

/** AMB-M-5: the shield a suit is using (held or fixed, body left), or null. */
export function shieldInUse(state: MsState, suit: Suit): ItemState | null {
  return (
    suit.items.find((item) => itemTypeOf(state, item).kind === 'shield' && inUsePlace(item) && (item.body ?? 0) > 0) ??
    null
  )
}

/** Whether the aim marker gives +1 to this attack (OPT-AIM, AMB-M-8: taken last round, at that target, no counter). */
export function aimApplies(state: MsState, suit: Suit, target: string, counter: boolean): boolean {
  return (
    state.options.aim &&
    !counter &&
    suit.aim !== null &&
    suit.aim.target === target &&
    suit.aim.round === state.round - 1
  )
}

/** MS-3.4: the score an attack roll must not exceed: Attack, +1 when aimed (MS-4.2, not cumulative). */
export function attackScore(state: MsState, suit: Suit, target: string, counter: boolean): number {
  return suitTypeOf(state, suit).attack + (aimApplies(state, suit, target, counter) ? 1 : 0)
}

/** MS-5.1: what one suit of a squad costs: the suit, and each bought item at the price its type lists. */
function squadSuitCost(scn: MsScenario, s: SquadSuit): number {
  const type = scn.suits[s.type]
  if (!type) throw new Error(`MS-6: no suit type ${s.type} in the catalogue`)
  let cost = type.cost
  for (const item of s.bought) {
    const offer = type.optional.find((o) => o.item === item)
    if (!offer) throw new Error(`MS-5.1: ${type.id} cannot buy ${item}`)
    cost += offer.cost
  }
  return cost
}

/** MS-5.1: a squad's points: each suit's cost plus its bought items' (TV-M-02: 150 for Zaku II + MG + hawk). */
export function squadCost(scn: MsScenario, squad: readonly SquadSuit[]): number {
  return squad.reduce((sum, s) => sum + squadSuitCost(scn, s), 0)
}

/**
 * GAP-M-4: what destroying a suit is worth: its cost and the price of each item it carries beyond its
 * built-ins (the squad cost of the suit as it stands, items dropped or picked up included).
 */
export function suitWorth(state: MsState, suit: Suit): number {
  const type = suitTypeOf(state, suit)
  const builtIn = new Map<string, number>()
  for (const id of type.builtIn) builtIn.set(id, (builtIn.get(id) ?? 0) + 1)
  let cost = type.cost
  for (const item of suit.items) {
    const free = builtIn.get(item.type) ?? 0
    if (free > 0) builtIn.set(item.type, free - 1)
    else cost += type.optional.find((o) => o.item === item.type)?.cost ?? 0
  }
  return cost
}

/** Twice the average of NdS+K, an integer, for comparing weapons (§8 `best`). */
export function averageDamage2(d: DiceExpr): number {
  return d.n * (d.sides + 1) + 2 * d.plus
}

/** The number of ways three d6 make each total 3..18 (index = total). */
const WAYS_3D6: readonly number[] = (() => {
  const ways = new Array<number>(19).fill(0)
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ways[a + b + c]! += 1
  return ways
})()

/** P(3d6 ≤ n), exact as a fraction of 216 (0 below 3, 1 from 18). */
export function chance3d6(n: number): number {
  let ways = 0
  for (let t = 3; t <= Math.min(18, Math.floor(n)); t++) ways += WAYS_3D6[t]!
  return ways / 216
}
