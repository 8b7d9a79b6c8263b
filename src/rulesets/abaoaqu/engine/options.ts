// Game options: every recommended reading [R] of rules/abaoaqu.md §10 that has an alternative.
// The first value is the recommended one and the default; a scenario may set other defaults.
import type { OptionSpec } from '../../../engine/ruleset.js'

export const optionSpecs: readonly OptionSpec[] = [
  {
    id: 'leadOff',
    ref: 'AMB-A-1',
    description: 'Lead-off side fixed by the scenario, or rolled each turn (odd: the scenario lead-off side).',
    values: ['fixed', 'rollEachTurn'],
    default: 'fixed',
  },
  {
    id: 'recovery',
    ref: 'AMB-A-2',
    description: 'Morale recovery at the start of each half, or once per turn.',
    values: ['eachHalf', 'oncePerTurn'],
    default: 'eachHalf',
  },
  {
    id: 'leadDice',
    ref: 'AMB-A-3',
    description:
      'Lead-off attacks rolled in the damage-check phase, ' +
      'or rolled at declaration and applied in the damage-check phase.',
    values: ['atDamageCheck', 'atDeclaration'],
    default: 'atDamageCheck',
  },
  {
    id: 'bigStackClass',
    ref: 'AMB-A-4',
    description: 'Stacking class of Bigzam and the Satellite Missile.',
    values: ['MS', 'SHIP'],
    default: 'MS',
  },
  {
    id: 'shootAndClose',
    ref: 'AMB-A-5',
    description: 'A unit may both shoot and close-attack in one phase, or only one of them.',
    values: ['both', 'either'],
    default: 'both',
  },
  {
    id: 'groupTarget',
    ref: 'AMB-A-6',
    description:
      'A group target is one class (all MS-class or all ships), ' +
      'or every enemy in the hex (each attacker then uses the lower of its two attack values).',
    values: ['oneClass', 'mixed'],
    default: 'oneClass',
  },
  {
    id: 'rounding',
    ref: 'AMB-A-7',
    description:
      'Ratios rounded strictly in favour of the defence, ' +
      'or to the nearest column with ties to the defence (the 11-4 example).',
    values: ['strict', 'nearest'],
    default: 'strict',
  },
  {
    id: 'groupDieModifier',
    ref: 'AMB-A-8',
    description: 'C/D die modifier against a group: the smallest in the group, the largest, or each unit its own.',
    values: ['min', 'max', 'perUnit'],
    default: 'min',
  },
  {
    id: 'friendlyDefenceCounts',
    ref: 'AMB-A-9',
    description: 'Friendly units inside a group target add their defence.',
    values: [true, false],
    default: true,
  },
  {
    id: 'friendlyPilotsCount',
    ref: 'AMB-A-9',
    description: 'Pilot symbols of friendly units inside a group target count for the defence.',
    values: [false, true],
    default: false,
  },
  {
    id: 'ballHalving',
    ref: 'AMB-A-11',
    description: 'A Ball is halved in close combat against MS when attacking and defending, or only when attacking.',
    values: ['both', 'attackOnly'],
    default: 'both',
  },
  {
    id: 'bigzamCloseFormula',
    ref: 'AMB-A-12',
    description: 'Close combat against Bigzam uses the ship formula (c) or the MS formula (a).',
    values: ['ship', 'ms'],
    default: 'ship',
  },
  {
    id: 'newtypeShift',
    ref: 'AMB-A-13',
    description: 'A newtype or elite may use 0..rank columns of shift, or always uses its full rank.',
    values: ['choose', 'always'],
    default: 'choose',
  },
  {
    id: 'iFieldCloseCombat',
    ref: 'AMB-A-15',
    description: 'The I-field also stops beam units in close combat.',
    values: [true, false],
    default: true,
  },
  {
    id: 'largeMissileFlip',
    ref: 'AMB-A-17',
    description: 'A large-missile unit flips when its attack is declared, or when it resolves.',
    values: ['declaration', 'resolution'],
    default: 'declaration',
  },
  {
    id: 'smTargets',
    ref: 'AMB-A-18',
    description: 'The Satellite Missile attacks every unit in its hex, friend and foe, or only the enemy units.',
    values: ['all', 'enemies'],
    default: 'all',
  },
  {
    id: 'bdCoversCentre',
    ref: 'AMB-A-20',
    description: 'The BD screen covers the target hex as well as the six around it.',
    values: [true, false],
    default: true,
  },
  {
    id: 'occupationCheck',
    ref: 'AMB-A-21',
    description:
      '"N units on the fortress for 3 turns" is checked at the end of every phase, or at the end of each turn only.',
    values: ['everyPhase', 'endOfTurn'],
    default: 'everyPhase',
  },
  {
    id: 'combineAcrossHexes',
    ref: 'AMB-A-26',
    description: 'Units in different hexes may combine in one shooting attack.',
    values: [false, true],
    default: false,
  },
  {
    id: 'gmNPilot',
    ref: 'AMB-A-22',
    description: 'The A-S1 "GM (N)" is an elite GM, or a newtype of rank 1.',
    values: ['elite', 'n1'],
    default: 'elite',
  },
  {
    id: 'zaku35',
    ref: 'AMB-A-23',
    description: 'The A-S1 "Zaku (35)" line is three more student Zakus, or 35 Zakus.',
    values: ['threeStudents', 'thirtyFive'],
    default: 'threeStudents',
  },
  {
    id: 's3Forces',
    ref: 'AMB-A-24',
    description: 'A-S3 force rosters matched by scenario name (S-field = A-S1), or literally (N-field = A-S1).',
    values: ['byName', 'literal'],
    default: 'byName',
  },
  {
    id: 'deployment',
    ref: 'A-S1',
    description: 'Setting-up sides place their units in a deployment step, or take the automatic placement.',
    values: ['players', 'auto'],
    default: 'players',
  },
]

export type Options = Record<string, string | number | boolean>

/** Defaults, overridden by the scenario's defaults, overridden by the game's choices. */
export function resolveOptions(scenarioDefaults: Options | undefined, chosen: Options | undefined): Options {
  const out: Options = {}
  for (const spec of optionSpecs) out[spec.id] = spec.default
  Object.assign(out, scenarioDefaults ?? {}, chosen ?? {})
  return out
}
