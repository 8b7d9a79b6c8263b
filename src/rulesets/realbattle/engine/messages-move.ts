// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
export const MOVE_MESSAGES = {
  'realbattle.move.placeholder': '{{at}}: step {{step}} is not one this placeholder moves (only F and B)',
} as const
