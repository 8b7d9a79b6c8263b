// What an outbox row carries, by kind: TypeBox schemas, the types derived from them, and the check of
// a row read back (a row the code cannot read is reported with what is wrong, never half-read).
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { OutcomeSchema, PendingSchema } from '../engine/schemas.js'

/** A game moved: a step began (newStep), or only some seats submitted; 'game-over' when it ended. */
const StepPayload = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  newStep: Type.Boolean(),
  pending: Type.Array(PendingSchema),
  outcome: Type.Union([OutcomeSchema, Type.Null()]),
  deadline: Type.Union([Type.String(), Type.Null()]),
})

/**
 * A dispute's event: who is told (`to`, user ids, chosen when it happened), the entry disputed, who
 * wrote and what (the dispute, a message, or the reason of a ruling), and the dispute's own text.
 */
const DisputePayload = Type.Object({
  disputeId: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
  entryKind: Type.String(),
  entrySeat: Type.Union([Type.String(), Type.Null()]),
  to: Type.Array(Type.String()),
  by: Type.String(),
  byModerator: Type.Boolean(),
  text: Type.String(),
  disputeText: Type.String(),
  ruling: Type.Optional(Type.Literal('no-change')),
  at: Type.String(),
})

/** One unit a correction changed: each field's value before and after (src/games/corrections.ts UnitChange). */
const ModerationUnitChange = Type.Object({
  unit: Type.String(),
  change: Type.Union([Type.Literal('changed'), Type.Literal('added'), Type.Literal('removed')]),
  fields: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })),
})

/** A correction's values, by the kinds that have them. */
const ModerationKindParams = Type.Object({
  /** rollback: the entry play continues from. */
  toSeq: Type.Optional(Type.Integer()),
  /** reresolve: the RESOLUTION entry resolved again. */
  seq: Type.Optional(Type.Integer()),
  /** adjust: how many changes. */
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** replace-player: the seat, and the name of the player who holds it now. */
  seat: Type.Optional(Type.String()),
  player: Type.Optional(Type.String()),
  /** extend-deadline: by how many hours. */
  hours: Type.Optional(Type.Number()),
  /** resume: how long the game was paused, in milliseconds. */
  pausedMs: Type.Optional(Type.Number()),
  /** extend-deadline, resume: the deadline before and after (ISO instants). */
  deadline: Type.Optional(
    Type.Object({ from: Type.Union([Type.String(), Type.Null()]), to: Type.Union([Type.String(), Type.Null()]) }),
  ),
  /** adjudicate: the winning side's id, or null for a draw. */
  winner: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** adjust: the seats whose orders were set aside; apply-missed-policy: the seats that pass. */
  seats: Type.Optional(Type.Array(Type.String())),
})

/** One line of a season's standings table, as the league emails show it (docs/leagues.md). */
const StandingLine = Type.Object({
  /** The division the row belongs to (every division's rows are in one list, in table order). */
  division: Type.String(),
  position: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  played: Type.Integer({ minimum: 0 }),
  won: Type.Integer({ minimum: 0 }),
  drawn: Type.Integer({ minimum: 0 }),
  lost: Type.Integer({ minimum: 0 }),
  /** Points may be halves (a draw worth 0.5). */
  points: Type.Number(),
})

/** What every league email names: who is told (user ids), the season and its club. */
const SeasonFields = {
  to: Type.Array(Type.String()),
  seasonId: Type.String(),
  seasonName: Type.String(),
  clubId: Type.String(),
  clubName: Type.String(),
}

export const OUTBOX_PAYLOADS = {
  step: StepPayload,
  'game-over': StepPayload,
  /** A seat's deadline is near (written by SQL in games/deadlines.ts). */
  reminder: Type.Object({
    seq: Type.Integer(),
    deadline: Type.String(),
    seats: Type.Array(Type.String(), { minItems: 1 }),
    at: Type.String(),
  }),
  /** A deadline moved or passed: the notice, in lines. */
  deadline: Type.Object({
    seq: Type.Integer(),
    subject: Type.String(),
    headline: Type.Optional(Type.String()),
    text: Type.String(),
    callModerator: Type.Optional(Type.Boolean()),
  }),
  'verify-email': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    token: Type.String(),
    expiresAt: Type.String(),
  }),
  /** A sign-in link asked for (src/auth/magic-links.ts): the token goes into the email once. */
  'magic-link': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    token: Type.String(),
    expiresAt: Type.String(),
    ttlMinutes: Type.Integer({ minimum: 1 }),
  }),
  invite: Type.Object({
    to: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    fromUserId: Type.String(),
    from: Type.String(),
    seat: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
  }),
  /**
   * An invitation to a club (src/leagues/clubs.ts): the address invited (`userId` when it has an account), the
   * club, who invited, the role offered, and the link's token (kept in the database only as its SHA-256).
   */
  'club-invite': Type.Object({
    to: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    clubId: Type.String(),
    clubName: Type.String(),
    inviterName: Type.String(),
    role: Type.Union([Type.Literal('member'), Type.Literal('moderator')]),
    token: Type.String(),
  }),
  /** The answer to a player's email. */
  reply: Type.Object({
    to: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()]),
    gameId: Type.Union([Type.String(), Type.Null()]),
    subject: Type.String(),
    text: Type.String(),
    html: Type.Optional(Type.String()),
    inReplyTo: Type.String(),
    references: Type.Array(Type.String()),
  }),
  /** A user's held notifications, in one email. */
  digest: Type.Object({
    userId: Type.String(),
    to: Type.String(),
    ids: Type.Array(Type.String()),
    date: Type.String(),
  }),
  /** A moderator's (or the operator's) change to a game, told to every player: who, what, why, what changed. */
  moderation: Type.Object({
    seq: Type.Integer({ minimum: 1 }),
    moderator: Type.String(),
    action: Type.String(),
    reason: Type.String(),
    changes: Type.Array(Type.String()),
    at: Type.String(),
    /** A correction's kind (docs/moderation.md); absent for a move to other rules. */
    correction: Type.Optional(Type.String()),
    /** The units the correction changed: the email's map marks them. */
    units: Type.Optional(Type.Array(Type.String())),
    /** Accounts told besides the game's players (the player a replace-player correction unseated). */
    alsoTo: Type.Optional(Type.Array(Type.String())),
    /** The dispute the correction settles: the email links to it. */
    dispute: Type.Optional(Type.String()),
    /** The position after everything the correction wrote (its orders and resolution), when past `seq`: the map's. */
    afterSeq: Type.Optional(Type.Integer({ minimum: 1 })),
    /** What `changes` says unit by unit, for the email to word in each reader's language. */
    unitChanges: Type.Optional(Type.Array(ModerationUnitChange)),
    /** What `action` and the notes of `changes` say, as values, for the same (which ones: by `correction`). */
    kindParams: Type.Optional(ModerationKindParams),
  }),
  /** A player disputed a log entry: its moderators are told (src/games/disputes.ts). */
  'dispute-raised': DisputePayload,
  /** A message on a dispute: told to the other side (a player's to the moderators, a moderator's to the players). */
  'dispute-message': DisputePayload,
  /** A moderator ruled "no change": told to every player (and the game master when an admin ruled). */
  'dispute-ruled': DisputePayload,
  /** A player's proposal (src/games/proposals.ts): made (the others must answer), rejected, lapsed or withdrawn. */
  proposal: Type.Object({
    /** The position it was made at. */
    seq: Type.Integer({ minimum: 1 }),
    proposal: Type.String(),
    event: Type.Union([
      Type.Literal('proposed'),
      Type.Literal('rejected'),
      Type.Literal('lapsed'),
      Type.Literal('withdrawn'),
    ]),
    /** The proposer's name. */
    proposer: Type.String(),
    seat: Type.String(),
    toSeq: Type.Integer(),
    reason: Type.String(),
    /** The accounts told (players of the game). */
    to: Type.Array(Type.String()),
  }),
  /** A draw offer (src/games/draws.ts): made (the other sides answer), declined, lapsed or withdrawn. */
  'draw-offer': Type.Object({
    /** The position it was made at. */
    seq: Type.Integer({ minimum: 1 }),
    offer: Type.String(),
    event: Type.Union([
      Type.Literal('offered'),
      Type.Literal('declined'),
      Type.Literal('lapsed'),
      Type.Literal('withdrawn'),
    ]),
    /** The name of the player who offered it, and their side. */
    offerer: Type.String(),
    side: Type.String(),
    /** What the offerer wrote with it ('' for nothing). */
    note: Type.String(),
    /** The accounts told (players of the game). */
    to: Type.Array(Type.String()),
  }),
  /** A message between the players (src/games/messages.ts): its readers who want messages are emailed. */
  'game-message': Type.Object({
    /** The game's position when it was written (at least 1, as a reply token names it). */
    seq: Type.Integer({ minimum: 0 }),
    message: Type.String(),
    /** The accounts that read it (players of the game; the author apart). */
    to: Type.Array(Type.String()),
  }),
  /** A fixture game of a season was made: its players are told (src/leagues). */
  'season-fixture': Type.Object({
    ...SeasonFields,
    round: Type.Integer({ minimum: 1 }),
    gameId: Type.String(),
    /** The scenario's id. */
    scenario: Type.String(),
    players: Type.Array(Type.Object({ userId: Type.String(), name: Type.String(), side: Type.String() })),
    /** The game's first deadline (an ISO instant), or null when it has none yet. */
    deadline: Type.Union([Type.String(), Type.Null()]),
  }),
  /** The week's standings of a season, told to its entrants. */
  'season-standings': Type.Object({
    ...SeasonFields,
    week: Type.Integer({ minimum: 1 }),
    standings: Type.Array(StandingLine),
  }),
  /** A season closed: the final standings, and who goes up and down. */
  'season-closed': Type.Object({
    ...SeasonFields,
    standings: Type.Array(StandingLine),
    divisions: Type.Array(
      Type.Object({ name: Type.String(), promoted: Type.Array(Type.String()), relegated: Type.Array(Type.String()) }),
    ),
  }),
  /**
   * A campaign's maintenance period opened (src/leagues/campaign.ts): one row per team, told to its player,
   * with the team as it stands (the rule system's own JSON, shown through its campaign hooks).
   */
  'campaign-period': Type.Object({
    ...SeasonFields,
    ruleset: Type.String(),
    entryId: Type.String(),
    round: Type.Integer({ minimum: 1 }),
    shows: Type.Integer({ minimum: 1 }),
    /** When the period closes (an ISO instant). */
    endsAt: Type.String(),
    team: Type.Unknown(),
    rules: Type.Unknown(),
  }),
  /**
   * A campaign's show was settled (or there was none): every entrant is told what happened and where each
   * team stands; `finished` when it was the last show.
   */
  'campaign-settled': Type.Object({
    ...SeasonFields,
    ruleset: Type.String(),
    round: Type.Integer({ minimum: 1 }),
    shows: Type.Integer({ minimum: 1 }),
    gameId: Type.Union([Type.String(), Type.Null()]),
    /** Why there was no show (in English; null when there was one). */
    noShow: Type.Union([Type.String(), Type.Null()]),
    /** The same as the rule system's refusal: its key and values put it in each reader's language. */
    noShowReason: Type.Optional(
      Type.Union([
        Type.Object({
          rule: Type.String(),
          message: Type.String(),
          key: Type.Optional(Type.String()),
          params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
        }),
        Type.Null(),
      ]),
    ),
    /** The settlement's events (the rule system narrates them in each reader's language). */
    events: Type.Array(Type.Unknown()),
    /** Every team by net worth, highest first. */
    standings: Type.Array(
      Type.Object({
        position: Type.Integer({ minimum: 1 }),
        entryId: Type.String(),
        userId: Type.String(),
        name: Type.String(),
        netWorth: Type.Number(),
        withdrawn: Type.Boolean(),
      }),
    ),
    finished: Type.Boolean(),
  }),
} satisfies Record<string, TSchema>

export type OutboxKind = keyof typeof OUTBOX_PAYLOADS
export type OutboxPayload<K extends OutboxKind = OutboxKind> = Static<(typeof OUTBOX_PAYLOADS)[K]>

/** A row to write, its payload typed by its kind. */
export type OutboxRow = {
  [K in OutboxKind]: {
    kind: K
    payload: OutboxPayload<K>
    /** Rows with a key are written once: a second row with the same key is dropped. */
    dedupeKey?: string
  }
}[OutboxKind]

/** Why a payload read back does not fit its kind, or null when it does. */
export function outboxProblem(kind: string, payload: unknown): string | null {
  if (!(kind in OUTBOX_PAYLOADS)) return `an outbox row of unknown kind "${kind}"`
  const schema = OUTBOX_PAYLOADS[kind as OutboxKind]
  if (Value.Check(schema, payload)) return null
  const errors = [...Value.Errors(schema, payload)].slice(0, 3).map((e) => `${e.path || '/'} ${e.message}`)
  return `the payload of a "${kind}" outbox row does not fit: ${errors.join('; ')}`
}

/** The payload, checked: throws an error that says what is wrong. */
export function readOutboxPayload<K extends OutboxKind>(id: string, kind: K, payload: unknown): OutboxPayload<K> {
  const problem = outboxProblem(kind, payload)
  if (problem) throw new Error(`outbox row ${id}: ${problem}`)
  return payload as OutboxPayload<K>
}
