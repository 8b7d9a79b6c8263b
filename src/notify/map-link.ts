// The link an email gives to the whole map of the position it was made at, as its reader's seat
// saw it. A mail client opens links without the reader's login, so the link carries a key: an
// HMAC (MAIL_SECRET) over the game, the position and the seat. It opens that one picture, which
// the reader already holds a crop of, and nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto'

function mapKey(secret: string, gameId: string, seq: number, seat: string): string {
  return createHmac('sha256', secret).update(`map|${gameId}|${seq}|${seat}`).digest('base64url').slice(0, 32)
}

export function mapLink(publicUrl: string, secret: string, gameId: string, seq: number, seat: string): string {
  const key = mapKey(secret, gameId, seq, seat)
  return `${publicUrl}/games/${gameId}/map.png?at=${seq}&seat=${encodeURIComponent(seat)}&key=${key}`
}

export function isMapKey(secret: string, gameId: string, seq: number, seat: string, key: string): boolean {
  const want = Buffer.from(mapKey(secret, gameId, seq, seat))
  const got = Buffer.from(key)
  return want.length === got.length && timingSafeEqual(want, got)
}
