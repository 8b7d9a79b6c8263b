// The English of every refused order (keys of locales/<locale>/orders.json; test/i18n checks the English
// catalogue holds these very strings). Values go in as {{name}}, other entries as $t(key).
import { refusals } from '../../../engine/messages.js'

export const MESSAGES = {
  'greennoa.side.AEUG': 'AEUG',
  'greennoa.side.TITANS': 'TITANS',
  'greennoa.noSeat': '{{seat}} is not a seat of this game',
  'greennoa.notYourTurn': "it is $t(greennoa.side.{{side}})'s turn to act",
  'greennoa.gameOver': 'the game is over',
  'greennoa.attackInMovement': 'attacks are made in the combat phase, not the movement phase',
  'greennoa.moveInCombat': 'units move and change form in the movement phase only',
  'greennoa.notMovementPhase': "it is not $t(greennoa.side.{{side}})'s movement phase",
  'greennoa.notCombatPhase': "it is not $t(greennoa.side.{{side}})'s combat phase",
  'greennoa.noUnit': 'no unit {{unit}} on the map',

  'greennoa.move.notYours': '{{unit}} is not yours to move',
  'greennoa.move.suppressed': '{{unit}} cannot act (S) this inning',
  'greennoa.move.twice': '{{unit}} moves once a phase: put all its steps in one order',
  'greennoa.move.noSteps': '{{unit}}: a move needs at least one step',
  'greennoa.move.immobile': '{{unit}} cannot move (M) and so cannot spend MP, even to turn',
  'greennoa.turnLimit': '{{unit}} makes {{turns}} turns, but may make {{left}} this inning',
  'greennoa.move.tooFar': '{{unit}} spends {{spent}} MP, but has {{mp}}',
  'greennoa.move.tooFarHalved': '{{unit}} spends {{spent}} MP, but has {{mp}} (halved by the form change, GN-11)',
  'greennoa.move.offMap': '{{unit}} would leave the map at step {{step}}',
  'greennoa.remove.twice': '{{unit}} is already removed',
  'greennoa.remove.earlier': '{{unit}} was removed by an earlier order',
  'greennoa.remove.notOver': '{{unit}} is not over the stacking limit and may not be removed',
  'greennoa.stack':
    '{{units}} and {{last}} would end in hex {{hex}} together: friendly units may not stack ' +
    '(name the units removed, GN-5-5)',
  'greennoa.form.none': '{{unit}} ({{type}}) has no other form',
  'greennoa.form.afterMove': '{{unit}} changes form only at the start of the phase, before it moves',
  'greennoa.form.twice': '{{unit}} already changed form this phase',
  'greennoa.form.unknown': '{{type}} has no form "{{form}}"',
  'greennoa.form.same': '{{unit}} is already in form "{{form}}"',

  // Names a Japanese message nests by the English value it is given ($t(greennoa.typeName.{{type}})): the
  // roster's unit types (test/rulesets/greennoa checks each has one) and the forms (GN-11).
  'greennoa.typeName.Gundam MkII': 'Gundam MkII',
  'greennoa.typeName.Rick Dias': 'Rick Dias',
  'greennoa.typeName.Nemo': 'Nemo',
  'greennoa.typeName.Hyaku-Shiki': 'Hyaku-Shiki',
  'greennoa.typeName.Hizack': 'Hizack',
  'greennoa.typeName.GM II': 'GM II',
  'greennoa.typeName.Marasai': 'Marasai',
  'greennoa.typeName.Galbaldy Beta': 'Galbaldy Beta',
  'greennoa.typeName.Messala': 'Messala',
  'greennoa.formName.normal': 'normal',
  'greennoa.formName.launcher': 'launcher',
  'greennoa.formName.ms': 'ms',
  'greennoa.formName.ma': 'ma',

  // Not refusals: why a unit has no moves in the options, and what an order would do in the preview.
  'greennoa.blocked.S': 'S: cannot act (GN-7-7)',
  'greennoa.blocked.M': 'M: cannot move or turn (GN-4-5b)',
  'greennoa.preview.noSeat': 'not a seat of this game',
  'greennoa.preview.illegal': 'not a legal attack now',
  'greennoa.preview.kind.fire': 'fire',
  'greennoa.preview.kind.melee': 'melee',
  'greennoa.preview.attack': '{{kind}} {{unit}} → {{target}}, difference {{diff}}: {{odds}}',
  'greennoa.preview.noUnit': 'no such unit on the map',
  'greennoa.preview.move': '{{unit}} ends at hex {{hex}} facing {{facing}}, {{mp}} MP, {{turns}} turns',
  'greennoa.preview.transform': '{{unit}} changes to form {{form}}',
  'greennoa.preview.remove': '{{unit}} is removed (GN-5-5)',

  'greennoa.attack.notYours': '{{unit}} is not yours',
  'greennoa.attack.noTarget': 'no unit {{unit}} on the map to attack',
  'greennoa.attack.notEnemy': '{{unit}} is not an enemy unit',
  'greennoa.attack.suppressed': '{{unit}} cannot act (S) and makes no attack',
  'greennoa.attack.once': '{{unit}} makes one attack a combat phase',
  'greennoa.fire.mustMelee': '{{unit}} shares a hex with {{enemy}}: it must melee it and may not fire',
  'greennoa.fire.never': '{{unit}} can never fire again (F)',
  'greennoa.fire.sameHex': "{{target}} is in {{unit}}'s hex: attack it in melee",
  'greennoa.fire.outsideArc': "{{target}} is outside {{unit}}'s fire arc",
  'greennoa.fire.outOfRange':
    '{{unit}} firing at {{target}} at {{distance}} hexes has difference {{diff}}, below −2 (out of effective range)',
  'greennoa.fire.friendInHex': '{{target}} shares a hex with {{friend}}, a friendly unit: it cannot be fired at',
  'greennoa.melee.never': '{{unit}} can never melee again (C)',
  'greennoa.melee.notSameHex': "{{target}} is not in {{unit}}'s hex: melee needs a shared hex",

  'greennoa.notation.at': 'line {{line}} "{{text}}": ',
  'greennoa.notation.ambiguous': '$t(greennoa.notation.at)"{{token}}" names {{n}} units ({{ids}}): use the unit id',
  'greennoa.notation.noUnit': '$t(greennoa.notation.at)no unit "{{token}}" in this game',
  'greennoa.notation.noSteps':
    '$t(greennoa.notation.at)a move needs its steps: F (forward), L, R (turns), e.g. "move FRF"',
  'greennoa.notation.badStep':
    '$t(greennoa.notation.at)"{{step}}" is not a step: use F (forward one hex), L or R (turn 60°)',
  'greennoa.notation.empty': '$t(greennoa.notation.at)empty order',
  'greennoa.notation.alone':
    '$t(greennoa.notation.at)"{{unit}}" alone is not an order: ' +
    'write "<unit> move|form|remove|fire|melee ..." or "pass"',
  'greennoa.notation.badVerb':
    '$t(greennoa.notation.at)"{{verb}}" is not an order: use move, form, remove, fire or melee',
  'greennoa.notation.removeAlone': '$t(greennoa.notation.at)"remove" takes nothing after it',
  'greennoa.notation.formForm': '$t(greennoa.notation.at)write "{{unit}} form <form>"',
  'greennoa.notation.formFormWithForms':
    '$t(greennoa.notation.at)write "{{unit}} form <form>", the forms being {{form1}}, {{form2}}',
  'greennoa.notation.badForm': '$t(greennoa.notation.at)"{{form}}" is not a form: use {{form1}} or {{form2}}',
  'greennoa.notation.noOtherForm': '$t(greennoa.notation.at){{unit}} has no other form',
  'greennoa.notation.attackForm': '$t(greennoa.notation.at)write "{{unit}} {{verb}} <target>", one target',
  'greennoa.notation.unreadable': '$t(greennoa.notation.at){{detail}}',

  // Moderator adjustments (adjust.ts, adjust-notation.ts) and the state checks (check()).
  'greennoa.adjust.kind':
    '"{{kind}}" is not an adjustment: use move, face, remove, restore, form, mark, unmark, suppress or turns',
  'greennoa.adjust.field': '{{kind}}: the field "{{field}}" is missing, unknown or not valid',
  'greennoa.adjust.noUnit': 'no unit {{unit}} in this game',
  'greennoa.adjust.hex': 'hex {{hex}} is not on the map (0000 to {{last}})',
  'greennoa.adjust.facing': 'facing {{facing}} is not one of 0 to 5',
  'greennoa.adjust.range': '{{field}} {{value}} is out of range: {{min}} to {{max}}',
  'greennoa.adjust.removed': '{{unit}} is out of play: restore it before "{{kind}}"',
  'greennoa.adjust.inPlay': '{{unit}} is in play: only a removed unit is restored',
  'greennoa.adjust.alreadyRemoved': '{{unit}} is already out of play',
  'greennoa.adjust.form': '{{type}} has no form "{{form}}"',
  'greennoa.adjust.hasMark': '{{unit}} already has {{mark}}',
  'greennoa.adjust.noMark': '{{unit}} does not have {{mark}}',
  'greennoa.adjust.same': '{{unit}}: "{{kind}}" changes nothing',
  'greennoa.adjust.notation.alone':
    '$t(greennoa.notation.at)"{{unit}}" alone is not an adjustment: ' +
    'write "<unit> move|face|remove|restore|form|mark|unmark|suppress|turns ..."',
  'greennoa.adjust.notation.badVerb':
    '$t(greennoa.notation.at)"{{verb}}" is not an adjustment: ' +
    'use move, face, remove, restore, form, mark, unmark, suppress or turns',
  'greennoa.adjust.notation.usage': '$t(greennoa.notation.at)write "{{usage}}"',
  'greennoa.adjust.notation.hex':
    '$t(greennoa.notation.at)"{{hex}}" is not a hex: write its column and row, two digits each (0406)',
  'greennoa.adjust.notation.mark':
    '$t(greennoa.notation.at)"{{mark}}" is not a marker to set: use M, F or C (S with "suppress")',
  'greennoa.adjust.notation.unmark': '$t(greennoa.notation.at)"{{mark}}" is not a marker: use S, M, F or C',
  'greennoa.adjust.notation.facing': '$t(greennoa.notation.at)facing {{facing}} is not one of 0 to 5',
  'greennoa.check.badId': '"{{unit}}" is not a unit id',
  'greennoa.check.duplicate': 'unit id {{unit}} is used twice',
  'greennoa.check.type': '{{unit}}: unknown unit type {{type}}',
  'greennoa.check.pilot': '{{unit}}: unknown pilot {{pilot}}',
  'greennoa.check.side': '{{unit}}: its type cannot be on side {{side}}',
  'greennoa.check.form': '{{unit}}: {{type}} has no form "{{form}}"',
  'greennoa.check.offMap': '{{unit}} is off the map (hex {{hex}})',
  'greennoa.check.facing': '{{unit}} faces {{facing}}, not one of the six hexsides 0 to 5',
  'greennoa.check.flag': '{{unit}}: {{field}} must be true or false',
  'greennoa.check.turns': '{{unit}} has made {{used}} turns this inning, but may make {{limit}}',
  'greennoa.check.s':
    '{{unit}}: S until inning {{untilInning}} phase {{untilPhase}} cannot be in inning {{inning}} phase {{phase}}: ' +
    'an S lasts to the end of the same phase of the next inning at most, and ends when that phase does',
  'greennoa.check.stack': '{{unit}} and {{other}} are friendly units in one hex, {{hex}}',
  'greennoa.check.annihilated': '$t(greennoa.side.{{side}}) has no unit left, but the game has not ended',
  'greennoa.check.declared': 'declared attack {{n}} ({{unit}} → {{target}}) cannot be waiting now',
  'greennoa.check.game': "the game's {{field}} is not valid: {{value}}",
} as const

export type MessageKey = keyof typeof MESSAGES

/** A refused order: `refuse(rule, key, params, { order, field, line })`. */
export const refuse = refusals<MessageKey>(MESSAGES)
