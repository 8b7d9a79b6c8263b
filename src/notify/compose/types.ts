// The data each email kind is rendered from. Game data arrives as ready-made strings (narration,
// option lines, step descriptions) so the templates stay the same for every rule system; only the
// narrators and option compactors know a rule system.

/** Who the email is for. Deadlines are shown in `timeZone` (IANA, e.g. "Asia/Tokyo"). */
export interface Recipient {
  name: string
  email: string
  timeZone: string
}

export interface GameRef {
  id: string
  title: string
  /** The game's page: where a player sees the board and the log. */
  url: string
  /** Rule system and scenario as players know them: its title, and the scenario's id and title. */
  ruleset: string
  scenario: string
  /** The log as it stood when the email was made, "position:hash", and the link that checks it. */
  receipt?: string
  receiptUrl?: string
}

/** One-click unsubscribe (also sent as List-Unsubscribe) and the preferences page. */
export interface Links {
  unsubscribeUrl: string
  preferencesUrl: string
}

export interface Deadline {
  /** ISO 8601 instant, e.g. "2026-12-05T12:00:00Z". */
  at: string
  /** What happens when it passes, in words: "your phase is passed", "the moderator is called". */
  ifMissed: string
  /** The email went out this late ("30 hours"), and the deadline moved by as much from `originalAt`. */
  delayedBy?: string
  originalAt?: string
}

/** Which step a side must play, in the rule system's words. */
export interface StepRef {
  /** Short title for subjects and headings: "movement phase", "combat phase (return fire)". */
  title: string
  /** What orders the step takes (the engine's Pending.description). */
  description: string
  turn: number
  /** Half of the turn, for systems that split turns; absent otherwise. */
  half?: number
}

/** The orders a player may give, already compacted to lines (by the rule system's compactOptions). */
export interface OptionLines {
  lines: string[]
  /** How many units or lines were left out to keep the email readable. */
  omitted: number
  /** Where the full list is. */
  url: string
}

/** How to answer: by replying, or by writing to the reply address. */
export interface ReplyHow {
  /** Carries the signed token for (game, seat, step). */
  replyAddress: string
  /** Lines of the order notation, shown as they would be typed. */
  orderExamples: string[]
  /** The notation's documentation, when published. */
  notationUrl?: string
}

export interface YourPhaseData extends Links, ReplyHow {
  recipient: Recipient
  game: GameRef
  /** Side and seat names as shown to players ("Federation", "FED"). */
  side: string
  seat: string
  step: StepRef
  deadline: Deadline
  /** What happened since this player's last phase, one sentence a line. */
  happened: string[]
  options: OptionLines
  /** Where the enemy units near the reader's are, a line each (nearest first), and how many were left out. */
  enemiesNear: { lines: string[]; omitted: number }
  /** Content id of the attached map image (without "cid:"); absent when no map is attached. */
  mapCid?: string
  /** The whole map of this position as the reader's seat sees it. */
  mapUrl?: string
  /** What part of the board the attached picture shows, in a sentence. */
  mapNote?: string
}

export interface ReminderData extends Links, ReplyHow {
  recipient: Recipient
  game: GameRef
  side: string
  seat: string
  step: StepRef
  deadline: Deadline
  /** Whole hours left when the reminder was written (the composer has no clock). */
  hoursLeft: number
}

/** Who acts after a step resolved, for those who follow every phase. */
export interface NextUp {
  side: string
  step: StepRef
  deadline: string
}

export interface PhaseResolvedData extends Links {
  recipient: Recipient
  game: GameRef
  /** The step that was resolved and the side that played it. */
  step: StepRef
  side: string
  happened: string[]
  /** Null when the game ended with this step. */
  next: NextUp | null
  mapCid?: string
  mapUrl?: string
  mapNote?: string
}

export interface GameOverData extends Links {
  recipient: Recipient
  game: GameRef
  /** Side name of the winner; null for a draw. */
  winner: string | null
  reason: string
  /** The recipient's side, to say "you won" or "you lost"; absent for observers. */
  yourSide?: string
  turn: number
  happened: string[]
  /** The dice seed, revealed now, and the SHA-256 published when the game started. */
  seed: string
  seedCommitment: string
  verifyUrl: string
  mapCid?: string
  mapUrl?: string
  mapNote?: string
}

export interface InviteData extends Links {
  recipient: Recipient
  /** Who invites. */
  from: string
  game: GameRef
  /** The side offered, by name; absent when the invitee chooses. */
  side?: string
  /** A personal note from the inviter. */
  message?: string
  acceptUrl: string
  /** ISO instant the invitation lapses; absent when it does not. */
  expiresAt?: string
  phaseHours: number
}

// No unsubscribe: this is the one email sent because the address asked for it.
export interface VerifyEmailData {
  recipient: Recipient
  verifyUrl: string
  /** The token, for pasting when the link cannot be followed. */
  token: string
  expiresAt: string
}

export interface ModerationData extends Links {
  recipient: Recipient
  game: GameRef
  moderator: string
  /** What was done, in a few words: "rolled back to entry 42", "replaced a player". */
  action: string
  reason: string
  /** Each change, one line: "Zaku ZK1 is back at 1208". */
  changes: string[]
  /** ISO instant of the moderation entry. */
  at: string
  /** The log entry (seq) that records it. */
  entry: number
  logUrl: string
}

/** A deadline moved or passed (a vacation, an extension, seats passed, the moderator called). */
export interface DeadlineNoticeData extends Links {
  recipient: Recipient
  game: GameRef
  /** What happened, in a few words: "a deadline passed". */
  headline: string
  /** The notice, a sentence a line, its times already in the reader's time zone. */
  lines: string[]
}

export interface EmailDataByKind {
  'your-phase': YourPhaseData
  reminder: ReminderData
  'phase-resolved': PhaseResolvedData
  'game-over': GameOverData
  invite: InviteData
  'verify-email': VerifyEmailData
  moderation: ModerationData
  'deadline-notice': DeadlineNoticeData
}

export type EmailKind = keyof EmailDataByKind

export const EMAIL_KINDS: readonly EmailKind[] = [
  'your-phase',
  'reminder',
  'phase-resolved',
  'game-over',
  'invite',
  'verify-email',
  'moderation',
  'deadline-notice',
]

export interface ComposedEmail {
  subject: string
  text: string
  html: string
}
