// The English of MS@W's refused orders of the frame part (keys msaw.frame.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key).
export const FRAME_MESSAGES = {
  'msaw.frame.placeholder': 'placeholder of the frame part',
} as const
