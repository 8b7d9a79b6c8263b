// The English of every refused attack declaration (RB-12…19), merged into engine/messages.ts by the frame.
// Values go in as {{name}}, other entries as $t(key). A message names only the attacker's own values and
// what every player sees on the map: never the target's sealed defence (RB-12.11).
import { refusals } from '../../../engine/messages.js'

export const COMBAT_MESSAGES = {
  'realbattle.attack.arm.L': 'left',
  'realbattle.attack.arm.R': 'right',

  'realbattle.attack.noAt': 'no AT {{at}} in this game',
  'realbattle.attack.notYours': '{{at}} is not yours',
  'realbattle.attack.notActive': "{{at}} does not attack in this player-turn: it is the other camp's",
  'realbattle.attack.notInPlay': '{{at}} is not on the map or is destroyed',
  'realbattle.attack.twice': '{{at}} makes one attack a phase (declaration {{n}} is its second)',
  'realbattle.attack.noAttackPp': '{{at}} planned attack PP {{atk}}: it needs at least 1 to attack',
  'realbattle.attack.fallen': '{{at}} is fallen and cannot attack',
  'realbattle.attack.stoodUp': '{{at}} stood up this player-turn and does not attack until its next one',
  'realbattle.attack.confused': "{{at}}'s pilot is confused and cannot attack this player-turn",
  'realbattle.attack.noTarget': 'no AT {{target}} in play to attack',
  'realbattle.attack.notEnemy': '{{target}} is not an enemy AT',
  'realbattle.attack.what':
    'an attack by {{at}} names exactly one of: a weapon ("weapon"), a volley ("volley") or an arm ("arm")',
  'realbattle.attack.noWeapon': '{{at}} carries no weapon "{{weapon}}"',
  'realbattle.attack.purged': '{{at}} purged {{weapon}}: it is gone',
  'realbattle.attack.notFiring': '{{weapon}} of {{at}} is equipment and does not fire',
  'realbattle.attack.sameHex': "{{target}} is in {{at}}'s own hex: it cannot be fired at, only meleed",
  'realbattle.attack.outOfRange': "{{target}} is {{distance}} hexes from {{at}}, outside {{weapon}}'s range",
  'realbattle.attack.outsideArc': "{{target}} is in {{at}}'s {{dir}} direction, outside {{weapon}}'s fire arc",
  'realbattle.attack.lofBlocked': 'an obstacle cuts the line of fire from {{at}} to {{target}}',
  'realbattle.attack.emptyMagazine': '{{weapon}} of {{at}} has an empty magazine: change it in the action phase',
  'realbattle.attack.missilesBad': '{{at}}: the number of missiles must be a whole number of at least 1',
  'realbattle.attack.missilesAmmo': '{{at}} fires {{missiles}} missiles from {{weapon}}, which holds {{ammo}}',
  'realbattle.attack.notLauncher': '{{weapon}} of {{at}} is not a missile launcher: it fires one round',
  'realbattle.attack.missilesWithoutWeapon': '{{at}}: missiles are counted for one named launcher only',
  'realbattle.attack.volleyNoFcs': '{{at}} has no fire-control system and cannot volley fire',
  'realbattle.attack.volleyNone':
    '{{at}} has no back-connected weapon with ammunition that has {{target}} in its range and arc',
  'realbattle.attack.armBlocked':
    "{{at}}'s $t(realbattle.attack.arm.{{arm}}) arm holds or carries a weapon and cannot melee",
  'realbattle.attack.meleeReach':
    "{{target}} is not within reach of {{at}}'s $t(realbattle.attack.arm.{{arm}}) arm " +
    '(the front hex, the front-$t(realbattle.attack.arm.{{arm}}) hex or its own hex)',
} as const

export type CombatMessageKey = keyof typeof COMBAT_MESSAGES

/** A refused attack declaration: `refuseCombat(rule, key, params, { order, field })`. */
export const refuseCombat = refusals<CombatMessageKey>(COMBAT_MESSAGES)
