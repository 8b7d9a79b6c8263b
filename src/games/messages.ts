// Messages between the players of a game (docs/messages.md). They are kept with the game, never in its
// log: they are talk, not orders, and change nothing in the game. A message is for everyone in the game
// or for the writer's own side; its readers who want it are emailed, and may answer by replying.
// A game's moderators read every message of it (a dispute may turn on what was said).
import { createHash } from 'node:crypto'
import type { Db } from '../store/db.js'
import type { Prisma } from '../store/generated/client.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import type { OutboxPayload } from '../store/outbox.js'
import { noSuchGame, type Caller } from './access.js'
import { Forbidden, IdempotencyKeyReused, InvalidInput, NotFound } from './errors.js'
import { canModerate, hiddenFromCaller, moderatorAccount } from './moderation-access.js'
import { hasControl, isBlank } from './text.js'

/** The longest message kept, in characters (code points). */
export const MESSAGE_MAX = 4000
/** The most messages one page lists. */
export const MESSAGES_PAGE_MAX = 200

export type Audience = 'all' | 'side'

/** A message as the routes answer it. */
export interface MessageView {
  id: string
  game: string
  author: { id: string; name: string; seat: string | null; side: string | null; moderator: boolean }
  /** all: everyone in the game; side: the players of `side` only. */
  to: Audience
  side: string | null
  text: string
  /** The game's log position when it was written. */
  atSeq: number
  createdAt: string
}

export interface PostMessageInput {
  text: unknown
  to: unknown
  /** The Idempotency-Key header, or the key of an email reply: the same key posts once. */
  key?: string
}

interface Row {
  id: string
  gameId: string
  authorId: string
  seat: string | null
  authorSide: string | null
  audience: string
  side: string | null
  body: string
  atSeq: number
  requestHash: string | null
  createdAt: Date
}

/** Who the caller is to the game: its seats (with their sides), or a moderator of it. */
interface Standing {
  game: GameMeta
  seats: Array<{ seat: string; side: string }>
  moderator: boolean
}

async function standingIn(db: Db | Prisma.TransactionClient, gameId: string, caller: Caller): Promise<Standing> {
  const game = await gameMetaRow(db, gameId)
  if (!game || (await hiddenFromCaller(db, game, caller))) throw noSuchGame(gameId)
  const seats = game.seats.filter((s) => caller.userId !== null && s.userId === caller.userId)
  const moderator = seats.length === 0 && canModerate(await moderatorAccount(db, caller.userId), game)
  return { game, seats: seats.map((s) => ({ seat: s.seat, side: s.side })), moderator }
}

/** The message's text, checked: non-blank, no control characters, at most MESSAGE_MAX characters. */
export function messageText(text: unknown): string {
  const value = typeof text === 'string' ? text.replace(/\r\n?/g, '\n').trim() : ''
  if (isBlank(value)) throw new InvalidInput('a message needs some text', { field: 'text' })
  if (hasControl(value))
    throw new InvalidInput('a message may not hold control characters (only text, tabs and line breaks)', {
      field: 'text',
    })
  if ([...value].length > MESSAGE_MAX)
    throw new InvalidInput(`a message is at most ${MESSAGE_MAX} characters`, { field: 'text', limit: MESSAGE_MAX })
  return value
}

function audienceOf(to: unknown): Audience {
  if (to === 'all' || to === 'side') return to
  throw new InvalidInput('"to" must be "all" (everyone in the game) or "side" (your own side)', { field: 'to' })
}

async function names(db: Db | Prisma.TransactionClient, ids: string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } })
  return new Map(users.map((u) => [u.id, u.name]))
}

function viewOf(row: Row, name: string): MessageView {
  return {
    id: row.id,
    game: row.gameId,
    author: { id: row.authorId, name, seat: row.seat, side: row.authorSide, moderator: row.seat === null },
    to: row.audience === 'SIDE' ? 'side' : 'all',
    side: row.side,
    text: row.body,
    atSeq: row.atSeq,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The accounts that read a message besides its author: everyone seated, or the side's players. */
function readersOf(game: GameMeta, side: string | null, authorId: string): string[] {
  const ids = game.seats
    .filter((s) => s.userId !== null && s.userId !== authorId && (side === null || s.side === side))
    .map((s) => s.userId!)
  return [...new Set(ids)]
}

/**
 * A player writes to everyone in the game or to their own side; a moderator of the game (who holds no
 * seat) writes to everyone only. The readers are emailed (kind `game-message`) as their preferences say.
 * With a key, a second post under it answers the first message again and stores nothing.
 */
export async function postMessage(
  db: Db,
  gameId: string,
  caller: Caller,
  input: PostMessageInput,
  now = new Date(),
): Promise<{ message: MessageView; replayed: boolean }> {
  const me = await standingIn(db, gameId, caller)
  const userId = caller.userId
  if (!userId || (me.seats.length === 0 && !me.moderator))
    throw new Forbidden('only the players of this game (and its moderators) write in its messages')
  const text = messageText(input.text)
  const to = audienceOf(input.to)
  if (to === 'side' && me.seats.length === 0)
    throw new InvalidInput('you hold no seat in this game, so you have no side to write to: write to "all"', {
      field: 'to',
    })
  const requestHash = createHash('sha256').update(`${to}\n${text}`).digest('hex')
  const nameOf = async () => (await names(db, [userId])).get(userId) ?? ''
  if (input.key) {
    const before = await findByKey(db, gameId, userId, input.key)
    if (before) return replayOf(before, requestHash, input.key, await nameOf())
  }
  const mine = me.seats[0] ?? null
  const side = to === 'side' ? mine!.side : null
  try {
    const row = await db.$transaction(async (tx) => {
      const created = (await tx.gameMessage.create({
        data: {
          gameId,
          authorId: userId,
          seat: mine?.seat ?? null,
          authorSide: mine?.side ?? null,
          audience: to === 'side' ? 'SIDE' : 'ALL',
          side,
          body: text,
          atSeq: me.game.logSeq,
          idempotencyKey: input.key ?? null,
          requestHash,
          createdAt: now,
        },
      })) as Row
      const readers = readersOf(me.game, side, userId)
      if (readers.length > 0) {
        const payload: OutboxPayload<'game-message'> = {
          seq: me.game.logSeq,
          message: created.id,
          to: readers,
        }
        await tx.outbox.create({
          data: { gameId, kind: 'game-message', payload, dedupeKey: `game-message:${created.id}` },
        })
      }
      return created
    })
    return { message: viewOf(row, await nameOf()), replayed: false }
  } catch (e) {
    // Two posts under one key at once: the second finds the first's message.
    if (input.key && (e as { code?: string }).code === 'P2002') {
      const before = await findByKey(db, gameId, userId, input.key)
      if (before) return replayOf(before, requestHash, input.key, await nameOf())
    }
    throw e
  }
}

async function findByKey(db: Db, gameId: string, authorId: string, key: string): Promise<Row | null> {
  return db.gameMessage.findUnique({
    where: { gameId_authorId_idempotencyKey: { gameId, authorId, idempotencyKey: key } },
  })
}

function replayOf(row: Row, requestHash: string, key: string, name: string) {
  if (row.requestHash !== null && row.requestHash !== requestHash) throw new IdempotencyKeyReused(key)
  return { message: viewOf(row, name), replayed: true }
}

export interface MessagePage {
  messages: MessageView[]
  /** The `before` of the next (older) page; null on the last one. */
  next: string | null
}

/**
 * The messages the caller reads, newest first: a player reads those to everyone and those to their own
 * side(s); a moderator of the game reads them all. `before`: a message id, the page starts after it.
 */
export async function listMessages(
  db: Db,
  gameId: string,
  caller: Caller,
  query: { before?: string; limit?: number } = {},
): Promise<MessagePage> {
  const me = await standingIn(db, gameId, caller)
  if (me.seats.length === 0 && !me.moderator)
    throw new Forbidden("a game's messages are for its players and its moderators")
  const limit = Math.min(Math.max(query.limit ?? 50, 1), MESSAGES_PAGE_MAX)
  const sides = [...new Set(me.seats.map((s) => s.side))]
  const readable: Prisma.GameMessageWhereInput = me.moderator
    ? {}
    : { OR: [{ audience: 'ALL' }, { audience: 'SIDE', side: { in: sides } }] }
  let older: Prisma.GameMessageWhereInput = {}
  if (query.before !== undefined) {
    const cursor = await db.gameMessage.findFirst({ where: { id: query.before, gameId, ...readable } })
    if (!cursor) throw new NotFound(`no message ${query.before} in this game`, { field: 'before' })
    older = {
      OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
    }
  }
  const rows = (await db.gameMessage.findMany({
    where: { AND: [{ gameId }, readable, older] },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  })) as Row[]
  const page = rows.slice(0, limit)
  const who = await names(
    db,
    page.map((r) => r.authorId),
  )
  return {
    messages: page.map((r) => viewOf(r, who.get(r.authorId) ?? '')),
    next: rows.length > limit ? page[page.length - 1]!.id : null,
  }
}

/** One message as its email shows it, or null when there is no such message. */
export async function messageById(db: Db, messageId: string): Promise<MessageView | null> {
  const row = (await db.gameMessage.findUnique({ where: { id: messageId } })) as Row | null
  if (!row) return null
  const who = await names(db, [row.authorId])
  return viewOf(row, who.get(row.authorId) ?? '')
}
