// What the season routes take and answer (docs/leagues.md "Season fields" and "Season routes"). Names
// from a list (format, tie-breaks, policies) are plain strings here: src/leagues/seasons.ts checks them
// and names the field and the allowed values when one is wrong.
import { Type } from '@sinclair/typebox'
import { orNull } from './contract.js'

const DateTime = Type.String({ format: 'date-time' })
const Uuid = Type.String({ format: 'uuid' })

const Division = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    promote: Type.Integer({ minimum: 0, maximum: 10_000 }),
    relegate: Type.Integer({ minimum: 0, maximum: 10_000 }),
  },
  { additionalProperties: false },
)

/**
 * The schema's bounds are wide on purpose: src/leagues/seasons.ts checks the exact ranges and names the
 * field (`points.win`, `phaseHours`) in its answer; these only keep absurd numbers out.
 */
const Points = Type.Number({ minimum: -1_000_000, maximum: 1_000_000, description: '0 to 100' })

const rules = {
  ruleset: Type.String({ description: 'a rule system id (GET /rulesets)' }),
  scenarios: Type.Array(Type.String(), { description: 'two-player scenarios of that rule system' }),
  scenarioChoice: Type.String({ description: 'fixed | rotating | random (the season’s verifiable dice)' }),
  format: Type.String({
    description: 'single | double (round robin) | swiss | campaign (a rule system with a campaign: teams across shows)',
  }),
  swissRounds: orNull(
    Type.Integer({ maximum: 10_000, description: 'Swiss only: at least 1, at most entrants − 1 at the start' }),
  ),
  divisions: Type.Array(Division, { description: 'each division plays its own fixtures' }),
  points: Type.Object(
    {
      win: Type.Optional(Points),
      draw: Type.Optional(Points),
      loss: Type.Optional(Points),
    },
    { additionalProperties: false },
  ),
  tieBreaks: Type.Array(Type.String(), {
    description: 'in order: head-to-head, wins, sonneborn-berger, buchholz (Swiss only)',
  }),
  phaseHours: Type.Integer({ maximum: 100_000, description: '1 to 720' }),
  missedPolicy: Type.String({ description: 'what a missed deadline does (default forfeit)' }),
  vacationDays: Type.Integer({
    maximum: 100_000,
    description: 'the vacation days a player may take in a fixture game, 0 to 60',
  }),
  signupDeadline: orNull(DateTime),
  startAt: orNull(DateTime),
  forfeitsRated: Type.Boolean(),
  membersOnly: Type.Boolean(),
  withdrawal: Type.String({ description: 'forfeit-rest' }),
  campaign: orNull(
    Type.Object(
      {
        shows: Type.Integer({ maximum: 10_000, description: 'the shows (games) the campaign lasts, 1 to 20' }),
        rules: Type.Optional(
          Type.Record(Type.String(), Type.Unknown(), {
            description: "overrides of the rule system's campaign rules (docs/campaigns.md)",
          }),
        ),
      },
      { additionalProperties: false, description: 'format campaign only; the scenarios give the shows their maps' },
    ),
  ),
}

/** The rules, each optional: a change names only what it changes; a new season gets defaults. */
const optionalRules = Type.Partial(Type.Object(rules)).properties
const { ruleset: _r, scenarios: _s, format: _f, ...otherRules } = optionalRules

const Name = Type.String({ minLength: 1, maxLength: 120 })

export const CreateSeasonBody = Type.Object(
  {
    name: Name,
    ruleset: rules.ruleset,
    scenarios: rules.scenarios,
    format: rules.format,
    ...otherRules,
    previousSeason: Type.Optional(
      Type.String({
        format: 'uuid',
        description:
          'a finished season of the same club that this one follows: its players enter in the division its ' +
          'final table sends them to (promoted up one, relegated down one)',
      }),
    ),
  },
  { additionalProperties: false, title: 'NewSeason' },
)

export const ChangeSeasonBody = Type.Object(
  { name: Type.Optional(Name), ...optionalRules },
  { additionalProperties: false, description: 'the name any time; the rules only while the season is open' },
)

export const Entrant = Type.Object(
  {
    entryId: Uuid,
    userId: Uuid,
    name: Type.String(),
    division: Type.String(),
    status: Type.String({ description: 'entered | withdrawn' }),
  },
  { title: 'Entrant' },
)

const seasonFields = {
  id: Uuid,
  clubId: Uuid,
  name: Type.String(),
  ...rules,
  points: Type.Object({ win: Type.Number(), draw: Type.Number(), loss: Type.Number() }),
  status: Type.String({ description: 'open | running | finished' }),
  round: Type.Integer({ description: 'the last round paired' }),
  seedCommitment: Type.String({ description: 'SHA-256 of the seed of the season’s dice (random scenarios)' }),
  seed: orNull(Type.String({ description: 'revealed once the season has finished' })),
  previousSeasonId: orNull(Type.String({ description: 'the season this one follows (promotion and relegation)' })),
  createdAt: DateTime,
  startedAt: orNull(DateTime),
  finishedAt: orNull(DateTime),
  stage: orNull(Type.String({ description: 'a running campaign: maintenance | show' })),
  stageEndsAt: orNull(Type.String({ description: 'when the maintenance period closes' })),
}

export const Season = Type.Object({ ...seasonFields, entrants: Type.Array(Entrant) }, { title: 'Season' })
export const SeasonSummary = Type.Object(seasonFields, { title: 'SeasonSummary' })
export const SeasonList = Type.Object({ seasons: Type.Array(SeasonSummary, { description: 'newest first' }) })

export const EnterBody = Type.Object(
  {
    division: Type.Optional(
      Type.String({
        description:
          'by default the first division, or for a player of the season this one follows, the division its ' +
          'final table sends them to',
      }),
    ),
    weeklyEmail: Type.Optional(Type.Boolean({ description: 'the weekly standings email (default true)' })),
  },
  { additionalProperties: false },
)

export const MoveEntryBody = Type.Object({ division: Type.String() }, { additionalProperties: false })

export const Withdrawn = Type.Object({
  status: Type.Union([Type.Literal('removed'), Type.Literal('withdrawn')], {
    description: 'removed: before the start; withdrawn: after it, the unfinished fixtures forfeited',
  }),
  forfeited: Type.Integer({ description: 'fixtures forfeited by the withdrawal' }),
})
