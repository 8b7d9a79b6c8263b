// The English of MS@W's refused orders of the combat part (keys msaw.combat.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key).
export const COMBAT_MESSAGES = {
  'msaw.combat.placeholder': 'placeholder of the combat part',
} as const
