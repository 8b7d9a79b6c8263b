// What the built-in mail catcher kept (src/notify/mailer.ts, development without SMTP_URL): one page of
// the list, newest first, and one message as sent.
import { simpleParser, type ParsedMail } from 'mailparser'
import { NotFound } from '../games/errors.js'
import type { Db } from '../store/db.js'

export interface CaughtFilter {
  /** Part of the recipient's address, any case. */
  to?: string
  kind?: string
  position?: number
}

/** One page of the list, newest first, without the messages themselves (they hold the maps). */
export function caughtMailPage(db: Db, filter: CaughtFilter, before: string | undefined, limit: number) {
  return db.caughtMail.findMany({
    where: {
      ...(filter.to ? { toAddress: { contains: filter.to, mode: 'insensitive' as const } } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(filter.position !== undefined ? { position: filter.position } : {}),
      ...(before ? { id: { lt: BigInt(before) } } : {}),
    },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, toAddress: true, subject: true, createdAt: true, kind: true, position: true, replyTo: true },
  })
}

/** One caught message: as sent (RFC 822) and parsed, with its inline parts' content ids kept. */
export async function caughtMail(db: Db, id: string): Promise<{ parsed: ParsedMail; raw: Buffer; createdAt: Date }> {
  const row = await db.caughtMail.findUnique({ where: { id: BigInt(id) } })
  if (!row) throw new NotFound(`no caught mail ${id}`)
  const raw = Buffer.from(row.raw)
  return { parsed: await simpleParser(raw, { keepCidLinks: true }), raw, createdAt: row.createdAt }
}
