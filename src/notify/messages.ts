// One notification row -> one email (nodemailer message): the recipient's own view of the game at the
// position the email was made for, what happened since their last phase, their options, the map as
// an inline PNG, the deadline in their time zone, and a Reply-To carrying a signed token.
import { receiptOf } from '../store/log.js'
import { createHmac, randomBytes } from 'node:crypto'
import type Mail from 'nodemailer/lib/mailer/index.js'
import type { GameEvent, Pending } from '../engine/ruleset.js'
import type { SeatOptions } from '../engine/rulesets/abaoaqu/seat-options.js'
import { ruleSystem } from '../games/catalog.js'
import type { LateMail } from '../games/deadlines.js'
import { loadFolded, rulesetOf } from '../games/load.js'
import { poolOf, type Db } from '../store/db.js'
import type { GameRow } from '../store/games.js'
import {
  abaoaquStepTitle,
  compactOptions,
  composeEmail,
  enemiesNear,
  narrate,
  orderExamples,
  type ComposedEmail,
  type GameRef,
  type Links,
  type StepRef,
} from './compose/index.js'
import { makeReplyToken, replyAddress } from './inbound/index.js'
import { formatDate } from './compose/helpers.js'
import { emailMap, emailMapNote } from './map-cache.js'
import { mapLink } from './map-link.js'

export interface MessageContext {
  db: Db
  publicUrl: string
  from: string
  replyBase: string
  secret: string
  /** The clock (tests move it); how late an email is, and the deadline it moves, are read from it. */
  now?: () => Date
}

export interface NotificationRow {
  id: string
  outboxId: string
  userId: string | null
  gameId: string | null
  seat: string | null
  seq: number | null
  kind: string
  toAddress: string
  payload: Record<string, unknown>
  /** The recipient's name and time zone when read with the row (else looked up). */
  userName?: string | null
  userTimeZone?: string | null
}

export const MAP_CID = 'map@hexmail'

/** The binding a reply token is checked against: read back from the notification row. */
export function replyBinding(n: {
  gameId: string | null
  seat: string | null
  seq: number | null
  userId: string | null
}): string {
  return `${n.gameId}|${n.seat}|${n.seq}|${n.userId}`
}

export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe|${userId}`).digest('base64url').slice(0, 32)
}

function links(ctx: MessageContext, userId: string | null): Links {
  const u = userId ?? ''
  return {
    unsubscribeUrl: `${ctx.publicUrl}/unsubscribe?u=${u}&t=${unsubscribeToken(ctx.secret, u)}`,
    preferencesUrl: `${ctx.publicUrl}/me/preferences`,
  }
}

const POLICY_WORDS: Record<string, string> = {
  pass: 'the seats that have not answered pass this step',
  'extend-then-pass':
    'the deadline is extended once by a phase length; after that, the seats that have not answered pass',
  moderator: 'the moderator is called to decide',
}

function stepTitle(system: string, step: string): string {
  return system === 'abaoaqu' ? abaoaquStepTitle(step) : step
}

interface GameData {
  game: {
    id: string
    title: string
    ruleset: string
    scenarioId: string
    seed: string
    seedCommitment: string
    status: string
    missedPolicy: string
    phaseHours: number
    logSeq: number
    lastHash: string
    deadlineAt: Date | null
    outcome: unknown
  }
  ref: GameRef
  sideNames: Map<string, string>
  seatSide: Map<string, string>
}

/**
 * The game as emails name it. With the log position the email was made at, its receipt: anyone
 * holding the email can later prove the log up to there was not rewritten (docs/verification.md).
 */
async function gameData(ctx: MessageContext, gameId: string, seq?: number | null): Promise<GameData> {
  const game = await ctx.db.game.findUniqueOrThrow({ where: { id: gameId }, include: { seats: true } })
  const system = ruleSystem(game.ruleset)
  const scenario = system?.scenarios().find((s) => s.summary.id === game.scenarioId)?.summary
  const entry = seq
    ? await ctx.db.logEntry.findUnique({ where: { gameId_seq: { gameId, seq } }, select: { hash: true } })
    : null
  const receipt = entry && seq ? receiptOf(seq, entry.hash) : null
  return {
    game,
    ref: {
      id: game.id,
      title: game.title,
      url: `${ctx.publicUrl}/games/${game.id}`,
      ruleset: system?.title ?? game.ruleset,
      scenario: scenario ? `${scenario.id} ${scenario.title}` : game.scenarioId,
      ...(receipt
        ? { receipt, receiptUrl: `${ctx.publicUrl}/games/${game.id}/verify?receipt=${encodeURIComponent(receipt)}` }
        : {}),
    },
    sideNames: new Map((scenario?.sides ?? []).map((s: { id: string; name: string }) => [s.id, s.name])),
    seatSide: new Map(game.seats.map((s) => [s.seat, s.side])),
  }
}

/** Events of the steps resolved after `afterSeq` up to `uptoSeq`, oldest first. */
async function eventsBetween(db: Db, gameId: string, afterSeq: number, uptoSeq: number): Promise<GameEvent[]> {
  const rows = await db.logEntry.findMany({
    where: { gameId, kind: 'RESOLUTION', seq: { gt: afterSeq, lte: uptoSeq } },
    orderBy: { seq: 'asc' },
    select: { payload: true },
  })
  return rows.flatMap((r) => (r.payload as { events?: GameEvent[] }).events ?? [])
}

/** What happened since the seat last gave orders (or since the start). */
async function sinceLastPhase(db: Db, gameId: string, seat: string, seq: number): Promise<GameEvent[]> {
  const last = await db.logEntry.findFirst({
    where: { gameId, seat, kind: 'ORDERS', seq: { lte: seq } },
    orderBy: { seq: 'desc' },
    select: { seq: true },
  })
  return eventsBetween(db, gameId, last?.seq ?? 0, seq)
}

async function recipientOf(db: Db, n: NotificationRow) {
  if (n.userName !== undefined)
    return { name: n.userName ?? n.toAddress, email: n.toAddress, timeZone: n.userTimeZone ?? 'UTC' }
  const user = n.userId ? await db.user.findUnique({ where: { id: n.userId } }) : null
  return { name: user?.name ?? n.toAddress, email: n.toAddress, timeZone: user?.timeZone ?? 'UTC' }
}

export interface BuiltMessage {
  message: Mail.Options
  composed: ComposedEmail
}

export interface BuildOptions {
  /** Attach the map (default true; a digest gathers texts only). */
  map?: boolean
  /** The Message-ID kept for this notification (send.ts); a fresh random one when absent. */
  messageId?: string
  /** A "your phase" email going out late, and the deadline that moved with it (send.ts). */
  late?: LateMail | null
}

/** "30 hours", "1 hour 5 minutes", "12 minutes": a delay as a reader says it. */
export function durationWords(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  return h === 0 ? part(m, 'minute') : m === 0 ? part(h, 'hour') : `${part(h, 'hour')} ${part(m, 'minute')}`
}

/** The domain of our Message-IDs and thread ids: the reply address's. */
export function mailDomain(ctx: Pick<MessageContext, 'replyBase'>): string {
  return ctx.replyBase.split('@')[1] || 'hexmail.invalid'
}

/**
 * A Message-ID nobody has used: random, never derived from a database id, so a restored backup or a
 * fresh data folder (whose ids start again at 1) cannot send a second message under an old id, which
 * receiving servers would drop as a duplicate.
 */
export function newMessageId(domain: string): string {
  return `<${randomBytes(16).toString('hex')}@${domain}>`
}

/** Every email of a game names this id in References, so mail clients keep a game in one thread. */
export function threadId(gameId: string, domain: string): string {
  return `<game.${gameId}@${domain}>`
}

/** Message-IDs taken from a player's email into our References: sane ones only, the last few. */
function referencesFrom(ids: unknown): string[] {
  if (!Array.isArray(ids)) return []
  return ids.filter((id): id is string => typeof id === 'string' && /^<[^<>\s]{1,250}>$/.test(id)).slice(-8)
}

/** The held notifications a digest gathers, as rows buildMessage takes. */
async function heldRows(db: Db, ids: string[]): Promise<NotificationRow[]> {
  const rows = await poolOf(db)!.query<NotificationRow>(
    `SELECT n.id::text, n."outboxId"::text, n."userId", n."gameId", n.seat, n.seq, n.kind, n."toAddress", o.payload,
            u.name AS "userName", u."timeZone" AS "userTimeZone"
       FROM "Notification" n JOIN "Outbox" o ON o.id = n."outboxId" LEFT JOIN "User" u ON u.id = n."userId"
      WHERE n.id = ANY($1::bigint[]) ORDER BY n.id`,
    [ids],
  )
  return rows.rows
}

export async function buildMessage(
  ctx: MessageContext,
  n: NotificationRow,
  opts: BuildOptions = {},
): Promise<BuiltMessage> {
  const recipient = await recipientOf(ctx.db, n)
  // For mail filters (and tests): what this email is about.
  const headers: Record<string, string> = {
    'X-Hexmail-Kind': n.kind,
    ...(n.gameId ? { 'X-Hexmail-Game': n.gameId } : {}),
    ...(n.seq !== null ? { 'X-Hexmail-Position': String(n.seq) } : {}),
  }
  const attachments: Mail.Attachment[] = []
  let replyTo: string | undefined
  let composed: ComposedEmail
  const lk = links(ctx, n.userId)
  if (n.kind === 'verify-email') {
    const token = String(n.payload.token)
    composed = composeEmail('verify-email', {
      recipient,
      token,
      verifyUrl: `${ctx.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`,
      expiresAt: String(n.payload.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString()),
    })
  } else if (n.kind === 'invite') {
    const g = await gameData(ctx, n.gameId!, n.seq)
    const code = (await ctx.db.game.findUniqueOrThrow({ where: { id: g.game.id }, select: { inviteCode: true } }))
      .inviteCode
    const seat = typeof n.payload.seat === 'string' ? n.payload.seat : null
    const side = seat ? g.seatSide.get(seat) : undefined
    const name = n.userId ? recipient.name : n.toAddress.split('@')[0]!
    composed = composeEmail('invite', {
      ...lk,
      ...(n.userId ? {} : { unsubscribeUrl: lk.preferencesUrl }),
      recipient: { ...recipient, name },
      from: String(n.payload.from ?? 'A player'),
      game: g.ref,
      ...(side ? { side: g.sideNames.get(side) ?? side } : {}),
      ...(typeof n.payload.message === 'string' && n.payload.message ? { message: n.payload.message } : {}),
      acceptUrl: `${ctx.publicUrl}/games/${g.game.id}?invite=${encodeURIComponent(code)}`,
      phaseHours: g.game.phaseHours,
    })
  } else if (n.kind === 'digest') {
    // The day's held news, one section each, as text (the maps are on the game pages).
    const parts = await Promise.all(
      (await heldRows(ctx.db, (n.payload.ids as string[] | undefined) ?? [])).map((row) =>
        buildMessage(ctx, row, { map: false }),
      ),
    )
    const line = '-'.repeat(60)
    const text = [
      `Your hexmail digest for ${String(n.payload.date ?? '')}: ${parts.length} message${parts.length === 1 ? '' : 's'}.`,
      '',
      ...parts.flatMap((p) => [line, p.composed.subject, line, '', p.composed.text.trim(), '']),
      `Email preferences (the digest, your time zone): ${lk.preferencesUrl}`,
      `Unsubscribe: ${lk.unsubscribeUrl}`,
      '',
    ].join('\n')
    composed = {
      subject: `hexmail digest: ${parts.length} message${parts.length === 1 ? '' : 's'} (${String(n.payload.date ?? '')})`,
      text,
      html: '',
    }
  } else if (n.kind === 'deadline') {
    // Deadline events (a vacation, an extension, seats passed, the moderator called), told in a few lines.
    const g = await gameData(ctx, n.gameId!, n.seq)
    // The notice names instants in UTC: each reader sees them in their own time zone.
    const local = (line: string) =>
      line.replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z\b/g, (iso) => formatDate(iso, recipient.timeZone))
    const subject = String(n.payload.subject)
    // Notices written before the headline was stored carry it only in the subject, after the title.
    const headline =
      typeof n.payload.headline === 'string'
        ? n.payload.headline
        : subject.startsWith(`${g.ref.title}: `)
          ? subject.slice(g.ref.title.length + 2)
          : subject
    composed = composeEmail('deadline-notice', {
      ...lk,
      recipient,
      game: g.ref,
      headline,
      lines: String(n.payload.text)
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map(local),
    })
  } else if (n.kind === 'reply') {
    composed = { subject: String(n.payload.subject), text: String(n.payload.text), html: String(n.payload.html ?? '') }
  } else {
    if (!n.gameId || n.seq === null) throw new Error(`notification ${n.id} (${n.kind}) names no game position`)
    const g = await gameData(ctx, n.gameId, n.seq)
    const gameRow: GameRow = {
      id: g.game.id,
      ruleset: g.game.ruleset,
      seed: g.game.seed,
      logSeq: g.game.logSeq,
      lastHash: g.game.lastHash,
      status: g.game.status as GameRow['status'],
      phaseHours: g.game.phaseHours,
      deadlineAt: g.game.deadlineAt,
    }
    const ruleset = rulesetOf(gameRow)
    const folded = (await loadFolded(ctx.db, gameRow, n.seq))!
    const view = ruleset.view(folded.state, n.seat)
    const side = n.seat ? (g.seatSide.get(n.seat) ?? '') : ''
    const sideName = g.sideNames.get(side) ?? side
    const pending = ruleset.pending(folded.state)
    const mine = pending.find((p) => n.seat && p.seats.includes(n.seat)) ?? pending[0]
    const stepRef = (p: Pending | undefined): StepRef => ({
      title: stepTitle(g.game.ruleset, p?.step ?? ''),
      description: p?.description ?? '',
      turn: (folded.state as { turn?: number }).turn ?? 0,
      ...((folded.state as { half?: number }).half ? { half: (folded.state as { half: number }).half } : {}),
    })
    const late = opts.late ?? null
    const deadlineIso = late
      ? late.deadline.toISOString()
      : typeof n.payload.deadline === 'string'
        ? n.payload.deadline
        : (g.game.deadlineAt?.toISOString() ?? new Date().toISOString())
    // A late email says so, and that the deadline moved by as much (deadlines.ts extendForLateMail).
    const deadline = {
      at: deadlineIso,
      ifMissed: POLICY_WORDS[g.game.missedPolicy] ?? g.game.missedPolicy,
      ...(late ? { delayedBy: durationWords(late.delayMs), originalAt: late.originalDeadline.toISOString() } : {}),
    }
    const withMap = async () => {
      if (opts.map === false) return {}
      const map = await emailMap(ctx.db, gameRow, n.seq!, n.seat)
      attachments.push({ filename: 'map.png', content: map.png, cid: MAP_CID, contentType: 'image/png' })
      return {
        mapCid: MAP_CID,
        mapNote: emailMapNote(map),
        ...(n.seat ? { mapUrl: mapLink(ctx.publicUrl, ctx.secret, g.game.id, n.seq!, n.seat) } : {}),
      }
    }
    const reply = () => {
      const exp = Math.floor(new Date(deadlineIso).getTime() / 1000) + (g.game.phaseHours + 48) * 3600
      const token = makeReplyToken({ id: BigInt(n.id), exp, binding: replyBinding(n) }, ctx.secret)
      replyTo = replyAddress(ctx.replyBase, token)
      return replyTo
    }
    const optionLines = () => {
      const opts = ruleset.options(folded.state, n.seat!) as SeatOptions
      const compact = g.game.ruleset === 'abaoaqu' ? compactOptions(opts) : { lines: [], omitted: 0 }
      return {
        options: { ...compact, url: `${ctx.publicUrl}/games/${g.game.id}/options` },
        examples: g.game.ruleset === 'abaoaqu' ? orderExamples(opts) : ['pass'],
      }
    }
    switch (n.kind) {
      case 'your-phase': {
        const happened = narrate(g.game.ruleset, await sinceLastPhase(ctx.db, g.game.id, n.seat!, n.seq), view)
        const o = optionLines()
        composed = composeEmail('your-phase', {
          ...lk,
          recipient,
          game: g.ref,
          side: sideName,
          seat: n.seat!,
          step: stepRef(mine),
          deadline,
          happened,
          options: o.options,
          replyAddress: reply(),
          orderExamples: o.examples,
          enemiesNear: enemiesNear(g.game.ruleset, view),
          ...(await withMap()),
        })
        break
      }
      case 'reminder': {
        const o = optionLines()
        const hoursLeft = Math.max(
          0,
          Math.round(
            (new Date(deadlineIso).getTime() - Date.parse(String(n.payload.at ?? new Date().toISOString()))) /
              3_600_000,
          ),
        )
        composed = composeEmail('reminder', {
          ...lk,
          recipient,
          game: g.ref,
          side: sideName,
          seat: n.seat!,
          step: stepRef(mine),
          deadline,
          hoursLeft,
          replyAddress: reply(),
          orderExamples: o.examples,
        })
        break
      }
      case 'phase-resolved': {
        const events = await eventsBetween(ctx.db, g.game.id, n.seq - 1, n.seq)
        const nextSide = mine ? (g.sideNames.get(mine.side) ?? mine.side) : ''
        composed = composeEmail('phase-resolved', {
          ...lk,
          recipient,
          game: g.ref,
          step: stepRef(mine),
          side: sideName,
          happened: narrate(g.game.ruleset, events, view),
          next: mine ? { side: nextSide, step: stepRef(mine), deadline: deadlineIso } : null,
          ...(await withMap()),
        })
        break
      }
      case 'game-over': {
        const outcome = (g.game.outcome ?? n.payload.outcome ?? {}) as { winner?: string | null; reason?: string }
        const events = await eventsBetween(ctx.db, g.game.id, Math.max(0, n.seq - 2), n.seq)
        composed = composeEmail('game-over', {
          ...lk,
          recipient,
          game: g.ref,
          winner: outcome.winner ? (g.sideNames.get(outcome.winner) ?? outcome.winner) : null,
          reason: outcome.reason ?? 'the game is over',
          ...(side ? { yourSide: sideName } : {}),
          turn: (folded.state as { turn?: number }).turn ?? 0,
          happened: narrate(g.game.ruleset, events, view),
          seed: g.game.seed,
          seedCommitment: g.game.seedCommitment,
          verifyUrl: `${ctx.publicUrl}/games/${g.game.id}/verify`,
          ...(await withMap()),
        })
        break
      }
      default:
        throw new Error(`no email for notification kind "${n.kind}"`)
    }
  }
  // Account mail, and mail to an address with no account, has nothing to unsubscribe from.
  if (n.kind !== 'verify-email' && n.userId) {
    headers['List-Unsubscribe'] = `<${lk.unsubscribeUrl}>`
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click'
  }
  // RFC 3834: we are a program. Vacation responders and Exchange's out-of-office stay quiet, and an
  // answer to a player's email says it is one.
  headers['Auto-Submitted'] = n.kind === 'reply' ? 'auto-replied' : 'auto-generated'
  headers['X-Auto-Response-Suppress'] = 'OOF, AutoReply'
  const domain = mailDomain(ctx)
  return {
    composed,
    message: {
      from: ctx.from,
      to:
        recipient.name && recipient.name !== n.toAddress ? { name: recipient.name, address: n.toAddress } : n.toAddress,
      subject: composed.subject,
      text: composed.text,
      html: composed.html || undefined,
      attachments,
      headers,
      ...(replyTo ? { replyTo } : {}),
      ...threading(n, domain),
      // Kept per notification (send.ts): a resend after a crash carries the same one.
      messageId: opts.messageId ?? newMessageId(domain),
    },
  }
}

/**
 * In-Reply-To and References: an answer follows the player's email; every email of a game (each new
 * phase, reminder, notice, answer) names the game's thread id, so it lands in one conversation.
 */
function threading(n: NotificationRow, domain: string): Pick<Mail.Options, 'inReplyTo' | 'references'> {
  const gameId = n.gameId ?? (typeof n.payload.gameId === 'string' ? n.payload.gameId : null)
  const thread = gameId ? [threadId(gameId, domain)] : []
  if (n.kind === 'reply') {
    const answered = referencesFrom([n.payload.inReplyTo])[0]
    const references = [
      ...new Set([...thread, ...referencesFrom(n.payload.references), ...(answered ? [answered] : [])]),
    ]
    return { ...(answered ? { inReplyTo: answered } : {}), ...(references.length ? { references } : {}) }
  }
  return thread.length ? { inReplyTo: thread[0], references: thread } : {}
}
