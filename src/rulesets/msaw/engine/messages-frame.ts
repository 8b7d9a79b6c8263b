// The English of MS@W's refused orders of the frame part (keys msaw.frame.*, in locales/<locale>/orders.json).
// Values go in as {{name}}, other entries as $t(key).
export const FRAME_MESSAGES = {
  'msaw.frame.moreAlone': '"more" keeps the phase open after activations: activate at least one suit with it, or pass',
  'msaw.frame.noSeat': '{{seat}} is not a seat of this game',
  'msaw.frame.gameOver': 'the game is over',
  'msaw.frame.notYourStep': 'seat {{seat}} has nothing to decide in this step ({{step}})',
  'msaw.frame.noSuit': 'no mobile suit {{ms}} in this game',
  'msaw.frame.notYours': '{{ms}} is not one of your mobile suits',
  'msaw.frame.destroyed': '{{ms}} has been destroyed (GAP-M-5)',
  'msaw.frame.wrongStep': 'a "{{kind}}" order is not given in the {{step}} step',
  'msaw.frame.twice': '{{ms}} has a second "{{kind}}" in one activation: each part at most once (MS-2.0)',
  'msaw.frame.duplicate': '{{ms}} has two "{{kind}}" orders: give one',
  'msaw.frame.notConsecutive':
    "{{ms}}'s orders are split by another suit's: a suit's orders come together, as one activation (AMB-M-2)",
  'msaw.frame.attackAndAim': '{{ms}} both attacks and aims: its Combat part is one or the other (MS-2.3)',
  'msaw.frame.aimOff': '{{ms}} cannot aim: this game does not use the optional aiming rule (MS-4.2)',
  'msaw.frame.aimLast': '{{ms}} aims before another of its parts: aiming comes last (MS-4.2)',
  'msaw.frame.activated': '{{ms}} has already activated in this action phase (MS-2.0)',
  'msaw.frame.systemError': '{{ms}} is in system error: it skips {{left}} more action phase(s) (MS-4.4)',
  'msaw.frame.noWeapon': '{{ms}} has no item {{weapon}}',
  'msaw.frame.notWeapon': '{{weapon}} of {{ms}} is not a weapon',
  'msaw.frame.noTarget': '{{target}} is not an enemy mobile suit in play that {{ms}} could attack',
  'msaw.frame.policyEmpty': '{{ms}}: a policy order sets "shield", "counter" or both',
  'msaw.frame.answerTwice': 'the question to {{ms}} takes one answer',
  'msaw.frame.answerKind': 'the question to {{ms}} is about its {{kind}}: answer that',
  'msaw.frame.answerMs': 'the question is for {{ms}}, not {{other}}',
  'msaw.frame.counterChoice': '{{ms}} may counterattack with {{choices}}, not {{weapon}} (MS-3.8)',

  'msaw.frame.deploy.missing': "{{ms}} needs a deploy order: where it stands in its side's zone",
  'msaw.frame.deploy.zone': "{{ms}} deploys in its side's zone, and {{at}} is not in it (GAP-M-4)",
  'msaw.frame.deploy.table': '{{ms}} at {{at}} would not stand wholly on the table (GAP-M-1)',
  'msaw.frame.deploy.overlap': '{{ms}} and {{other}} would overlap: discs 1" across may not (GAP-M-1)',
  'msaw.frame.deploy.terrain': '{{ms}} at {{at}} would overlap impassable terrain {{piece}} (GAP-M-3)',

  'msaw.frame.hold.unknown': '{{ms}} has no item {{item}} to hold',
  'msaw.frame.hold.notHand': '{{ms}} cannot hold {{item}}: it is not a hand item (GAP-M-2)',
  'msaw.frame.hold.blocked': "{{ms}}'s hand {{hand}} cannot hold items (GAP-M-2)",
  'msaw.frame.hold.twoHands': '{{ms}} holds {{item}} in both hands, and nothing else (MS-2.2)',
  'msaw.frame.hold.same': '{{ms}} cannot hold {{item}} in two hands',
  'msaw.frame.hold.unstowable': '{{ms}} must hold {{item}}: it cannot be stowed (MS-2.2)',

  // Not refusals: what an order would do, in the preview.
  'msaw.frame.preview.noSeat': 'not a seat of this game',
  'msaw.frame.preview.noSuit': 'no mobile suit {{ms}} of yours in play',
  'msaw.frame.preview.move': '{{ms}} moves to ({{x}}, {{y}}): {{length}}" long, {{cost}}" of its Move',
  'msaw.frame.preview.moveIllegal': '{{ms}} cannot move so: {{why}}',
  'msaw.frame.preview.switch': '{{ms}} switches its items',
  'msaw.frame.preview.switchIllegal': '{{ms}} cannot switch so: {{why}}',
  'msaw.frame.preview.attack':
    '{{ms}} attacks {{target}} with {{weapon}} at {{distance}}": it hits on {{need}} or less on 3d6 ({{chance}}%)',
  'msaw.frame.preview.attackIllegal':
    '{{ms}} could not attack {{target}} with {{weapon}} now (at {{distance}}"): {{why}}',
  'msaw.frame.preview.aim': '{{ms}} aims at {{target}} (MS-4.2)',
  'msaw.frame.preview.order': '{{ms}}: {{kind}}',
  'msaw.frame.preview.illegal': 'not an order that can be carried out now',
} as const
