// POST /games/:id/orders/preview: validation and odds, no dice, nothing stored.
import type { Db } from '../store/db.js'
import { Conflict, listedErrors, OrdersRefused } from './errors.js'
import { refuse } from './order-messages.js'
import { hiddenFrom, noSuchGame } from './access.js'
import { loadFolded, rulesetOf } from './load.js'
import { gameMetaRow } from '../store/games.js'
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js'
import { localisePreview } from './words.js'
import { pickSeat, readSubmission, submissionErrors } from './orders.js'

export async function previewOrders(
  db: Db,
  gameId: string,
  caller: { userId: string; role: string | null },
  body: { orders?: unknown[]; text?: string; seat?: string; pass?: boolean },
  locale: Locale = DEFAULT_LOCALE,
) {
  const { userId } = caller
  const game = await gameMetaRow(db, gameId)
  if (!game || hiddenFrom(game, caller)) throw noSuchGame(gameId)
  if (game.status !== 'ACTIVE') throw new Conflict('orders are previewed while the game is being played')
  const ruleset = rulesetOf(game)
  const folded = (await loadFolded(db, game))!
  const pendingSeats = ruleset.pending(folded.state).flatMap((p) => p.seats)
  const seat = pickSeat(game.seats, userId, body.seat, pendingSeats)
  // Every error with its line; text that cannot be read is still a 422, with the rule errors of the rest.
  const read = readSubmission(ruleset, folded.state, seat, { gameId, userId, ...body })
  // As an order would be: a seat out of its step hears the server's STEP, whatever the system; the errors
  // listed are capped as a refusal's are.
  const errors = listedErrors(
    pendingSeats.includes(seat) ? submissionErrors(ruleset, folded, seat, read) : [refuse('STEP', 'server.step')],
  )
  if (read.errors.length) throw new OrdersRefused(errors)
  const { orders } = read
  return {
    seq: folded.seq,
    seat,
    valid: errors.length === 0,
    errors,
    orders,
    formatted: ruleset.formatOrders(orders, folded.state),
    odds: ruleset.preview ? localisePreview(game.ruleset, ruleset.preview(folded.state, seat, orders), locale) : [],
  }
}
