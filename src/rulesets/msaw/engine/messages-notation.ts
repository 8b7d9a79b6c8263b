// The English of MS@W's refused orders of the notation part (keys msaw.notation.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key).
export const NOTATION_MESSAGES = {
  'msaw.notation.placeholder': 'placeholder of the notation part',
} as const
