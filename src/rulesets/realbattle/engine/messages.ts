// The English of every refused order of Real Battle (keys of locales/<locale>/orders.json). The frame's own
// table is FRAME_MESSAGES; movement and combat keep theirs (messages-move.ts, messages-combat.ts), and
// MESSAGES merges the three. Values go in as {{name}}, other entries as $t(key).
import { refusals } from '../../../engine/messages.js'
import { COMBAT_MESSAGES } from './messages-combat.js'
import { MOVE_MESSAGES } from './messages-move.js'

export const FRAME_MESSAGES = {
  'realbattle.noSeat': '{{seat}} is not a seat of this game',
  'realbattle.gameOver': 'the game is over',
  'realbattle.notYourStep': 'seat {{seat}} has nothing to decide in this step ({{step}})',
  'realbattle.noAt': 'no AT {{at}} in this game',
  'realbattle.notYours': '{{at}} is not one of your ATs',
  'realbattle.notInPlay': '{{at}} is not in play',
  'realbattle.notActive': '{{at}} does not act in this player-turn',
  'realbattle.wrongStep': 'a "{{kind}}" order is not given in the {{step}} step',
  'realbattle.twice': '{{at}} has two "{{kind}}" orders: give one',

  'realbattle.deploy.missing': '{{at}} needs a deploy order: the hex it stands on and its facing',
  'realbattle.deploy.planMissing': '{{at}} needs its pre-game plan (plan acc dec atk def, RB-23.6)',
  'realbattle.deploy.hex': "{{at}} deploys on its camp's yellow hexes ({{end}} end), and {{hex}} is not one",
  'realbattle.deploy.taken': '{{at}} and {{other}} both deploy on {{hex}}: one AT a hex',
  'realbattle.deploy.facing': '{{at}} on the {{end}} end faces {{facings}}, not {{facing}}',

  'realbattle.plan.fallen': '{{at}} is fallen and plans nothing (RB-21.5)',
  'realbattle.plan.both': '{{at}} plans accel {{acc}} and decel {{dec}}: one of them must be 0',
  'realbattle.plan.value': '{{at}}: {{field}} {{value}} is not a value the tables use ({{legal}})',
  'realbattle.plan.total': '{{at}} plans {{total}} PP in all, more than its base PP {{base}}',

  'realbattle.speed.choice': '{{at}} may choose speed {{choices}}, not {{speed}}',
  'realbattle.speed.none': '{{at}} has no speed to choose now: its speed is {{speed}}',
  'realbattle.confused': '{{at}} is confused this player-turn: it moves straight ahead and does nothing else',
  'realbattle.policy.empty': '{{at}}: a policy order sets "avoid", "fall" or both',

  // Not refusals: why an AT has nothing to do in the options, and what an order would do in the preview.
  'realbattle.blocked.fallen': 'fallen: it plans nothing (RB-21.5)',
  'realbattle.blocked.confused': 'confused: it moves straight ahead and does nothing else (RB-22.2)',
  'realbattle.blocked.noAttack': 'no attack it can make now',
  'realbattle.blocked.outOfPlay': 'not in play',
  'realbattle.preview.noSeat': 'not a seat of this game',
  'realbattle.preview.noAt': 'no such AT of yours in play',
  'realbattle.preview.program': '{{at}} ends at {{hex}} facing {{facing}}, {{mp}} MP, {{pp}} action PP',
  'realbattle.preview.programError': '{{at}}: this program is refused ({{rule}})',
  'realbattle.preview.attack': '{{at}} → {{target}} at {{distance}} hexes: hit number {{hit}} before evasion',
  'realbattle.preview.illegal': 'not an attack it can make now',
  'realbattle.preview.order': '{{at}}: {{kind}}',

  'realbattle.notation.at': 'line {{line}} "{{text}}": ',
  'realbattle.notation.empty': '$t(realbattle.notation.at)empty order',
  'realbattle.notation.noAt': '$t(realbattle.notation.at)no AT "{{token}}" in this game',
  'realbattle.notation.alone':
    '$t(realbattle.notation.at)"{{at}}" alone is not an order: ' +
    'write "<AT> deploy|plan|speed|fire|volley|melee|policy ..." or its program',
  'realbattle.notation.usage': '$t(realbattle.notation.at)write "{{usage}}"',
  'realbattle.notation.hex': '$t(realbattle.notation.at)"{{hex}}" is not a hex: write CCRR (0004) or c,r (0,4)',
  'realbattle.notation.facing': '$t(realbattle.notation.at)"{{facing}}" is not a facing: N, NE, SE, S, SW or NW',
  'realbattle.notation.number': '$t(realbattle.notation.at)"{{value}}" is not a whole number',
  'realbattle.notation.step':
    '$t(realbattle.notation.at)"{{step}}" is not a program step: F, B, T1R, O2L, P1L, SL60, MAG <weapon>, ' +
    'PURGE <weapon>, RELOAD <weapon>, STAND, SMOKE, then "ram [AT]" or "avoid"',
  'realbattle.notation.weapon': '$t(realbattle.notation.at)"{{step}}" needs a weapon after it',
  'realbattle.notation.unreadable': '$t(realbattle.notation.at){{detail}}',

  'realbattle.adjust.kind':
    '"{{kind}}" is not an adjustment: use move, face, speed, durability, fall, stand, destroy, restore, ammo or pp',
  'realbattle.adjust.field': '{{kind}}: the field "{{field}}" is missing, unknown or not valid',
  'realbattle.adjust.noAt': 'no AT {{at}} in this game',
  'realbattle.adjust.hex': 'hex {{hex}} is not on the map',
  'realbattle.adjust.range': '{{field}} {{value}} is out of range: {{min}} to {{max}}',
  'realbattle.adjust.destroyed': '{{at}} is destroyed: restore it before "{{kind}}"',
  'realbattle.adjust.inPlay': '{{at}} is not destroyed: only a destroyed AT is restored',
  'realbattle.adjust.noWeapon': '{{at}} carries no weapon {{weapon}}',
  'realbattle.adjust.same': '{{at}}: "{{kind}}" changes nothing',
  'realbattle.adjust.notation.alone': '$t(realbattle.notation.at)"{{at}}" alone is not an adjustment',
  'realbattle.adjust.notation.badVerb':
    '$t(realbattle.notation.at)"{{verb}}" is not an adjustment: ' +
    'use move, face, speed, durability, fall, stand, destroy, restore, ammo or pp',
  'realbattle.check.offMap': '{{at}} is off the map ({{hex}})',
  'realbattle.check.obstacle': '{{at}} stands on an obstacle hex ({{hex}})',
  'realbattle.check.notDeployed': '{{at}} is in play but on no hex',
  'realbattle.check.facing': '{{at}} faces {{facing}}, not one of 0 to 5',
  'realbattle.check.durability': '{{at}} has durability {{value}}, outside 0 to {{max}}',
  'realbattle.check.pp': '{{at}} has {{field}} {{value}}, below 0',
  'realbattle.check.duplicate': 'AT id {{at}} is used twice',
  'realbattle.check.game': "the game's {{field}} is not valid: {{value}}",
} as const

export const MESSAGES = { ...FRAME_MESSAGES, ...MOVE_MESSAGES, ...COMBAT_MESSAGES } as const

export type MessageKey = keyof typeof MESSAGES

/** A refused order: `refuse(rule, key, params, { order, field, line })`. */
export const refuse = refusals<MessageKey>(MESSAGES)
