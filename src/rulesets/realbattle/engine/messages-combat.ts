// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
export const COMBAT_MESSAGES = {
  'realbattle.attack.placeholder': '{{at}} cannot attack yet: combat is not written on this branch',
} as const
