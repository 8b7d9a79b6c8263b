// An invitation to a game, to a player or to an address with no account yet (which gets the
// preferences page in place of an unsubscribe link, and is greeted by its local part).
import { DEFAULT_LOCALE, translate } from '../../i18n/index.js'
import { EMAIL_NS } from '../compose/helpers.js'
import { composeEmail } from '../compose/index.js'
import type { Composer, NotificationRow } from './core.js'
import { gameData, type GameData } from './game.js'

/** The side offered, by name, when the invitation names a seat. */
function offeredSide(g: GameData, payload: Record<string, unknown>): { side?: string } {
  const side = typeof payload.seat === 'string' ? g.seatSide.get(payload.seat) : undefined
  return side ? { side: g.sideNames.get(side) ?? side } : {}
}

function note(n: NotificationRow): { message?: string } {
  return typeof n.payload.message === 'string' && n.payload.message ? { message: n.payload.message } : {}
}

export const invite: Composer = async (env, n) => {
  const g = await gameData(env.ctx, n.gameId!, n.seq)
  const { inviteCode } = await env.ctx.db.game.findUniqueOrThrow({
    where: { id: g.game.id },
    select: { inviteCode: true },
  })
  const name = n.userId ? env.recipient.name : n.toAddress.split('@')[0]!
  const composed = composeEmail('invite', {
    ...env.links,
    ...(n.userId ? {} : { unsubscribeUrl: env.links.preferencesUrl }),
    recipient: { ...env.recipient, name },
    from: String(n.payload.from ?? translate(env.recipient.locale ?? DEFAULT_LOCALE, EMAIL_NS, 'invite.aPlayer')),
    game: g.ref,
    ...offeredSide(g, n.payload),
    ...note(n),
    // Never signed: the invitee may have no account, and the invitation may be passed on.
    acceptUrl: `${env.ctx.publicUrl}/g/${g.game.id}?invite=${encodeURIComponent(inviteCode)}`,
    phaseHours: g.game.phaseHours,
  })
  return { composed }
}
