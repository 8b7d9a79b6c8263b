// MS@W game options (MS-4, GAP-M-4, GAP-M-7, AMB-M-11): every optional rule a switch, off by default. A game
// plays with the defaults, then its scenario's `options`, then its own choices (SetupConfig.options).
import type { OptionSpec } from '../../../engine/ruleset.js'
import type { MsOptions } from './types.js'

export const ROUND_LIMIT_MAX = 30

export const optionSpecs: readonly OptionSpec[] = [
  {
    id: 'rough',
    ref: 'MS-4.1',
    description: 'OPT-ROUGH: each inch of path inside rough terrain costs 2 inches of Move.',
    values: [false, true],
    default: false,
  },
  {
    id: 'aim',
    ref: 'MS-4.2',
    description:
      'OPT-AIM: a suit may spend its Combat part aiming: +1 Attack against that target in its next action phase.',
    values: [false, true],
    default: false,
  },
  {
    id: 'oneHitKill',
    ref: 'MS-4.3',
    description: 'OPT-OHK: an attack roll of 3 destroys the target (no defend roll, no shield).',
    values: [false, true],
    default: false,
  },
  {
    id: 'systemError',
    ref: 'MS-4.4',
    description:
      "OPT-ERR: an attack roll of 18 ends the attacker's activation and it skips its next 1d6 action phases.",
    values: [false, true],
    default: false,
  },
  {
    id: 'roundLimit',
    ref: 'GAP-M-4',
    description:
      'The game ends after this many rounds (0: no limit): the side that destroyed more enemy cost wins, ' +
      'equal is a draw.',
    values: Array.from({ length: ROUND_LIMIT_MAX + 1 }, (_, i) => i),
    default: 0,
  },
  {
    id: 'counterOncePerRound',
    ref: 'GAP-M-7',
    description: 'A suit counterattacks at most once a round.',
    values: [false, true],
    default: false,
  },
  {
    id: 'goufShieldBody',
    ref: 'AMB-M-11',
    description: "The Gouf's shield body: 40 as printed, or 10 like the other shields.",
    values: [40, 10],
    default: 40,
  },
]

export const DEFAULT_OPTIONS: MsOptions = {
  rough: false,
  aim: false,
  oneHitKill: false,
  systemError: false,
  roundLimit: 0,
  counterOncePerRound: false,
  goufShieldBody: 40,
}

/** The options a game plays with: defaults, then the scenario's, then the game's own (already checked). */
export function resolveOptions(
  scenario: Partial<MsOptions> | undefined,
  given: Readonly<Record<string, string | number | boolean>> | undefined,
): MsOptions {
  const pick = <K extends keyof MsOptions>(k: K): MsOptions[K] =>
    (given?.[k] ?? scenario?.[k] ?? DEFAULT_OPTIONS[k]) as MsOptions[K]
  return {
    rough: pick('rough'),
    aim: pick('aim'),
    oneHitKill: pick('oneHitKill'),
    systemError: pick('systemError'),
    roundLimit: pick('roundLimit'),
    counterOncePerRound: pick('counterOncePerRound'),
    goufShieldBody: pick('goufShieldBody'),
  }
}
