// The emails made at a game position (your phase, reminder, phase resolved, game over): the game
// folded to that position, the reader's side, the step, the deadline, the map and the reply address.
import type Mail from 'nodemailer/lib/mailer/index.js'
import type { Pending } from '../../engine/ruleset.js'
import type { AnyRuleset } from '../../rulesets/index.js'
import type { LateMail } from '../../games/deadlines.js'
import { loadFolded, rulesetOf } from '../../games/load.js'
import type { GameRow } from '../../store/games.js'
import { catalogues, DEFAULT_LOCALE, translate, type Locale } from '../../i18n/index.js'
import { EMAIL_NS } from '../compose/helpers.js'
import type { Deadline, OptionLines, StepRef, YourPhaseData } from '../compose/index.js'
import { makeReplyToken, replyAddress } from '../inbound/index.js'
import { emailMap, emailMapNote } from '../map-cache.js'
import { mapLink } from '../map-link.js'
import {
  MAP_CID,
  mapAttachment,
  replyBinding,
  type KindEnv,
  type MessageContext,
  type NotificationRow,
} from './core.js'
import { gameData, type GameData } from './game.js'
import { halfOf, optionLines, stepDescription, stepTitle, turnOf } from './system-specific.js'

export interface Position {
  g: GameData
  row: GameRow
  ruleset: AnyRuleset
  state: unknown
  seq: number
  seat: string | null
  /** The reader's side ("" for an observer) and its name. */
  side: string
  sideName: string
  /** The step the reader's seat must play, else the first one pending. */
  mine: Pending | undefined
}

function gameRowOf(g: GameData): GameRow {
  const { id, ruleset, rulesVersion, seed, logSeq, lastHash, status, phaseHours, deadlineAt } = g.game
  const gameStatus = status as GameRow['status']
  return { id, ruleset, rulesVersion, seed, logSeq, lastHash, status: gameStatus, phaseHours, deadlineAt }
}

/** The game at the notification's position, as its reader sees it. */
export async function positionOf(ctx: MessageContext, n: NotificationRow): Promise<Position> {
  if (!n.gameId || n.seq === null) throw new Error(`notification ${n.id} (${n.kind}) names no game position`)
  const g = await gameData(ctx, n.gameId, n.seq)
  const row = gameRowOf(g)
  const ruleset = rulesetOf(row)
  const state = (await loadFolded(ctx.db, row, n.seq))!.state
  const side = n.seat ? (g.seatSide.get(n.seat) ?? '') : ''
  const pending = ruleset.pending(state)
  const mine = pending.find((p) => n.seat && p.seats.includes(n.seat)) ?? pending[0]
  return { g, row, ruleset, state, seq: n.seq, seat: n.seat, side, sideName: g.sideNames.get(side) ?? side, mine }
}

export function viewOf(pos: Position): unknown {
  return pos.ruleset.view(pos.state, pos.seat)
}

export function stepRef(pos: Position, p: Pending | undefined, locale: Locale): StepRef {
  const half = halfOf(pos.g.game.ruleset, pos.state)
  return {
    title: stepTitle(pos.g.game.ruleset, p?.step ?? '', locale),
    description: stepDescription(pos.g.game.ruleset, p, locale),
    turn: turnOf(pos.g.game.ruleset, pos.state),
    ...(half ? { half } : {}),
  }
}

/** The reader's seat's options as lines, and examples of orders. */
export function seatOptions(env: KindEnv, pos: Position, locale: Locale): { options: OptionLines; examples: string[] } {
  const { compact, examples } = optionLines(pos.g.game.ruleset, pos.ruleset.options(pos.state, pos.seat!), locale)
  return { options: { ...compact, url: env.page(`/g/${pos.g.game.id}#orders`) }, examples }
}

/** The deadline the email names: the moved one when it goes out late, else the one it was made with. */
export function deadlineIsoOf(pos: Position, n: NotificationRow, late: LateMail | null | undefined): string {
  if (late) return late.deadline.toISOString()
  if (typeof n.payload.deadline === 'string') return n.payload.deadline
  return pos.g.game.deadlineAt?.toISOString() ?? new Date().toISOString()
}

/** What happens to a missed deadline under `policy`, in the reader's language (the policy's id if unknown). */
function policyWords(policy: string, locale: Locale): string {
  return catalogues().exists(`policy.${policy}`, { ns: EMAIL_NS, lng: locale })
    ? translate(locale, EMAIL_NS, `policy.${policy}`)
    : policy
}

/** "30 hours", "1 hour 5 minutes", "12 minutes": a delay as a reader says it. */
export function durationWords(ms: number, locale: Locale = DEFAULT_LOCALE): string {
  const minutes = Math.round(ms / 60_000)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const part = (count: number, unit: string) => translate(locale, EMAIL_NS, `duration.${unit}`, { count })
  return h === 0
    ? part(m, 'minute')
    : m === 0
      ? part(h, 'hour')
      : translate(locale, EMAIL_NS, 'duration.hoursMinutes', { hours: part(h, 'hour'), minutes: part(m, 'minute') })
}

/** A late email says so, and that the deadline moved by as much (deadlines.ts extendForLateMail). */
export function deadlineOf(
  pos: Position,
  at: string,
  late: LateMail | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): Deadline {
  return {
    at,
    ifMissed: policyWords(pos.g.game.missedPolicy, locale),
    ...(late
      ? { delayedBy: durationWords(late.delayMs, locale), originalAt: late.originalDeadline.toISOString() }
      : {}),
  }
}

/** The address a reply with orders goes to: a token for this notification, valid until two days after the phase. */
export function replyAddressFor(ctx: MessageContext, pos: Position, n: NotificationRow, deadlineIso: string): string {
  const exp = Math.floor(new Date(deadlineIso).getTime() / 1000) + (pos.g.game.phaseHours + 48) * 3600
  const token = makeReplyToken({ id: BigInt(n.id), exp, binding: replyBinding(n) }, ctx.secret)
  return replyAddress(ctx.replyBase, token)
}

type MapFields = Pick<YourPhaseData, 'mapCid' | 'mapNote' | 'mapUrl'>

/** The map as an inline picture and a link to the whole board; nothing when the email goes without it. */
export async function mapOf(
  env: KindEnv,
  pos: Position,
): Promise<{ fields: MapFields; attachments: Mail.Attachment[] }> {
  if (env.opts.map === false) return { fields: {}, attachments: [] }
  const map = await emailMap(env.ctx.db, pos.row, pos.seq, pos.seat, pos.state)
  if (!map) return { fields: {}, attachments: [] }
  const { publicUrl, secret } = env.ctx
  return {
    fields: {
      mapCid: MAP_CID,
      mapNote: emailMapNote(map, env.recipient.locale ?? undefined),
      ...(pos.seat ? { mapUrl: mapLink(publicUrl, secret, pos.g.game.id, pos.seq, pos.seat) } : {}),
    },
    attachments: [mapAttachment(map.png)],
  }
}
