// What the game routes answer. Every field a route sends is here: Fastify serialises an answer by its
// schema and leaves out what the schema does not name (test/http/api-schemas.test.ts compares).
import { Type, type TSchema } from '@sinclair/typebox'
import {
  DieRollSchema,
  GameEventSchema,
  OrderErrorSchema,
  OutcomeSchema,
  PendingSchema,
  orNull,
  systemOptions,
  systemOrder,
  systemPreview,
  systemView,
} from './contract.js'
import { CorrectionPayloadSchema } from './moderation.js'
import { DisputesOfEntry } from './disputes.js'

const DateTime = Type.String({ format: 'date-time' })
const Status = Type.Union([Type.Literal('OPEN'), Type.Literal('ACTIVE'), Type.Literal('FINISHED')])
const MissedPolicy = Type.Union([
  Type.Literal('pass'),
  Type.Literal('extend-then-pass'),
  Type.Literal('moderator'),
  Type.Literal('forfeit'),
])
const OptionValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
  description: 'the game options chosen at creation',
})
const Receipt = Type.String({
  description:
    'The log as it stood after this: "position:hash". ' +
    'Keep it: GET /games/:id/verify?receipt= proves the log was not rewritten since.',
})
const Head = Type.Object(
  { seq: Type.Integer(), hash: Type.String(), receipt: Type.String() },
  { description: 'the last entry of the log' },
)

export const GameListItem = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  ruleset: Type.String(),
  scenario: Type.String(),
  status: Status,
  private: Type.Boolean(),
  players: Type.Integer(),
  freeSeats: Type.Array(Type.String()),
  logSeq: Type.Integer(),
  pending: orNull(Type.Array(PendingSchema, { description: 'who must act (null before the game starts)' })),
})
export const GameList = Type.Object({ games: Type.Array(GameListItem) })

export const GameSummary = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    ruleset: Type.String(),
    rulesVersion: Type.String({ description: 'the rules version the game started with' }),
    playsRulesVersion: Type.String({
      description: 'the rules version the game plays now: rulesVersion, or the one a rules migration moved it to',
    }),
    scenario: Type.String(),
    status: Status,
    private: Type.Boolean(),
    players: Type.Integer(),
    phaseHours: Type.Integer(),
    missedPolicy: MissedPolicy,
    options: OptionValues,
    createdAt: DateTime,
    startedAt: orNull(DateTime),
    finishedAt: orNull(DateTime),
    seats: Type.Array(
      Type.Object({
        seat: Type.String(),
        side: Type.String(),
        player: orNull(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })),
      }),
    ),
    gameMaster: orNull(
      Type.Object(
        { id: Type.String({ format: 'uuid' }), name: Type.String() },
        { description: "the game's moderator, named at creation; it holds no seat (null: the site's admins)" },
      ),
    ),
    pausedAt: orNull(Type.String({ format: 'date-time', description: 'when a moderator paused it (null: it runs)' })),
    logSeq: Type.Integer({ description: 'the position of the last log entry (0 before the game starts)' }),
    pending: Type.Array(
      Type.Object({
        ...PendingSchema.properties,
        submitted: Type.Array(Type.String()),
        players: Type.Array(orNull(Type.String()), { description: 'the names of the seats that must act' }),
        submittedPlayers: Type.Array(orNull(Type.String()), { description: 'the names of those that have' }),
      }),
      { description: 'who must still act, and who of the same side already has' },
    ),
    deadline: orNull(DateTime),
    deadlineHeld: Type.Optional(
      Type.Object(
        { seats: Type.Array(Type.String()), until: DateTime, why: Type.String() },
        { description: 'a passed deadline waits while the phase email to these seats has not gone out' },
      ),
    ),
    seedCommitment: orNull(Type.String({ description: 'sha256 of the dice seed (null before the game starts)' })),
    outcome: orNull(OutcomeSchema),
    yourSeats: Type.Array(Type.String()),
    invite: orNull(Type.String({ description: 'the invite code (to seated players of an open game)' })),
    inviteUrl: orNull(Type.String({ description: 'share this link: it shows the game and how to take a seat' })),
    freeSeats: Type.Array(Type.Object({ seat: Type.String(), side: Type.String() })),
    join: orNull(
      Type.Object(
        {
          method: Type.Literal('POST'),
          url: Type.String(),
          body: Type.Object({ invite: orNull(Type.String()), seat: Type.String() }),
        },
        { description: 'how to take a seat (an open game you are not in)' },
      ),
    ),
  },
  { title: 'GameSummary' },
)

export const Joined = Type.Object({ seat: Type.String({ description: 'the seat you took' }), game: GameSummary })

export const Resigned = Type.Object({ outcome: orNull(OutcomeSchema), receipt: Receipt })

export const Submitted = Type.Object(
  {
    seat: Type.String(),
    accepted: Type.Literal(true),
    seq: Type.Integer({ description: 'the log position after your orders (and the resolution they completed)' }),
    resolved: Type.Boolean({ description: 'the step was complete and is resolved' }),
    pending: Type.Array(PendingSchema),
    outcome: orNull(OutcomeSchema),
    events: Type.Array(GameEventSchema),
    replayed: Type.Optional(Type.Boolean({ description: 'the stored answer to an earlier request with this key' })),
    receipt: Receipt,
  },
  { title: 'Submitted' },
)

const Orders = (description?: string) => Type.Array(systemOrder(), description ? { description } : {})
const OrdersBySeat = (description: string) => Type.Record(Type.String(), Orders(), { description })

/** The view; the route sends it as JSON it rendered once per position and seat (a string). */
export const GameView = () => Type.Unsafe<string>(GameViewObject())
export const GameViewObject = () =>
  Type.Object(
    {
      seq: Type.Integer({ description: 'the log position seen' }),
      seat: orNull(Type.String({ description: 'the seat whose eyes you see through; null for an observer' })),
      view: systemView(),
      submitted: OrdersBySeat(
        "your side's orders already submitted for this step (a teammate's private ones left out)",
      ),
    },
    { title: 'GameView' },
  )

export const SeatOptions = () =>
  Type.Object(
    {
      seq: Type.Integer(),
      seat: Type.String(),
      alreadySubmitted: Type.Boolean(),
      options: systemOptions(),
    },
    { title: 'SeatOptions' },
  )

export const Preview = () =>
  Type.Object(
    {
      seq: Type.Integer(),
      seat: Type.String(),
      valid: Type.Boolean(),
      errors: Type.Array(OrderErrorSchema),
      orders: Orders('the orders as read'),
      formatted: Type.String({ description: 'the orders in the text notation' }),
      odds: systemPreview(),
    },
    { title: 'Preview' },
  )

// ---- the log ------------------------------------------------------------------------------------

const Private = () =>
  Type.Optional(OrdersBySeat('private orders (standing orders), by seat: those you may read, or all once readable'))
const payloads = (): TSchema[] => [
  // First: a re-resolve carries submissions, events and rolls like a RESOLUTION, and more.
  CorrectionPayloadSchema,
  Type.Object(
    {
      scenario: Type.Object({}, { additionalProperties: true, description: "the scenario, in its rule system's form" }),
      config: Type.Object({
        players: Type.Integer(),
        options: Type.Optional(OptionValues),
        rulesVersion: Type.Optional(Type.String({ description: 'the rules version the game started with' })),
      }),
      seedCommitment: Type.Optional(Type.String()),
      seats: Type.Optional(Type.Record(Type.String(), orNull(Type.String()), { description: 'who held each seat' })),
      gameMaster: Type.Optional(
        orNull(Type.String({ format: 'uuid', description: "the game's moderator named at creation, or null" })),
      ),
    },
    { title: 'SetupPayload' },
  ),
  Type.Object(
    {
      orders: Orders(),
      private: Private(),
      step: Type.String(),
      turn: Type.Optional(Type.Integer()),
      missedDeadline: Type.Optional(Type.Boolean({ description: 'passed by the deadline clock' })),
      byModerator: Type.Optional(
        Type.Boolean({ description: "passed by a moderator applying the game's missed-phase policy" }),
      ),
    },
    { title: 'OrdersPayload' },
  ),
  Type.Object(
    {
      submissions: OrdersBySeat("each seat's orders, less its private ones"),
      private: Private(),
      events: Type.Array(GameEventSchema),
      rolls: Type.Array(DieRollSchema),
    },
    { title: 'ResolutionPayload' },
  ),
  Type.Object({ side: Type.String(), winner: orNull(Type.String()) }, { title: 'ResignPayload' }),
  Type.Object(
    {
      action: Type.Literal('rules-version'),
      from: Type.String(),
      to: Type.String(),
      reason: Type.String(),
    },
    { title: 'RulesMigrationPayload', description: 'a moderator moved the game to other rules from here on' },
  ),
  Type.Object(
    {
      action: Type.Literal('ruling'),
      dispute: Type.String({ format: 'uuid', description: 'the dispute ruled on' }),
      seq: Type.Integer({ description: 'the log entry disputed' }),
      ruling: Type.Literal('no-change'),
      reason: Type.String({ description: "the moderator's reason" }),
    },
    { title: 'RulingPayload', description: 'a moderator ruled on a dispute: no change to the game' },
  ),
  Type.Object(
    {
      event: Type.Union([
        Type.Literal('vacation'),
        Type.Literal('extended'),
        Type.Literal('missed'),
        Type.Literal('mail-delayed'),
      ]),
      seats: Type.Array(Type.String()),
      from: Type.Optional(DateTime),
      to: Type.Optional(DateTime),
      shiftMs: Type.Optional(Type.Integer()),
      deadline: Type.Optional(DateTime),
      action: Type.Optional(Type.Union([Type.Literal('pass'), Type.Literal('moderator')])),
      why: Type.Optional(Type.String()),
      stepSeq: Type.Optional(Type.Integer()),
      delayMs: Type.Optional(Type.Integer()),
    },
    { title: 'TimeoutPayload', description: 'a deadline moved or passed' },
  ),
  Type.Object({ sealed: Type.Literal(true) }, { description: 'an entry written before salting, not yours to read' }),
  // Last, so that a payload written into the database by hand still reaches the reader: the log is
  // what a client checks the chain with, so it must show an entry it cannot explain, not fail.
  Type.Unknown({
    title: 'UnrecognisedPayload',
    description:
      'a payload that fits none of the shapes above (not one this server writes): /verify says what is wrong',
  }),
]

export const LogPage = () =>
  Type.Object(
    {
      entries: Type.Array(
        Type.Object({
          seq: Type.Integer(),
          kind: Type.Union(
            ['SETUP', 'ORDERS', 'RESOLUTION', 'RESIGN', 'TIMEOUT', 'MODERATION', 'CORRECTION'].map((k) =>
              Type.Literal(k),
            ),
          ),
          seat: orNull(Type.String()),
          userId: orNull(Type.String({ format: 'uuid' })),
          createdAt: DateTime,
          prevHash: Type.String(),
          hash: Type.String(),
          commitment: Type.Optional(Type.String({ description: "the commitment of the entry's leaves" })),
          leaves: Type.Optional(
            Type.Record(Type.String(), Type.Object({ commitment: Type.String(), salt: Type.Optional(Type.String()) }), {
              description: 'each leaf (body, private:<seat>) with its commitment, and its salt when you may open it',
            }),
          ),
          sealed: Type.Optional(Type.Array(Type.String(), { description: 'the leaves you may not open' })),
          supersededBy: Type.Optional(
            Type.Integer({
              description:
                'the CORRECTION entry that set this entry aside (a rollback or a re-resolve): play went on from it',
            }),
          ),
          payload: orNull(
            Type.Union(payloads(), { description: 'what the entry says, as far as you may read it; null: sealed' }),
          ),
          disputes: Type.Optional(DisputesOfEntry),
          narration: Type.Optional(
            Type.Array(Type.String(), {
              description: "what the entry's events tell, one sentence a line, in the reader's language",
            }),
          ),
        }),
      ),
      next: orNull(Type.Integer({ description: 'pass as `after` for the next page; null on the last' })),
      head: orNull(Head),
    },
    { title: 'LogPage' },
  )

// ---- verification -------------------------------------------------------------------------------

const Problems = Type.Array(Type.Object({ seq: Type.Integer(), problem: Type.String() }))

export const VerifyReport = Type.Object(
  {
    gameId: Type.String({ format: 'uuid' }),
    status: Status,
    seed: orNull(Type.String({ description: 'the dice seed, shown once the game is over' })),
    seedCommitment: Type.String(),
    commitmentOk: Type.Boolean(),
    entries: Type.Integer(),
    head: orNull(Head),
    hashChainOk: Type.Boolean(),
    brokenLinks: Problems,
    recordOk: Type.Boolean({ description: "the game's row and its emails agree with the log" }),
    recordProblems: Type.Array(Type.String()),
    rulesOk: Type.Boolean({ description: 'every entry is one the rules allow where it stands' }),
    ruleProblems: Problems,
    rolls: Type.Integer(),
    rollsOk: Type.Boolean(),
    rollMismatches: Type.Array(
      Type.Object({
        seq: Type.Number(),
        index: Type.Number(),
        recorded: Type.Optional(Type.Number({ description: 'the face recorded (once the game is over)' })),
        derived: Type.Optional(Type.Number({ description: 'the face the seed gives (once the game is over)' })),
      }),
    ),
    replayOk: Type.Boolean(),
    replayMismatches: Problems,
    snapshots: Type.Integer(),
    snapshotsOk: Type.Boolean(),
    snapshotProblems: Problems,
    receipt: Type.Optional(
      Type.Object(
        { receipt: Type.String(), ok: Type.Boolean(), problem: orNull(Type.String()) },
        { description: 'with ?receipt=: whether that receipt is still part of the log' },
      ),
    ),
    ok: Type.Boolean(),
  },
  { title: 'VerifyReport' },
)
