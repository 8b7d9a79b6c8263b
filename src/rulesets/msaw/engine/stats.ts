// STUB (frame branch): the combat part's signatures (docs/msaw.md); replaced by the real file from main.
import type { ItemState, ItemType, MsScenario, MsState, SquadSuit, Suit, SuitType } from './types.js'

/** The suit's catalogue entry. */
export function suitTypeOf(state: MsState, suit: Suit): SuitType {
  void [state, suit]
  throw new Error('stats: not built yet')
}

/** The item's catalogue entry. */
export function itemTypeOf(state: MsState, item: ItemState): ItemType {
  void [state, item]
  throw new Error('stats: not built yet')
}

/** Weapons the suit can attack with now. */
export function usableWeapons(state: MsState, suit: Suit): ItemState[] {
  void [state, suit]
  throw new Error('stats: not built yet')
}

/** The shield the suit is using, if any. */
export function shieldInUse(state: MsState, suit: Suit): ItemState | null {
  void [state, suit]
  throw new Error('stats: not built yet')
}

/** The Attack score against the target. */
export function attackScore(state: MsState, suit: Suit, target: string, counter: boolean): number {
  void [state, suit, target, counter]
  throw new Error('stats: not built yet')
}

/** A squad's cost (MS-5.1). */
export function squadCost(scn: MsScenario, squad: readonly SquadSuit[]): number {
  void [scn, squad]
  throw new Error('stats: not built yet')
}

/** P(3d6 ≤ n). */
export function chance3d6(n: number): number {
  void n
  throw new Error('stats: not built yet')
}
