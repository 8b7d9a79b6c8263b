// Draw offers (docs/messages.md): a player offers a draw for their side; every other side accepts it and
// the game ends as a draw, written in its log as a CORRECTION `adjudicate` with no winner and no
// moderator (src/games/corrections.ts applyAgreedDraw), so /verify replays it. They are the players'
// proposals of src/games/proposals.ts with another effect: the same table, one open at a time, the same
// lapse (an offer holds only at the position it was made: when the game moves first, it lapses, so
// playing on declines it), withdrawn by its maker, closed by one refusal.
import type { Db } from '../store/db.js'
import { gameMetaRow, type GameMeta } from '../store/games.js'
import type { Caller } from './access.js'
import { applyAgreedDraw } from './corrections.js'
import { Conflict, Forbidden, InvalidInput, NotFound } from './errors.js'
import { TX_OPTIONS } from './lifecycle.js'
import { canModerate, moderatorAccount } from './moderation-access.js'
import { drawNotice, lapseStale, lockedGame, names, type Row } from './proposals.js'
import { hasControl, isBlank } from './text.js'

/** The longest note an offer carries, in characters. */
export const DRAW_NOTE_MAX = 2000

export type DrawStatus = 'open' | 'accepted' | 'declined' | 'lapsed' | 'withdrawn'
export type DrawAnswer = 'accept' | 'decline'

/** A draw offer as the routes answer it. */
export interface DrawOfferView {
  id: string
  game: string
  offeredBy: { id: string; name: string; seat: string; side: string }
  /** What the player wrote with it ('' for nothing). */
  note: string
  /** The position it was offered at: it holds only while the game is there. */
  atSeq: number
  status: DrawStatus
  /** Each other side's answer so far. */
  answers: Record<string, DrawAnswer>
  /** The other sides still to answer, with their players (empty once it is closed). */
  waitingFor: Array<{ side: string; players: Array<{ id: string; name: string }> }>
  createdAt: string
  decidedAt: string | null
  /** The CORRECTION entry that ended the game as a draw, once accepted. */
  endedAtSeq: number | null
}

const sideOf = (row: Row) => (row.params as { side: string }).side
const answersOf = (row: Row) => (row.answers ?? {}) as Record<string, DrawAnswer>

/** The sides other than `side` that have players, each with its players' accounts. */
function otherSides(game: GameMeta, side: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const s of game.seats)
    if (s.side !== side && s.userId !== null) out.set(s.side, [...new Set([...(out.get(s.side) ?? []), s.userId])])
  return out
}

const playersOf = (game: GameMeta, side: string) => [
  ...new Set(game.seats.filter((s) => s.side === side && s.userId !== null).map((s) => s.userId!)),
]

async function viewOf(db: Db | Parameters<typeof names>[0], game: GameMeta, row: Row): Promise<DrawOfferView> {
  const others = otherSides(game, sideOf(row))
  const who = await names(db, [row.proposedById, ...[...others.values()].flat()])
  const answers = answersOf(row)
  return {
    id: row.id,
    game: row.gameId,
    offeredBy: { id: row.proposedById, name: who.get(row.proposedById) ?? '', seat: row.seat, side: sideOf(row) },
    note: row.reason,
    atSeq: row.atSeq,
    status: row.status as DrawStatus,
    answers,
    waitingFor:
      row.status === 'open'
        ? [...others]
            .filter(([side]) => answers[side] === undefined)
            .map(([side, ids]) => ({ side, players: ids.map((id) => ({ id, name: who.get(id) ?? '' })) }))
        : [],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    endedAtSeq: row.correctionSeq,
  }
}

function noteOf(note: unknown): string {
  if (note === undefined || note === null) return ''
  const text = typeof note === 'string' ? note.trim() : ''
  if (isBlank(text)) return ''
  if (hasControl(text))
    throw new InvalidInput('a note may not hold control characters (only text, tabs and line breaks)', {
      field: 'note',
    })
  if ([...text].length > DRAW_NOTE_MAX)
    throw new InvalidInput(`a note is at most ${DRAW_NOTE_MAX} characters`, { field: 'note', limit: DRAW_NOTE_MAX })
  return text
}

function requirePlaying(game: GameMeta): void {
  if (game.status === 'OPEN' || game.logSeq === 0) throw new Conflict('the game has not started')
  if (game.status === 'FINISHED') throw new Conflict('the game is over')
  if (game.pausedAt)
    throw new Conflict('a moderator has paused this game: draw offers wait until it resumes', {
      pausedAt: new Date(game.pausedAt).toISOString(),
    })
}

/** A player offers a draw for their side; the players of every other side are asked by email. */
export async function offerDraw(
  db: Db,
  gameId: string,
  caller: Caller,
  input: { note?: unknown } = {},
  now = new Date(),
): Promise<DrawOfferView> {
  return db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const mine = game.seats.filter((s) => caller.userId !== null && s.userId === caller.userId)
    if (!caller.userId || mine.length === 0) throw new Forbidden('only the players of this game may offer a draw')
    requirePlaying(game)
    const note = noteOf(input.note)
    await lapseStale(tx, game, now)
    const open = await tx.correctionProposal.findFirst({
      where: { gameId, status: 'open', kind: 'draw' },
      select: { id: true },
    })
    if (open)
      throw new Conflict(`draw offer ${open.id} is open in this game: it must be answered or withdrawn first`, {
        offer: open.id,
      })
    const side = mine[0]!.side
    const others = otherSides(game, side)
    if (others.size === 0) throw new Conflict('no other side has a player to accept a draw')
    const row = (await tx.correctionProposal.create({
      data: {
        gameId,
        proposedById: caller.userId,
        seat: mine[0]!.seat,
        atSeq: game.logSeq,
        kind: 'draw',
        params: { side },
        reason: note,
        createdAt: now,
      },
    })) as Row
    const me = (await names(tx, [caller.userId])).get(caller.userId) ?? ''
    await tx.outbox.createMany({ data: [drawNotice(game, row, me, 'offered', [...others.values()].flat())] })
    return viewOf(tx, game, row)
  }, TX_OPTIONS)
}

/** The game's draw offers, newest first: for its players and its moderators. */
export async function listDrawOffers(
  db: Db,
  gameId: string,
  caller: Caller,
  now = new Date(),
): Promise<{ offers: DrawOfferView[] }> {
  return db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const plays = game.seats.some((s) => s.userId === caller.userId)
    if (!plays && !canModerate(await moderatorAccount(tx, caller.userId), game))
      throw new Forbidden("a game's draw offers are for its players and its moderators")
    await lapseStale(tx, game, now)
    const rows = (await tx.correctionProposal.findMany({
      where: { gameId, kind: 'draw' },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    })) as Row[]
    const out: DrawOfferView[] = []
    for (const r of rows) out.push(await viewOf(tx, game, r))
    return { offers: out }
  }, TX_OPTIONS)
}

/**
 * A player of another side accepts or declines (once per side, for the whole side), or the player who
 * offered it withdraws it. The last side's acceptance ends the game as a draw in the same transaction.
 */
export async function answerDrawOffer(
  db: Db,
  gameId: string,
  offerId: string,
  caller: Caller,
  decision: DrawAnswer | 'withdraw',
  now = new Date(),
): Promise<DrawOfferView> {
  let committed: (() => void) | undefined
  const result = await db.$transaction(async (tx) => {
    const game = await lockedGame(tx, gameId, caller)
    const row = (await tx.correctionProposal.findFirst({ where: { id: offerId, gameId, kind: 'draw' } })) as Row | null
    if (!row) throw new NotFound(`no draw offer ${offerId} in game ${gameId}`)
    const mine = game.seats.filter((s) => caller.userId !== null && s.userId === caller.userId)
    if (!caller.userId || mine.length === 0) throw new Forbidden('only the players of this game answer its draw offers')
    const offerSide = sideOf(row)
    if (decision === 'withdraw' && row.proposedById !== caller.userId)
      throw new Forbidden('only the player who offered a draw may withdraw it')
    const answering = mine.find((s) => s.side !== offerSide)
    if (decision !== 'withdraw' && !answering)
      throw new Forbidden(
        row.proposedById === caller.userId
          ? 'you offered this draw: the other sides accept or decline it'
          : 'your side offered this draw: the other sides accept or decline it',
      )
    requirePlaying(game)
    const lapsed = await lapseStale(tx, game, now)
    if (lapsed.includes(row.id)) return { lapsed: true as const }
    if (row.status !== 'open') throw new Conflict(`the draw offer is ${row.status}: it takes no more answers`)
    const offerer = (await names(tx, [row.proposedById])).get(row.proposedById) ?? ''
    const others = otherSides(game, offerSide)
    if (decision === 'withdraw') {
      await tx.correctionProposal.update({ where: { id: row.id }, data: { status: 'withdrawn', decidedAt: now } })
      await tx.outbox.createMany({
        data: [drawNotice(game, row, offerer, 'withdrawn', [...others.values()].flat())],
        skipDuplicates: true,
      })
      return { lapsed: false as const }
    }
    const answers = answersOf(row)
    const side = answering!.side
    if (answers[side] !== undefined)
      throw new Conflict(`your side (${side}) answered this offer already: ${answers[side]}`)
    answers[side] = decision
    if (decision === 'decline') {
      await tx.correctionProposal.update({
        where: { id: row.id },
        data: { status: 'declined', answers, decidedAt: now },
      })
      await tx.outbox.createMany({
        data: [drawNotice(game, row, offerer, 'declined', playersOf(game, offerSide))],
        skipDuplicates: true,
      })
      return { lapsed: false as const }
    }
    if ([...others.keys()].some((s) => answers[s] !== 'accept')) {
      await tx.correctionProposal.update({ where: { id: row.id }, data: { answers } })
      return { lapsed: false as const }
    }
    // Every other side accepted: the game ends as a draw now, in this transaction.
    const applied = await applyAgreedDraw(
      tx,
      game,
      { offer: row.id, offeredById: row.proposedById, offererName: offerer, atSeq: row.atSeq },
      now,
    )
    committed = applied.committed
    await tx.correctionProposal.update({
      where: { id: row.id },
      data: { status: 'accepted', answers, decidedAt: now, correctionSeq: applied.seq },
    })
    return { lapsed: false as const }
  }, TX_OPTIONS)
  committed?.()
  if (result.lapsed) throw new Conflict('the game has moved since this draw was offered: the offer has lapsed')
  const game = (await gameMetaRow(db, gameId))!
  const row = (await db.correctionProposal.findUniqueOrThrow({ where: { id: offerId } })) as Row
  return viewOf(db, game, row)
}
