// Fan-out: one outbox row becomes one Notification row per address to tell (unique per row, address
// and kind, so doing it twice adds nothing), each then sent by its own job. Preferences decide who
// gets what; an unsubscribed address gets nothing but account mail.
import { UnrecoverableError } from 'bullmq'
import { poolOf, type Db } from '../store/db.js'
import { outboxProblem } from '../store/outbox.js'
import type { NotifyJob, NotifyQueue } from './queue.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface OutboxRecord {
  id: string
  gameId: string | null
  kind: string
  payload: Record<string, unknown>
}

interface SeatUser {
  seat: string
  side: string
  userId: string
  email: string
  notifyYourPhase: boolean
  notifyReminders: boolean
  notifyEveryPhase: boolean
  /** Wants the messages other players write (docs/messages.md). */
  notifyMessages: boolean
  /** Wants the news of the day in one email: digestible kinds are held for it. */
  digest: boolean
  unsubscribed: boolean
}

export interface Recipient {
  userId: string | null
  seat: string | null
  kind: string
  toAddress: string
  /** Held for the recipient's daily digest instead of sent now. */
  held?: boolean
}

/** What may wait for a daily digest; your phase, reminders, replies and the end of a game never wait. */
export const DIGESTIBLE = new Set(['phase-resolved', 'deadline'])

interface StepPayload {
  seq: number
  newStep?: boolean
  pending?: Array<{ seats: string[] }>
}

/** The outbox kinds that may tell someone (recipientsOf); a 'step' row only when it began a new step. */
export const NOTIFYING_KINDS = [
  'step',
  'game-over',
  'reminder',
  'deadline',
  'moderation',
  'proposal',
  'game-message',
  'draw-offer',
  'verify-email',
  'magic-link',
  'invite',
  'reply',
  'digest',
  'dispute-raised',
  'dispute-message',
  'dispute-ruled',
  'season-fixture',
  'season-standings',
  'season-closed',
  'campaign-period',
  'campaign-settled',
  'club-invite',
] as const

/** Kinds whose payload names who is told (`to`: user ids, chosen when the event happened). */
export const ADDRESSED_KINDS = new Set([
  'dispute-raised',
  'dispute-message',
  'dispute-ruled',
  // League emails (docs/leagues.md): a season's entrants, chosen by the leagues layer.
  'season-fixture',
  'season-standings',
  'season-closed',
  // A campaign season's: a maintenance period to the team's player, a settlement to every entrant.
  'campaign-period',
  'campaign-settled',
])

/** Who is told what for one outbox row. Pure: the rows it reads are passed in. */
export function recipientsOf(row: OutboxRecord, seats: SeatUser[]): Recipient[] {
  const p = row.payload
  const tell = (s: SeatUser, kind: string): Recipient => ({
    userId: s.userId,
    seat: s.seat,
    kind,
    toAddress: s.email,
    ...(s.digest && DIGESTIBLE.has(kind) ? { held: true } : {}),
  })
  const subscribed = seats.filter((s) => !s.unsubscribed)
  switch (row.kind) {
    case 'step': {
      const step = p as unknown as StepPayload
      if (!step.newStep) return []
      const acting = new Set((step.pending ?? []).flatMap((x) => x.seats))
      return [
        ...subscribed.filter((s) => acting.has(s.seat) && s.notifyYourPhase).map((s) => tell(s, 'your-phase')),
        ...subscribed.filter((s) => !acting.has(s.seat) && s.notifyEveryPhase).map((s) => tell(s, 'phase-resolved')),
      ]
    }
    case 'game-over':
      return subscribed.map((s) => tell(s, 'game-over'))
    case 'reminder': {
      const seatsDue = new Set((p.seats as string[] | undefined) ?? [])
      return subscribed.filter((s) => seatsDue.has(s.seat) && s.notifyReminders).map((s) => tell(s, 'reminder'))
    }
    case 'deadline':
    case 'moderation':
      // Everyone in the game hears about a missed deadline, an extension or a moderator's ruling.
      return subscribed.map((s) => tell(s, row.kind))
    case 'proposal': {
      // A proposal's news goes to the players it names: the others when it is made, its proposer after.
      const to = new Set((p.to as string[] | undefined) ?? [])
      return subscribed.filter((s) => to.has(s.userId)).map((s) => tell(s, 'proposal'))
    }
    case 'draw-offer': {
      // A draw offer's news goes to the players it names: the other sides when made, the offerer's after.
      const to = new Set((p.to as string[] | undefined) ?? [])
      return subscribed.filter((s) => to.has(s.userId)).map((s) => tell(s, 'draw-offer'))
    }
    case 'game-message': {
      // A message goes to the readers its payload names (the author apart) who want messages.
      const to = new Set((p.to as string[] | undefined) ?? [])
      return subscribed.filter((s) => to.has(s.userId) && s.notifyMessages).map((s) => tell(s, 'game-message'))
    }
    case 'verify-email':
    case 'magic-link':
      return [{ userId: String(p.userId), seat: null, kind: row.kind, toAddress: String(p.email) }]
    case 'invite':
    case 'club-invite':
    case 'reply':
    case 'digest':
      return [{ userId: (p.userId as string | undefined) ?? null, seat: null, kind: row.kind, toAddress: String(p.to) }]
    default:
      return []
  }
}

// The outbox row with what its fan-out reads about its game, in one statement: the seated users (a user
// with two seats gets one email per event: notifications are unique per address) and the game's webhook.
const OUTBOX_SQL = `
  SELECT o.id::text, o."gameId", o.kind, o.payload, g."webhookUrl",
         coalesce((SELECT json_agg(json_build_object(
                            'seat', s.seat, 'side', s.side, 'userId', u.id, 'email', u.email,
                            'notifyYourPhase', u."notifyYourPhase", 'notifyReminders', u."notifyReminders",
                            'notifyEveryPhase', u."notifyEveryPhase", 'notifyMessages', u."notifyMessages",
                            'digest', u.digest, 'unsubscribed', u."unsubscribedAt" IS NOT NULL) ORDER BY s.seat)
                     FROM "Seat" s JOIN "User" u ON u.id = s."userId" WHERE s."gameId" = o."gameId"),
                  '[]'::json) AS seats
    FROM "Outbox" o LEFT JOIN "Game" g ON g.id = o."gameId"
   WHERE o.id = $1::bigint`

/** The job that delivers a notification: a webhook post, or an email. */
export function jobFor(n: { id: string; kind: string }): NotifyJob {
  return n.kind === 'webhook'
    ? { name: 'webhook', data: { notificationId: n.id } }
    : { name: 'send', data: { notificationId: n.id } }
}

export async function fanOut(db: Db, queue: NotifyQueue, outboxId: string): Promise<number> {
  const pool = poolOf(db)!
  const read = (
    await pool.query<OutboxRecord & { webhookUrl: string | null; seats: SeatUser[] }>(OUTBOX_SQL, [outboxId])
  ).rows[0]
  if (!read) return 0
  const { webhookUrl, seats, ...row } = read
  // A row the code cannot read is reported (the job fails for good, with why), not half-read.
  const problem = outboxProblem(row.kind, row.payload)
  if (problem) throw new UnrecoverableError(`outbox row ${outboxId}: ${problem}`)
  const recipients = recipientsOf(row, seats)
  // A dispute's or a season's event tells the accounts its payload names, unless unsubscribed.
  if (ADDRESSED_KINDS.has(row.kind)) {
    const to = (row.payload.to as string[]).filter((id) => UUID.test(id))
    const users = await pool.query<{ id: string; email: string }>(
      `SELECT id::text, email FROM "User" WHERE id = ANY($1::uuid[]) AND "unsubscribedAt" IS NULL ORDER BY email`,
      [to],
    )
    for (const u of users.rows) recipients.push({ userId: u.id, seat: null, kind: row.kind, toAddress: u.email })
  }
  // A deadline that calls the moderator tells the game's moderators too: its game master and, for a club's
  // game, the club's owners and moderators who have not entered the game's season; when none of them is free
  // of a seat in it, the site's admins and moderators; never its players (the rule of
  // games/moderation-access.ts moderatorsToTell, in one query).
  if (row.kind === 'deadline' && row.payload.callModerator) {
    const staff = await pool.query<{ id: string; email: string }>(
      `WITH g AS (SELECT "gameMasterId", "clubId", "seasonId" FROM "Game" WHERE id = $1::uuid),
            named AS (
              SELECT g."gameMasterId" AS id FROM g WHERE g."gameMasterId" IS NOT NULL
              UNION
              SELECT cm."userId" FROM "ClubMember" cm, g
               WHERE cm."clubId" = g."clubId" AND cm.role IN ('owner', 'moderator')
                 AND NOT EXISTS (SELECT 1 FROM "SeasonEntry" se
                                  WHERE se."seasonId" = g."seasonId" AND se."userId" = cm."userId")),
            free AS (
              SELECT n.id FROM named n JOIN "User" nu ON nu.id = n.id
               WHERE NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = $1::uuid AND s."userId" = n.id))
       SELECT u.id, u.email FROM "User" u
        WHERE u."unsubscribedAt" IS NULL
          AND (CASE WHEN EXISTS (SELECT 1 FROM free) THEN u.id IN (SELECT id FROM free)
                    ELSE u.role IN ('MODERATOR', 'ADMIN') END)
          AND NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."gameId" = $1::uuid AND s."userId" = u.id)`,
      [row.gameId],
    )
    for (const u of staff.rows)
      if (!recipients.some((r) => r.toAddress === u.email))
        recipients.push({ userId: u.id, seat: null, kind: 'deadline', toAddress: u.email })
  }
  // A correction that unseated a player tells them too: they held the seat when it was made.
  const alsoTo = row.kind === 'moderation' && Array.isArray(row.payload.alsoTo) ? (row.payload.alsoTo as string[]) : []
  if (alsoTo.length) {
    const extra = await pool.query<{ id: string; email: string }>(
      `SELECT id, email FROM "User" WHERE id = ANY($1::uuid[]) AND "unsubscribedAt" IS NULL ORDER BY email`,
      [alsoTo],
    )
    for (const u of extra.rows)
      if (!recipients.some((r) => r.toAddress === u.email))
        recipients.push({ userId: u.id, seat: null, kind: 'moderation', toAddress: u.email })
  }
  const seq = typeof row.payload.seq === 'number' ? row.payload.seq : null
  // The game's webhook is told of a new step, and of a moderator's correction, like a recipient: a row of
  // its own, so it is posted once.
  if (((row.kind === 'step' && row.payload.newStep) || row.kind === 'moderation') && row.gameId && webhookUrl)
    recipients.push({ userId: null, seat: null, kind: 'webhook', toAddress: `webhook:${webhookUrl}` })
  // The rows to send, in one statement: those it adds (its RETURNING) and those an earlier run added and
  // that are still queued (its snapshot, taken before the insert, holds none of the rows the insert adds).
  // When the insert added fewer rows than asked (a fan-out of the same row ran before or runs at once,
  // and its rows may have been committed after this statement's snapshot), the rows are read again.
  const rows = (
    await pool.query<{ id: string; kind: string; status: string; added: boolean }>(
      `WITH added AS (
         INSERT INTO "Notification"("outboxId", "userId", "gameId", seat, seq, kind, "toAddress", status)
           SELECT $1::bigint, r."userId"::uuid, $2::uuid, r.seat, $3::int, r.kind, r."toAddress",
                  CASE WHEN r.held THEN 'digest' ELSE 'queued' END
           FROM jsonb_to_recordset($4::jsonb) AS r("userId" text, seat text, kind text, "toAddress" text, held boolean)
         ON CONFLICT ("outboxId", "toAddress", kind) DO NOTHING
         RETURNING id, kind, status)
       SELECT id::text, kind, status, true AS added FROM added
       UNION ALL
       SELECT id::text, kind, status, false FROM "Notification" WHERE "outboxId" = $1::bigint AND status = 'queued'`,
      [outboxId, row.gameId, seq, JSON.stringify(recipients)],
    )
  ).rows
  const queued =
    rows.filter((r) => r.added).length === recipients.length
      ? rows.filter((r) => r.status === 'queued').sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      : (
          await pool.query<{ id: string; kind: string }>(
            `SELECT id::text, kind FROM "Notification" WHERE "outboxId" = $1::bigint AND status = 'queued' ORDER BY id`,
            [outboxId],
          )
        ).rows
  await queue.add(queued.map(jobFor))
  return queued.length
}
