// A draw offer (src/games/draws.ts): the other sides' players are asked to answer it; the offerer's side
// hears that it was declined, the offerer that it lapsed, the others that it was withdrawn. An accepted
// offer is told by the game-over email ("a draw").
import type { OutboxPayload } from '../../store/outbox.js'
import { composeEmail } from '../compose/index.js'
import { addressed, type Composer } from './core.js'
import { gameData } from './game.js'

export const drawOffer: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'draw-offer'>
  const g = await gameData(env.ctx, n.gameId!, p.seq)
  const base = `${env.ctx.publicUrl}/games/${g.game.id}/draw-offers`
  const composed = composeEmail('draw-offer', {
    ...addressed(env, g.ref),
    event: p.event,
    offerer: p.offerer,
    side: g.sideNames.get(p.side) ?? p.side,
    note: p.note ? p.note.split('\n') : [],
    atSeq: p.seq,
    acceptUrl: `${base}/${p.offer}/accept`,
    declineUrl: `${base}/${p.offer}/decline`,
    offersUrl: base,
  })
  return { composed }
}
