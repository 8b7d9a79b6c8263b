// The English of MS@W's refused orders of the notation part (keys msaw.notation.*, msaw.adjust.*, msaw.check.*,
// in locales/<locale>/orders.json). Values go in as {{name}}, other entries as $t(key).
export const NOTATION_MESSAGES = {
  'msaw.notation.at': 'line {{line}}: ',
  'msaw.notation.empty': '$t(msaw.notation.at)empty order',
  'msaw.notation.noSuit': '$t(msaw.notation.at)no suit "{{token}}" in this game',
  'msaw.notation.suitFirst': '$t(msaw.notation.at)an order starts with the suit it is for: "GM1 {{verb}} ..."',
  'msaw.notation.alone':
    '$t(msaw.notation.at)"{{ms}}" alone is not an order: ' +
    'write "{{ms}} move|switch|attack|aim|policy|deploy|shield|counter ..."',
  'msaw.notation.verb':
    '$t(msaw.notation.at)"{{verb}}" is not an order: ' +
    'after the suit write move, switch, attack, aim, policy, deploy, shield or counter',
  'msaw.notation.usage': '$t(msaw.notation.at)write "{{usage}}"',
  'msaw.notation.inches': '$t(msaw.notation.at)"{{value}}" is not a number of inches',
  'msaw.notation.point': '$t(msaw.notation.at)"{{value}}" is not a point: write x,y in inches, such as 12.5,8',
  'msaw.notation.heading':
    '$t(msaw.notation.at)"{{value}}" is not a heading: N, NE, E, SE, S, SW, W, NW or whole degrees from 0 to 359',
  'msaw.notation.distance': '$t(msaw.notation.at)"{{value}}" is not a distance in inches (0.01 or more)',
  'msaw.notation.waypoints': '$t(msaw.notation.at)a move has at most {{max}} points',
  'msaw.notation.ops': '$t(msaw.notation.at)a switch has at most {{max}} operations',
  'msaw.notation.op':
    '$t(msaw.notation.at)"{{op}}" is not a switch operation: ' +
    'draw <item> L|R|both, stow <item>, drop <item>, pickup <drop> L|R|both|stow',
  'msaw.notation.hand': '$t(msaw.notation.at)"{{value}}" is not a hand: {{choices}}',
  'msaw.notation.id': '$t(msaw.notation.at)"{{value}}" is not an id: a letter, then letters, digits or "-", at most 24',
  'msaw.notation.policy': '$t(msaw.notation.at)"{{value}}" is not a standing order for the {{what}}: {{choices}}',
  'msaw.notation.answer': '$t(msaw.notation.at)"{{value}}" is not an answer: yes or no',
  'msaw.notation.noQuestion':
    '$t(msaw.notation.at)no question waits for your answer: "shield" and "counter" answer one in the react step',
  'msaw.notation.unreadable': '$t(msaw.notation.at){{detail}}',

  'msaw.adjust.kind': '"{{kind}}" is not an adjustment: use move, hp, destroy, restore, ammo, body, error or hold',
  'msaw.adjust.field': '{{kind}}: the field "{{field}}" is missing, unknown or not valid',
  'msaw.adjust.noSuit': 'no suit {{ms}} in this game',
  'msaw.adjust.range': '{{field}} {{value}} is out of range: {{min}} to {{max}}',
  'msaw.adjust.inPlay': '{{ms}} is not destroyed: only a destroyed suit is restored',
  'msaw.adjust.destroyed': '{{ms}} is destroyed already',
  'msaw.adjust.noItem': '{{ms}} carries no item {{item}}',
  'msaw.adjust.noAmmo': '{{item}} of {{ms}} has no ammunition count',
  'msaw.adjust.notShield': '{{item}} of {{ms}} is not a shield',
  'msaw.adjust.fixed': '{{item}} of {{ms}} is built in: it is always in use and never held or stowed',
  'msaw.adjust.same': '{{ms}}: "{{kind}}" changes nothing',
  'msaw.adjust.notation.alone': '$t(msaw.notation.at)"{{ms}}" alone is not an adjustment',
  'msaw.adjust.notation.badVerb':
    '$t(msaw.notation.at)"{{verb}}" is not an adjustment: ' +
    'use move, hp, destroy, restore, ammo, body, error or hold',

  'msaw.check.game': "the game's {{field}} is not valid: {{value}}",
  'msaw.check.duplicate': 'suit id {{ms}} is used twice',
  'msaw.check.type': '{{ms}}: no {{what}} type "{{type}}" in the catalogue',
  'msaw.check.offTable': '{{ms}} at {{at}} is not wholly on the table ({{width}} × {{height}} inches)',
  'msaw.check.overlap':
    '{{ms}} at {{at}} and {{other}} at {{otherAt}} overlap: their centres are less than 1 inch apart',
  'msaw.check.impassable': '{{ms}} at {{at}} stands in impassable terrain ({{piece}})',
  'msaw.check.hp': '{{ms}} has HP {{value}}: a suit in play has 1 to {{max}}',
  'msaw.check.errorPhases': '{{ms}} has {{value}} system-error phases: a whole number from 0',
  'msaw.check.itemId': '{{ms}} carries two items with the id {{item}}',
  'msaw.check.ammo': '{{item}} of {{ms}} has ammunition {{value}}, outside 0 to {{max}}',
  'msaw.check.body': '{{item}} of {{ms}} has body {{value}}, outside 0 to {{max}}',
  'msaw.check.place': '{{item}} of {{ms}} is {{place}}, which a {{carry}} item cannot be',
  'msaw.check.hand': '{{ms}} holds {{count}} items in its {{hand}} hand: one at most',
  'msaw.check.twoHanded': '{{item}} of {{ms}} takes both hands, and is held in {{place}}',
  'msaw.check.oneHanded': '{{item}} of {{ms}} takes one hand, and is held in both',
  'msaw.check.blocked': '{{ms}} cannot hold anything in its {{hand}} hand, and holds {{item}} there',
  'msaw.check.stowable': '{{item}} of {{ms}} cannot be stowed: it must be held or dropped',
} as const
