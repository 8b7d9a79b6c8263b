// The English of every refused speed choice and action program (RB-4…11, 19, 22). Values go in as {{name}};
// the frame merges this table into engine/messages.ts and the locale catalogues.
import { refusals } from '../../../engine/messages.js'

export const MOVE_MESSAGES = {
  'realbattle.move.noAt': 'no AT {{at}} in play',
  'realbattle.move.notYours': '{{at}} is not yours to move',
  'realbattle.move.notActive': "it is not {{at}}'s action phase",
  'realbattle.move.speedRange': '{{at}} cannot take speed {{speed}}: its speed range is {{min}} to {{max}}',
  'realbattle.move.speedCross': '{{at}} cannot go from speed {{from}} to {{speed}} at once: it must stop at 0 first',
  'realbattle.move.speedChoice': '{{at}} cannot take speed {{speed}} this phase: it may take {{choices}}',
  'realbattle.move.confused':
    "{{at}}'s pilot is confused this player-turn: it moves straight ahead by its speed and takes no program",
  'realbattle.move.fallen':
    '{{at}} has fallen and cannot move or act: step {{step}} ({{text}}) is not allowed; it may only stand up (STAND)',
  'realbattle.move.standNotFallen': '{{at}} is not fallen: STAND (step {{step}}) is for a fallen AT',
  'realbattle.move.standTwice': '{{at}} tries to stand up once a phase: step {{step}} is a second STAND',
  'realbattle.move.forwardOnly':
    '{{at}}: step {{step}} ({{text}}) moves forward, which needs a positive speed (it has {{speed}})',
  'realbattle.move.backwardOnly':
    '{{at}}: step {{step}} ({{text}}) moves backward, which needs a negative speed (it has {{speed}})',
  'realbattle.move.mpOver': '{{at}}: step {{step}} ({{text}}) goes past the {{need}} MP of speed {{speed}}',
  'realbattle.move.mpShort':
    '{{at}} spends {{mp}} MP (to step {{step}}), but must spend exactly {{need}} at speed {{speed}}',
  'realbattle.move.noPattern':
    '{{at}}: step {{step}} ({{text}}) has no entry in the action-PP table at speed {{speed}}',
  'realbattle.move.heavyPick':
    '{{at}} is heavily damaged: step {{step}} ({{text}}), a pick turn of 120° or 180°, is not allowed',
  'realbattle.move.noTurnPick': '{{at}} has no turn-picks: step {{step}} ({{text}}), a pick turn, is not possible',
  'realbattle.move.spotSpeed':
    '{{at}}: step {{step}} ({{text}}) turns on the spot, which needs speed 0 (it has {{speed}})',
  'realbattle.move.spot180': '{{at}}: step {{step}} ({{text}}): a turn on the spot is 60° or 120°, never 180°',
  'realbattle.move.pp':
    '{{at}}: step {{step}} ({{text}}) brings the program to {{need}} action PP, but {{at}} has {{has}}',
  'realbattle.move.noWeapon': '{{at}} carries no weapon {{weapon}} (step {{step}})',
  'realbattle.move.magStar': "{{at}}: {{weapon}}'s card has ★: it is resupplied in maintenance only (step {{step}})",
  'realbattle.move.magNone': '{{at}} has no magazine left for {{weapon}} (step {{step}})',
  'realbattle.move.purgeBuiltIn': '{{at}}: {{weapon}} is built in and cannot be purged (step {{step}})',
  'realbattle.move.purgeKind':
    '{{at}}: only hand-held weapons and missile launchers can be purged, and {{weapon}} is neither (step {{step}})',
  'realbattle.move.reloadKind': '{{at}}: {{weapon}} is not a missile launcher and cannot be reloaded (step {{step}})',
  'realbattle.move.reloadNotEmpty':
    '{{at}}: {{weapon}} still has {{ammo}} rounds: it is reloaded only at 0 (step {{step}})',
  'realbattle.move.reloadNoSpare': '{{at}} carries no spare missile set to reload {{weapon}} (step {{step}})',
  'realbattle.move.smokeNone': '{{at}} has no smoke discharger with a round left (step {{step}})',
  'realbattle.move.noTarget': '{{target}}, named as the AT to collide with, is not in play',
} as const

export type MoveMessageKey = keyof typeof MOVE_MESSAGES

/** A refused speed or program: `refuseMove(rule, key, params, { order, field })`. */
export const refuseMove = refusals<MoveMessageKey>(MOVE_MESSAGES)
