// The data each email kind is rendered from, as TypeBox schemas (checked before rendering by
// validate.ts) and the types they give. Game data arrives as ready-made strings (narration, option
// lines, step descriptions) so the templates stay the same for every rule system; only the
// narrators and option compactors know a rule system.
//
// Each scalar says in `problem` what is wrong with a bad value, for the error that names the field.
// Optional fields may also be null; absent ones reach the templates as null (strict mode can test them).
import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox'
import { DateTime, IANAZone } from 'luxon'

// An instant must carry its offset: a bare local time would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
// The zones this Node knows by their canonical names; aliases ("US/Eastern", "UTC") are asked of Intl.
const CANONICAL_ZONES = new Set(Intl.supportedValuesOf('timeZone'))

function isWebUrl(value: string): boolean {
  const url = URL.parse(value)
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:')
}

FormatRegistry.Set('hexmail-url', isWebUrl)
FormatRegistry.Set('hexmail-instant', (v) => INSTANT.test(v) && DateTime.fromISO(v).isValid)
// Intl is asked once per name ("UTC" is no canonical name, and asking builds a date formatter: a good
// part of an account email's cost); the answers kept are few, as time zones are.
const zoneAnswers = new Map<string, boolean>()
const ZONE_ANSWERS_KEPT = 1000
function isZone(v: string): boolean {
  if (CANONICAL_ZONES.has(v)) return true
  let valid = zoneAnswers.get(v)
  if (valid === undefined) {
    valid = IANAZone.isValidZone(v)
    if (zoneAnswers.size >= ZONE_ANSWERS_KEPT) zoneAnswers.clear()
    zoneAnswers.set(v, valid)
  }
  return valid
}
FormatRegistry.Set('hexmail-zone', isZone)

const Text = Type.String({ pattern: '\\S', problem: 'is not a non-empty string' })
const AnyText = Type.String({ problem: 'is not a string' })
const Url = Type.String({ format: 'hexmail-url', problem: 'is not an http(s) URL' })
const EmailAddress = Type.String({ pattern: '^[^\\s@<>]+@[^\\s@<>]+$', problem: 'is not an email address' })
/** ISO 8601 instant with its offset, e.g. "2026-12-05T12:00:00Z". */
const Instant = Type.String({ format: 'hexmail-instant', problem: 'is not an ISO instant with an offset' })
const Zone = Type.String({ format: 'hexmail-zone', problem: 'is not an IANA time zone' })
const Count = Type.Integer({ minimum: 0, problem: 'is not a whole number ≥ 0' })
const Lines = Type.Array(Type.String({ problem: 'is not a list of strings' }), { problem: 'is not a list of strings' })
const Sha256 = Type.String({ pattern: '^[0-9a-fA-F]{64}$', problem: 'is not 64 hex digits' })
const Cid = Type.String({ pattern: '^[^\\s<>"]+$', problem: 'is not a content id' })

/** May be absent or null; absent becomes null for the templates. */
const Opt = <T extends TSchema>(t: T) =>
  Type.Optional(Type.Union([t, Type.Null()], { problem: t.problem as string, default: null }))
/** Present, possibly null. */
const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()], { problem: t.problem as string })
const Group = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object(fields, { problem: 'is not an object' })

/**
 * Who the email is for. Deadlines are shown in `timeZone` (IANA, e.g. "Asia/Tokyo"); the email is
 * written in `locale` (English when absent).
 */
export const RecipientSchema = Group({
  name: Text,
  email: EmailAddress,
  timeZone: Zone,
  locale: Opt(Type.Union([Type.Literal('en'), Type.Literal('ja')], { problem: 'is not a known locale (en, ja)' })),
})
export type Recipient = Static<typeof RecipientSchema>

export const GameRefSchema = Group({
  id: Text,
  title: Text,
  /** The game's page: where a player sees the board and the log. */
  url: Url,
  /** Rule system and scenario as players know them: its title, and the scenario's id and title. */
  ruleset: Text,
  scenario: Text,
  /** The log as it stood when the email was made, "position:hash", and the link that checks it. */
  receipt: Opt(Text),
  receiptUrl: Opt(Url),
})
export type GameRef = Static<typeof GameRefSchema>

/** One-click unsubscribe (also sent as List-Unsubscribe) and the preferences page. */
const LinksFields = { unsubscribeUrl: Url, preferencesUrl: Url }
export const LinksSchema = Group(LinksFields)
export type Links = Static<typeof LinksSchema>

export const DeadlineSchema = Group({
  at: Instant,
  /** What happens when it passes, in words: "your phase is passed", "the moderator is called". */
  ifMissed: Text,
  /** The email went out this late ("30 hours"), and the deadline moved by as much from `originalAt`. */
  delayedBy: Opt(Text),
  originalAt: Opt(Instant),
})
export type Deadline = Static<typeof DeadlineSchema>

/** Which step a side must play, in the rule system's words. */
export const StepRefSchema = Group({
  /** Short title for subjects and headings: "movement phase", "combat phase (return fire)". */
  title: Text,
  /** What orders the step takes (the engine's Pending.description). */
  description: Text,
  turn: Count,
  /** Half of the turn, for systems that split turns; absent otherwise. */
  half: Opt(Count),
})
export type StepRef = Static<typeof StepRefSchema>

/** The orders a player may give, already compacted to lines (by the rule system's compactOptions). */
export const OptionLinesSchema = Group({
  lines: Lines,
  /** The rule system's words on how to read the lines (RuleSystem.optionsLegend). */
  legend: Opt(Text),
  /** How many units or lines were left out to keep the email readable. */
  omitted: Count,
  /** Where the full list is. */
  url: Url,
})
export type OptionLines = Static<typeof OptionLinesSchema>

/** How to answer: by replying, or by writing to the reply address. */
const ReplyHowFields = {
  /** Carries the signed token for (game, seat, step). */
  replyAddress: EmailAddress,
  /** Lines of the order notation, shown as they would be typed. */
  orderExamples: Lines,
  /** The notation's documentation, when published. */
  notationUrl: Opt(Url),
}
export const ReplyHowSchema = Group(ReplyHowFields)
export type ReplyHow = Static<typeof ReplyHowSchema>

const MapFields = {
  /** Content id of the attached map image (without "cid:"); absent when no map is attached. */
  mapCid: Opt(Cid),
  /** The whole map of this position as the reader's seat sees it. */
  mapUrl: Opt(Url),
  /** What part of the board the attached picture shows, in a sentence. */
  mapNote: Opt(Text),
}

/** The table of unit states under the map (RuleSystem.statusPanel), or null for a system without one. */
const PanelSchema = OrNull(
  Group({
    title: Text,
    columns: Lines,
    rows: Type.Array(Lines, { problem: 'is not a list of rows' }),
    /** The same table as aligned plain-text lines. */
    text: Lines,
  }),
)

export const YourPhaseSchema = Group({
  ...LinksFields,
  ...ReplyHowFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  /** Side and seat names as shown to players ("Federation", "FED"). */
  side: Text,
  seat: Text,
  step: StepRefSchema,
  deadline: DeadlineSchema,
  /** What happened since this player's last phase, one sentence a line. */
  happened: Lines,
  options: OptionLinesSchema,
  /** Where the enemy units near the reader's are, a line each (nearest first), and how many were left out. */
  enemiesNear: Group({ lines: Lines, omitted: Count }),
  panel: PanelSchema,
  ...MapFields,
})
export type YourPhaseData = Static<typeof YourPhaseSchema>

export const ReminderSchema = Group({
  ...LinksFields,
  ...ReplyHowFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  side: Text,
  seat: Text,
  step: StepRefSchema,
  deadline: DeadlineSchema,
  /** Whole hours left when the reminder was written (the composer has no clock). */
  hoursLeft: Count,
})
export type ReminderData = Static<typeof ReminderSchema>

/** Who acts after a step resolved, for those who follow every phase. */
export const NextUpSchema = Group({ side: Text, step: StepRefSchema, deadline: Instant })
export type NextUp = Static<typeof NextUpSchema>

export const PhaseResolvedSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  /**
   * The step that was resolved, in the turn it was played, and the side or sides that played it
   * ("Zeon", "Zeon and Federation"); null when the position only set the game up (it has started).
   */
  played: OrNull(Group({ side: Text, step: StepRefSchema })),
  happened: Lines,
  /** Null when the game ended with this step. */
  next: OrNull(NextUpSchema),
  panel: PanelSchema,
  ...MapFields,
})
export type PhaseResolvedData = Static<typeof PhaseResolvedSchema>

export const GameOverSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  /** Side name of the winner; null for a draw. */
  winner: OrNull(Text),
  reason: Text,
  /** The recipient's side, to say "you won" or "you lost"; absent for observers. */
  yourSide: Opt(Text),
  turn: Count,
  happened: Lines,
  /** The dice seed, revealed now, and the SHA-256 published when the game started. */
  seed: Sha256,
  seedCommitment: Sha256,
  verifyUrl: Url,
  ...MapFields,
})
export type GameOverData = Static<typeof GameOverSchema>

export const InviteSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  /** Who invites. */
  from: Text,
  game: GameRefSchema,
  /** The side offered, by name; absent when the invitee chooses. */
  side: Opt(Text),
  /** A personal note from the inviter. */
  message: Opt(AnyText),
  acceptUrl: Url,
  /** The instant the invitation lapses; absent when it does not. */
  expiresAt: Opt(Instant),
  phaseHours: Count,
})
export type InviteData = Static<typeof InviteSchema>

// No unsubscribe: this is the one email sent because the address asked for it.
export const VerifyEmailSchema = Group({
  recipient: RecipientSchema,
  verifyUrl: Url,
  /** The token, for pasting when the link cannot be followed. */
  token: Text,
  expiresAt: Instant,
})
export type VerifyEmailData = Static<typeof VerifyEmailSchema>

/** A one-time sign-in link the reader asked for (src/auth/magic-links.ts): account mail, no unsubscribe link. */
export const MagicLinkSchema = Group({
  recipient: RecipientSchema,
  signInUrl: Url,
  expiresAt: Instant,
  /** How long the link works, in words: "15 minutes". */
  validFor: Text,
})
export type MagicLinkData = Static<typeof MagicLinkSchema>

export const ModerationSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  moderator: Text,
  /** What was done, in a few words: "rolled back to entry 42", "replaced a player". */
  action: Text,
  reason: Text,
  /** Each change, one line: "Zaku ZK1 is back at 1208". */
  changes: Lines,
  /** The instant of the moderation entry. */
  at: Instant,
  /** The log entry (seq) that records it. */
  entry: Count,
  logUrl: Url,
  /** A correction's kind (docs/moderation.md); absent for a move to other rules. */
  correction: Opt(Text),
  /** The dispute the correction settles. */
  disputeUrl: Opt(Url),
  /** The map after the correction, the units it changed framed. */
  ...MapFields,
})
export type ModerationData = Static<typeof ModerationSchema>

/** A deadline moved or passed (a vacation, an extension, seats passed, the moderator called). */
export const DeadlineNoticeSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  /** What happened, in a few words: "a deadline passed". */
  headline: Text,
  /** The notice, a sentence a line, its times already in the reader's time zone. */
  lines: Lines,
})
export type DeadlineNoticeData = Static<typeof DeadlineNoticeSchema>

/** A dispute's news (docs/disputes.md): raised, a new message, or ruled with no change. */
export const DisputeSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  event: Type.Union([Type.Literal('raised'), Type.Literal('message'), Type.Literal('ruled')], {
    problem: 'is not raised, message or ruled',
  }),
  /** The log entry disputed, and what it is: "orders of FED", in the reader's words. */
  entry: Count,
  entryLabel: Text,
  /** Who wrote (the player, or the moderator), and whether they wrote as a moderator. */
  by: Text,
  byModerator: Type.Boolean({ problem: 'is not true or false' }),
  /** What they wrote (the dispute, the message, or the reason of the ruling), a line each. */
  text: Lines,
  /** The dispute itself, a line each (the context of a message or a ruling). */
  disputeText: Lines,
  at: Instant,
  /** The dispute's web page (signed for the reader), and its API resource for answering from a script. */
  disputeUrl: Url,
  disputeApiUrl: Url,
  /** Why the email came, when not as a player of the game (a moderator's). */
  because: Opt(Text),
})
export type DisputeData = Static<typeof DisputeSchema>
/** A player's rollback proposal: made (the other players answer it), rejected, lapsed or withdrawn. */
export const ProposalSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  event: Type.Union(
    [Type.Literal('proposed'), Type.Literal('rejected'), Type.Literal('lapsed'), Type.Literal('withdrawn')],
    { problem: 'is not a proposal event (proposed, rejected, lapsed, withdrawn)' },
  ),
  /** Who proposed it, and their seat. */
  proposer: Text,
  seat: Text,
  /** Play would continue from the state at this log entry. */
  toSeq: Count,
  /** The position it was made at: it holds while the game is there. */
  atSeq: Count,
  reason: Text,
  acceptUrl: Url,
  rejectUrl: Url,
  logUrl: Url,
})
export type ProposalData = Static<typeof ProposalSchema>

/** A message another player wrote in the game (docs/messages.md): answered by replying to the email. */
export const GameMessageSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  /** Who wrote it, and their side's name (absent for a moderator, who holds no seat). */
  author: Text,
  authorSide: Opt(Text),
  byModerator: Type.Boolean({ problem: 'is not true or false' }),
  /** all: to everyone in the game; side: to the reader's side only. */
  audience: Type.Union([Type.Literal('all'), Type.Literal('side')], { problem: 'is not all or side' }),
  /** The side's name, for a message to one side. */
  side: Opt(Text),
  /** What they wrote, a line each. */
  text: Lines,
  at: Instant,
  /** The Reply-To address: a reply becomes a message to the same readers. */
  replyAddress: Text,
  messagesUrl: Url,
})
export type GameMessageData = Static<typeof GameMessageSchema>

/** A draw offer (docs/messages.md): made (the other sides answer it), declined, lapsed or withdrawn. */
export const DrawOfferSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  game: GameRefSchema,
  event: Type.Union(
    [Type.Literal('offered'), Type.Literal('declined'), Type.Literal('lapsed'), Type.Literal('withdrawn')],
    { problem: 'is not a draw offer event (offered, declined, lapsed, withdrawn)' },
  ),
  /** Who offered it, and their side's name. */
  offerer: Text,
  side: Text,
  /** What they wrote with it, a line each (none: nothing). */
  note: Lines,
  /** The position it was made at: it holds while the game is there. */
  atSeq: Count,
  acceptUrl: Url,
  declineUrl: Url,
  offersUrl: Url,
})
export type DrawOfferData = Static<typeof DrawOfferSchema>

/** The season a league email is about: its name, its club's, and its page signed for the reader. */
const SeasonRefFields = {
  season: Text,
  club: Text,
  seasonUrl: Url,
}

/** A fixture game of a season is ready: who the reader plays, with which side, and when it is due. */
export const SeasonFixtureSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  ...SeasonRefFields,
  game: GameRefSchema,
  round: Count,
  opponent: Text,
  /** The reader's side, by name. */
  side: Text,
  /** The game's first deadline; absent when it has none. */
  deadline: Opt(Instant),
})
export type SeasonFixtureData = Static<typeof SeasonFixtureSchema>

/** One line of a standings table; points as written ("1.5"). */
const StandingRowSchema = Group({
  /** On the first row of each division, when the season has more than one: the division's name. */
  division: Opt(Text),
  position: Count,
  name: Text,
  played: Count,
  won: Count,
  drawn: Count,
  lost: Count,
  points: Text,
})

const StandingsFields = {
  standings: Type.Array(StandingRowSchema, { problem: 'is not a list of standings' }),
  /** The same table laid out in columns for plain text (wide characters count two). */
  table: Lines,
}

export const SeasonStandingsSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  ...SeasonRefFields,
  week: Count,
  ...StandingsFields,
})
export type SeasonStandingsData = Static<typeof SeasonStandingsSchema>

export const SeasonClosedSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  ...SeasonRefFields,
  ...StandingsFields,
  /** Per division, who goes up and who goes down (names); divisions with neither are left out. */
  divisions: Type.Array(Group({ name: Text, promoted: Lines, relegated: Lines }), {
    problem: 'is not a list of divisions',
  }),
})
export type SeasonClosedData = Static<typeof SeasonClosedSchema>

/** A campaign's maintenance period is open for the reader's team: its state, what it may do, how to send it. */
export const CampaignPeriodSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  ...SeasonRefFields,
  /** Maintenance period `round` of `shows` (each period comes before the show of the same number). */
  round: Count,
  shows: Count,
  /** When the period closes, and what happens to actions not sent by then. */
  deadline: DeadlineSchema,
  /** The team as short lines (RuleCampaign.teamLines); none for a system without them. */
  team: Lines,
  /** What the team may do, with prices (RuleCampaign.actionHelp), and how many lines were left out. */
  actions: Group({ lines: Lines, omitted: Count }),
  /** How many actions a period allows; absent when the system does not say. */
  actionsPerPeriod: Opt(Count),
  /** POST the actions here (the API, signed in with a token: not a signed page link). */
  actionsUrl: Url,
  /** GET the team in full here (the API). */
  teamUrl: Url,
  /** The request body shown as the example, one JSON line. */
  example: Text,
})
export type CampaignPeriodData = Static<typeof CampaignPeriodSchema>

/** One team of a campaign's table: net worth as written ("G1,234"); the reader's own team is `you`. */
const CampaignStandingSchema = Group({
  position: Count,
  name: Text,
  netWorth: Text,
  withdrawn: Type.Boolean({ problem: 'is not true or false' }),
  you: Type.Boolean({ problem: 'is not true or false' }),
})

/** A campaign's show was settled (or there was none): what happened, the table, the game's link. */
export const CampaignSettledSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  ...SeasonRefFields,
  round: Count,
  shows: Count,
  /** The show's game page, signed for the reader; absent when there was no show. */
  gameUrl: Opt(Url),
  /** There was no show this round. */
  noShow: Type.Boolean({ problem: 'is not true or false' }),
  /** Why there was no show, when it can be said in the reader's language; absent otherwise. */
  noShowReason: Opt(Text),
  /** It was the last show: the campaign is over. */
  finished: Type.Boolean({ problem: 'is not true or false' }),
  /** The settlement's events, a sentence each (RuleCampaign.narrate). */
  happened: Lines,
  standings: Type.Array(CampaignStandingSchema, { problem: 'is not a list of standings' }),
  /** The same table laid out in columns for plain text (wide characters count two). */
  table: Lines,
})
export type CampaignSettledData = Static<typeof CampaignSettledSchema>

/** An invitation to join a club (never signed: the invitee may have no account, and may pass it on). */
export const ClubInviteSchema = Group({
  ...LinksFields,
  recipient: RecipientSchema,
  club: Text,
  inviter: Text,
  /** The role offered, in the reader's words. */
  role: Text,
  acceptUrl: Url,
})
export type ClubInviteData = Static<typeof ClubInviteSchema>

/** Each kind's template context; a kind's templates are templates/<kind>.{subject,text,html}.hbs. */
export const EMAIL_SCHEMAS = {
  'your-phase': YourPhaseSchema,
  reminder: ReminderSchema,
  'phase-resolved': PhaseResolvedSchema,
  'game-over': GameOverSchema,
  invite: InviteSchema,
  'verify-email': VerifyEmailSchema,
  'magic-link': MagicLinkSchema,
  moderation: ModerationSchema,
  'deadline-notice': DeadlineNoticeSchema,
  dispute: DisputeSchema,
  proposal: ProposalSchema,
  'game-message': GameMessageSchema,
  'draw-offer': DrawOfferSchema,
  'season-fixture': SeasonFixtureSchema,
  'season-standings': SeasonStandingsSchema,
  'season-closed': SeasonClosedSchema,
  'campaign-period': CampaignPeriodSchema,
  'campaign-settled': CampaignSettledSchema,
  'club-invite': ClubInviteSchema,
}

export type EmailDataByKind = { [K in keyof typeof EMAIL_SCHEMAS]: Static<(typeof EMAIL_SCHEMAS)[K]> }

export type EmailKind = keyof EmailDataByKind

export const EMAIL_KINDS = Object.keys(EMAIL_SCHEMAS) as readonly EmailKind[]

export interface ComposedEmail {
  subject: string
  text: string
  html: string
}
