// The English of every refused order (keys of locales/<locale>/orders.json; test/i18n checks the English
// catalogue holds these very strings). Values go in as {{name}}, other entries as $t(key).
import { refusals } from '../../../engine/messages.js'

export const MESSAGES = {
  'abaoaqu.step.deploy': 'set-up',
  'abaoaqu.step.move': 'movement',
  'abaoaqu.step.attack-lead': 'lead-off combat',
  'abaoaqu.step.attack-follow': 'follow-up combat',
  'abaoaqu.step.over': 'finished game',
  'abaoaqu.zone.none': 'none',
  'abaoaqu.zone.tag': 'on the {{tag}}',
  'abaoaqu.zone.within': 'within {{distance}} hexes of the {{tag}}',
  'abaoaqu.zone.row': 'row {{from}}',
  'abaoaqu.zone.rows': 'rows {{from}}–{{to}}',
  'abaoaqu.zone.column': 'column {{from}}',
  'abaoaqu.zone.columns': 'columns {{from}}–{{to}}',

  'abaoaqu.order.notList': 'a submission is a list of orders (an empty list passes)',
  'abaoaqu.order.move': 'a move needs units (ids) and to ([col,row])',
  'abaoaqu.order.remove': 'a removal needs units (ids)',
  'abaoaqu.order.bd': 'a BD launch needs unit and target ([col,row])',
  'abaoaqu.order.attack':
    'an attack needs mode (shoot|close), units, target ({unit} or {group: MS|FT|SHIP}), optional hex and ranks',
  'abaoaqu.order.defend': 'a defence choice needs attack (id) and ranks',
  'abaoaqu.order.standing': 'defenceShift must be full, none or a number of ranks',
  'abaoaqu.order.unknownKind': 'unknown order kind {{kind}}',
  'abaoaqu.noSeat': 'there is no seat {{seat}} in this game',
  'abaoaqu.gameOver': 'the game is over',
  'abaoaqu.notYourPhase': 'it is the $t(abaoaqu.step.{{step}}) phase of {{sides}}, not {{side}}',
  'abaoaqu.wrongStep': 'a {{kind}} order does not belong in the $t(abaoaqu.step.{{step}}) phase',
  'abaoaqu.wrongStepVowel': 'an {{kind}} order does not belong in the $t(abaoaqu.step.{{step}}) phase',

  'abaoaqu.unknownUnit': 'unknown unit {{unit}}',
  'abaoaqu.notYourUnit': '{{unit}} is not one of your units',
  'abaoaqu.teammateUnit': '{{unit}} belongs to another player of your side',
  'abaoaqu.notOnMap': '{{unit}} is not on the map',
  'abaoaqu.hexOffMap': 'hex {{hex}} is off the map',

  'abaoaqu.movement.offMap': 'hex {{hex}} is off the map ({{cols}} columns × {{rows}} rows)',
  'abaoaqu.movement.setupZone': '{{unit}} must set up in its zone ($t(abaoaqu.zone.{{zone}}))',
  'abaoaqu.movement.eliminated': '{{unit}} has been eliminated',
  'abaoaqu.movement.notYet': '{{unit}} may enter from turn {{turn}}',
  'abaoaqu.movement.noEntry': '{{unit}} has no entry zone',
  'abaoaqu.movement.entryTooFar':
    '{{unit}} enters $t(abaoaqu.zone.{{zone}}) and can reach {{reach}} hexes beyond it; {{hex}} is {{distance}} away',
  'abaoaqu.movement.fixed': '{{unit}} ({{type}}) never moves once placed',
  'abaoaqu.movement.missileSpent': '{{unit}} has made its one move',
  'abaoaqu.movement.tooFar': '{{unit}} cannot reach {{hex}} ({{distance}} hexes): it has {{mp}} MP',
  'abaoaqu.movement.tooFarMorale':
    '{{unit}} cannot reach {{hex}} ({{distance}} hexes): in state {{state}} it may move {{mp}} hexes',
  'abaoaqu.movement.twice': '{{unit}} is given two moves in one phase',
  'abaoaqu.stack.overDeploy':
    'hex {{hex}} would hold {{units}} of your {{class}}-class units (limit {{limit}}): place them elsewhere (A-5-6)',
  'abaoaqu.stack.over':
    'hex {{hex}} would hold {{units}} of your {{class}}-class units (limit {{limit}}): ' +
    'name {{excess}} to remove with "remove <unit>" (A-5-6)',
  'abaoaqu.remove.twice': '{{unit}} is removed twice',
  'abaoaqu.remove.notExcess':
    'only excess units are removed: hex {{hex}} would keep {{left}} {{class}}-class units after removals, ' +
    'below the limit of {{limit}}',
  'abaoaqu.remove.notOnMap': '{{unit}} is not on the map and cannot be removed',
  'abaoaqu.remove.duringSetup': 'no units are removed while setting up',

  'abaoaqu.bd.noLauncher': '{{unit}} ({{type}}) carries no BD missile',
  'abaoaqu.bd.alreadyFired': '{{unit}} has already fired its BD missile',
  'abaoaqu.bd.notSteady': '{{unit}} is in state {{state}} and may not fire (§5.3)',
  'abaoaqu.bd.outOfRange': '{{hex}} is {{distance}} hexes from {{unit}}; the BD missile reaches {{range}}',
  'abaoaqu.bd.isShootingAttack': '{{unit}} fires its BD missile once, and it is its shooting attack (AMB-A-19)',
  'abaoaqu.ranks.nothingToChoose':
    '"ranks {{ranks}}" has nothing to choose: no newtype or elite pilot takes part, so leave "ranks" out',
  'abaoaqu.ranks.outOfBounds': 'ranks must be a whole number from 0 to {{max}}',
  'abaoaqu.ranks.mustBeFull': 'this game uses full pilot shifts: ranks must be {{max}}',
  'abaoaqu.defend.tooEarly':
    'defensive shifts for declared attacks are chosen in your combat phase after the lead-off attacks',
  'abaoaqu.defend.noSuchAttack': 'no declared attack {{attack}} awaits resolution',
  'abaoaqu.defend.notYours': 'attack {{attack}} is not aimed at your units',
  'abaoaqu.defend.noChoice':
    'attack {{attack}} offers no defensive choice: no newtype or elite pilot defends against it',
  'abaoaqu.defend.twice': 'attack {{attack}} has two defence choices',

  'abaoaqu.attack.alreadyShoots': '{{unit}} already makes a shooting attack this phase',
  'abaoaqu.attack.alreadyCloses': '{{unit}} already makes a close-combat attack this phase',
  'abaoaqu.attack.onlyOne': '{{unit}} may make only one attack this phase',
  'abaoaqu.attack.noAttackers': 'an attack needs at least one attacking unit',
  'abaoaqu.attack.unitTwice': 'a unit is named twice in one attack',
  'abaoaqu.attack.notSteady': '{{unit}} is in state {{state}} and may not attack (§5.3)',
  'abaoaqu.attack.satelliteMissile': '{{unit}} is a Satellite Missile: it attacks by moving into an enemy hex',
  'abaoaqu.attack.bdOnly': '{{unit}} can only fire its BD missile (use a bd order)',
  'abaoaqu.target.unknown': 'unknown target unit {{unit}}',
  'abaoaqu.target.own': '{{unit}} is one of your own units',
  'abaoaqu.target.wrongHex': '{{unit}} is in hex {{hex}}, not {{given}}',
  'abaoaqu.target.groupNeedsHex': 'a group target needs the hex it is in',
  'abaoaqu.target.oneClass': 'a group target is one class: MS, FT or SHIP (AMB-A-6)',
  'abaoaqu.target.shootingGroup': 'a shooting group target is MS-class or SHIP (fighters and turrets are MS-class)',
  'abaoaqu.target.noEnemies': 'no enemy {{group}} units in hex {{hex}}',
  'abaoaqu.shoot.notStacked': 'units combine in one attack only when they are stacked in one hex (AMB-A-26)',
  'abaoaqu.shoot.outOfRange':
    "{{hex}} is out of {{unit}}'s range: at {{distance}} hexes its attack factor would be {{factor}}, " +
    'and it must be at least 1',
  'abaoaqu.shoot.worthlessIField': 'this attack would be worth nothing: the I-field stops beam weapons',
  'abaoaqu.shoot.worthlessBdScreen':
    'this attack would be worth nothing: beam fire into or out of a BD screen is nullified',
  'abaoaqu.close.notMobileSuit': '{{unit}} ({{type}}) may not start close combat: only mobile suits may',
  'abaoaqu.close.oneHex': 'close-combat attackers must all be in one hex',
  'abaoaqu.close.ownHex': "close combat happens only in the attackers' own hex",
  'abaoaqu.close.targetElsewhere':
    "{{unit}} is in hex {{hex}}: close combat happens only in the attackers' own hex ({{own}})",
  'abaoaqu.close.oneCategory': 'all defenders of one close-combat attack must be of one category',
  'abaoaqu.close.screenedShips':
    'enemy ships stacked with enemy mobile suits ({{unit}}) cannot be attacked in close combat',
  'abaoaqu.close.iField': 'the I-field makes this attack worthless: every attacker is beam-armed',

  'abaoaqu.notation.at': 'line {{line}} "{{text}}": ',
  'abaoaqu.notation.what.remove': 'the units to remove',
  'abaoaqu.notation.what.move': 'the units to move',
  'abaoaqu.notation.what.attack': 'the attacking units',
  'abaoaqu.notation.what.bd': 'the launching Public',
  'abaoaqu.notation.ranksWords': 'a number from 0 to {{max}}',
  'abaoaqu.notation.unitsMissing': '$t(abaoaqu.notation.at)expected $t(abaoaqu.notation.what.{{what}})',
  'abaoaqu.notation.notUnit':
    '$t(abaoaqu.notation.at)"{{token}}" is not a unit id (expected $t(abaoaqu.notation.what.{{what}}))',
  'abaoaqu.notation.ranks':
    '$t(abaoaqu.notation.at)expected "ranks <number>" at the end of the line, $t(abaoaqu.notation.ranksWords)',
  'abaoaqu.notation.noTarget':
    '$t(abaoaqu.notation.at)expected a target after "@": a unit id, a hex and a group (ms, ft, ship), or a group',
  'abaoaqu.notation.afterTarget': '$t(abaoaqu.notation.at)unexpected "{{token}}" after the target',
  'abaoaqu.notation.groupAfterHex': '$t(abaoaqu.notation.at)expected a group after hex {{hex}}: ms, ft or ship',
  'abaoaqu.notation.shootingGroupHex':
    '$t(abaoaqu.notation.at)a shooting group target needs its hex first, e.g. "@ 0710 ms"',
  'abaoaqu.notation.afterGroup': '$t(abaoaqu.notation.at)unexpected "{{token}}" after the group',
  'abaoaqu.notation.badTarget': '$t(abaoaqu.notation.at)"{{token}}" is neither a unit id, a hex nor a group',
  'abaoaqu.notation.afterTargetUnit': '$t(abaoaqu.notation.at)unexpected "{{token}}" after the target unit',
  'abaoaqu.notation.passAlone': '$t(abaoaqu.notation.at)"pass" stands alone on its line',
  'abaoaqu.notation.bdForm': '$t(abaoaqu.notation.at)expected "bd <unit> @ <hex>"',
  'abaoaqu.notation.onePublic': '$t(abaoaqu.notation.at)one Public launches per line',
  'abaoaqu.notation.bdHex': '$t(abaoaqu.notation.at)expected one target hex after "@", e.g. 0710',
  'abaoaqu.notation.attackForm': '$t(abaoaqu.notation.at)expected "{{verb}} <units> @ <target>"',
  'abaoaqu.notation.defendForm':
    '$t(abaoaqu.notation.at)expected "defend <attack id> ranks <number>" ($t(abaoaqu.notation.ranksWords)) ' +
    'or "defend <attack id> none"',
  'abaoaqu.notation.standingForm':
    '$t(abaoaqu.notation.at)expected "standing defence full|none|<ranks>", the ranks $t(abaoaqu.notation.ranksWords)',
  'abaoaqu.notation.unknownOrder':
    '$t(abaoaqu.notation.at)expected an order: "<units> -> <hex>", "remove", "bd", "shoot", "close", "defend", ' +
    '"standing" or "pass"',
  'abaoaqu.notation.moveHex': '$t(abaoaqu.notation.at)expected one destination hex after "->", e.g. 0710',

  'abaoaqu.adjust.notObject': 'an adjustment is an object with a kind',
  'abaoaqu.adjust.unknownKind': 'unknown adjustment kind {{kind}} (the kinds are {{kinds}})',
  'abaoaqu.adjust.badHex': '{{field}} must be a hex as [column, row]',
  'abaoaqu.adjust.unknownSide': 'unknown side {{side}} (the sides are {{sides}})',
  'abaoaqu.adjust.badValue': '{{field}} must be one of {{values}}, not {{value}}',
  'abaoaqu.adjust.range': '{{field}} must be a whole number from {{min}} to {{max}}, not {{value}}',
  'abaoaqu.adjust.unchanged': 'this changes nothing: {{subject}} already has {{field}} {{value}}',
  'abaoaqu.adjust.moveRemoved': '{{unit}} is out of play: bring it back with "restore"',
  'abaoaqu.adjust.alreadyRemoved': '{{unit}} is already out of play',
  'abaoaqu.adjust.inPlay': '{{unit}} is in play (on the map or still to come): only a removed unit is restored',
  'abaoaqu.adjust.singleSided': '{{unit}} ({{type}}) is printed on one side only and cannot be flipped',
  'abaoaqu.adjust.notMissile': '{{unit}} ({{type}}) is not a Satellite Missile: only those are spent',
  'abaoaqu.adjust.noEntryTurn': '{{unit}} sets up on the map: it has no entry turn',
  'abaoaqu.adjust.noMarker': 'there is no BD marker on {{hex}}',
  'abaoaqu.adjust.notOccupier': '{{side}} has no occupation victory in this scenario',
  'abaoaqu.adjust.notation.form':
    '$t(abaoaqu.notation.at)expected "<unit> move|restore <hex>", "<unit> remove", "<unit> morale N|C|D", ' +
    '"<unit> flip front|back", "<unit> pilot N1…N4|E|S|none", "<unit> spent yes|no", "<unit> enter-turn <turn>", ' +
    '"bd <hex> turn <turn>", "bd <hex> clear", "<side> ships-destroyed <n>" or "<side> occupation <n>"',
  'abaoaqu.adjust.notation.value': '$t(abaoaqu.notation.at)"{{verb}}" takes {{expected}}',
  'abaoaqu.adjust.notation.extra': '$t(abaoaqu.notation.at)unexpected "{{token}}" at the end of the line',
  'abaoaqu.adjust.notation.notUnit': '$t(abaoaqu.notation.at)"{{token}}" is not a unit id',

  'abaoaqu.check.unknownType': '{{unit}} is of unit type {{type}}, which the scenario does not have',
  'abaoaqu.check.badField': '{{unit}} has {{field}} {{value}}; it must be one of {{values}}',
  'abaoaqu.check.backFace': '{{unit}} ({{type}}) shows a back side it does not have',
  'abaoaqu.check.spent': '{{unit}} ({{type}}) is marked spent but is not a Satellite Missile',
  'abaoaqu.check.enterTurn': '{{unit}} has entry turn {{value}}; it must be a whole number from 1',
  'abaoaqu.check.noEntry': '{{unit}} is to come but has no entry zone',
  'abaoaqu.check.reserveHex': '{{unit}} is still to come but has hex {{hex}}',
  'abaoaqu.check.offMap': '{{unit}} is at {{hex}}, off the map ({{cols}} columns × {{rows}} rows)',
  'abaoaqu.check.noHex': '{{unit}} is on the map but has no hex',
  'abaoaqu.check.duplicate': 'unit {{unit}} is listed {{count}} times',
  'abaoaqu.check.stack': 'hex {{hex}} holds {{units}} {{class}}-class units of {{side}} (limit {{limit}})',
  'abaoaqu.check.markerOffMap': 'a BD marker is at {{hex}}, off the map',
  'abaoaqu.check.markerTurn':
    'the BD marker on {{hex}} was placed in turn {{placed}}: ' +
    'in turn {{turn}} a marker is from that turn or the {{lifetime}} before it',
  'abaoaqu.check.shipsDestroyed': '{{side}} has destroyed {{value}} ships, but the enemy has lost {{max}}',
  'abaoaqu.check.streak': 'the occupation streak of {{side}} is {{value}}; it must be from 0 to {{max}}',
  'abaoaqu.check.declaredUnit': 'declared attack {{attack}} names unknown unit {{unit}}',
  'abaoaqu.check.usedUnit': 'the attacks made this phase name unknown unit {{unit}}',
} as const

export type MessageKey = keyof typeof MESSAGES

/** A refused order: `refuse(rule, key, params, { order, field, line })`. */
export const refuse = refusals<MessageKey>(MESSAGES)
