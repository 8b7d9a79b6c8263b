// The English of MS@W's refused orders of the move part (keys msaw.move.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key).
export const MOVE_MESSAGES = {
  'msaw.move.placeholder': 'placeholder of the move part',
} as const
