// The English of MS@W's refused orders of the move part (keys msaw.move.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key). Lengths and points are in inches ("12.37", "(4, 47.6)").
export const MOVE_MESSAGES = {
  'msaw.move.noSuit': 'no suit {{ms}} on the table to move',
  'msaw.move.noPath': '{{ms}} moves to at least one point',
  'msaw.move.tooManyPoints': "{{ms}}'s path has {{count}} points: at most {{max}}",
  'msaw.move.badPoint': "{{ms}}'s point {{n}} is not a position on the table in hundredths of an inch",
  'msaw.move.samePoint': "{{ms}}'s point {{n}} {{point}} is where the path already is: leave it out",
  'msaw.move.offTable':
    'coordinates off the table: {{ms}} at {{point}} would stand over the edge ' +
    '(its 1" disc must lie wholly on the {{width}}" × {{height}}" table)',
  'msaw.move.tooLong': '{{ms}}: path {{length}}" is longer than Move {{move}}"',
  'msaw.move.tooCostly':
    '{{ms}}: path {{length}}" costs {{cost}}" with its {{rough}}" in rough terrain counted twice, ' +
    'more than Move {{move}}"',
  'msaw.move.tooLongHover': '{{ms}}: path {{length}}" is longer than Move {{move}}" and than its hover Move {{hover}}"',
  'msaw.move.noHover':
    '{{ms}}: path {{cost}}" is more than Move {{move}}", and it cannot hover (Move {{hover}}") ' +
    'because its path enters {{piece}}',
  'msaw.move.impassable': '{{ms}}\'s path runs into {{piece}}, impassable terrain: its 1" disc may not overlap it',
  'msaw.move.suitInWay': '{{ms}}\'s path comes closer than 1" to {{other}}: the two discs may not overlap',
} as const
