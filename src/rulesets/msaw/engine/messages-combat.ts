// The English of MS@W's refused orders of the combat part (keys msaw.combat.*, in locales/<locale>/orders.json):
// switches (MS-2.2) and attacks (MS-3, MS-4). Values go in as {{name}}, other entries as $t(key). Items and
// suits are named by the ids players write in orders; distances in inches.
export const COMBAT_MESSAGES = {
  'msaw.combat.noSuit': 'no mobile suit {{ms}} in this game',
  'msaw.combat.destroyed': '{{ms}} is destroyed',

  'msaw.combat.switch.noItem': '{{ms}} carries no item "{{item}}"',
  'msaw.combat.switch.fixed': '{{item}} of {{ms}} is fixed to the suit and cannot be drawn, stowed or dropped',
  'msaw.combat.switch.armour': '{{item}} of {{ms}} is Chobham armour: it stays on for the whole game',
  'msaw.combat.switch.notStowed': '{{item}} of {{ms}} is not stowed: only a stowed item can be drawn',
  'msaw.combat.switch.notHeld': '{{item}} of {{ms}} is not held in a hand',
  'msaw.combat.switch.twoHands': '{{item}} takes both hands: draw it or pick it up with "both"',
  'msaw.combat.switch.oneHand': '{{item}} takes one hand: name the left (L) or the right (R)',
  'msaw.combat.switch.blockedHand': '{{ms}} cannot hold items in hand {{hand}}, so it cannot take {{item}}',
  'msaw.combat.switch.notStowable': '{{item}} of {{ms}} cannot be stowed: it must be held or dropped',
  'msaw.combat.switch.noDrop': 'no dropped item {{drop}} lies on the table',
  'msaw.combat.switch.tooFar': '{{drop}} ({{item}}) is {{distance}}" from {{ms}}: it must be within 2" to be picked up',
  'msaw.combat.switch.cannotUse': '{{ms}} ({{type}}) cannot use {{item}}',
  'msaw.combat.switch.handFull': '{{ms}} would end its switch with {{items}} in hand {{hand}}: one item a hand',

  'msaw.combat.attack.noTarget': 'no mobile suit {{target}} in this game',
  'msaw.combat.attack.systemError': '{{ms}} is in system error for {{left}} more action phase(s) and cannot attack',
  'msaw.combat.attack.notEnemy': '{{target}} is not an enemy of {{ms}}',
  'msaw.combat.attack.targetDestroyed': '{{target}} is already destroyed',
  'msaw.combat.attack.noWeapon': '{{ms}} carries no weapon "{{weapon}}"',
  'msaw.combat.attack.notWeapon': '{{weapon}} of {{ms}} is not a weapon',
  'msaw.combat.attack.notInUse': '{{weapon}} of {{ms}} is stowed: draw it in a switch part before attacking with it',
  'msaw.combat.attack.disabled': '{{weapon}} of {{ms}} cannot be used while {{armour}} is on',
  'msaw.combat.attack.noAmmo': '{{weapon}} of {{ms}} is out of ammunition',
  'msaw.combat.attack.recharging':
    '{{weapon}} of {{ms}} fired in round {{fired}} and is recharging: it can fire again in round {{ready}}',
  'msaw.combat.attack.notClose':
    '{{target}} is {{distance}}" from {{ms}}: {{weapon}} is used only at close range (2" or less)',
  'msaw.combat.attack.outOfRange':
    '{{target}} is {{distance}}" from {{ms}}, outside the range of {{weapon}} ({{min}}" to {{max}}")',
  'msaw.combat.attack.noSight': '{{piece}} blocks the line of sight from {{ms}} to {{target}}',
  'msaw.combat.attack.counteredThisRound': '{{ms}} has already counterattacked in round {{round}}: one a round',
} as const
