// Helpers of the Real Battle play-by-email test (play-by-email.test.ts): accounts with a chosen name and
// locale, the emails a player receives, replies to them, and legal orders read from a seat's /options.
import MailComposer from 'nodemailer/lib/mail-composer'
import type { FastifyInstance } from 'fastify'
import type { AtOptions, RbSeatOptions } from '../../../src/rulesets/realbattle/engine/types.js'
import { as, type User } from '../../http/helpers.js'
import type { Received } from '../../support/smtp.js'

let counter = 0

/** An account named `name` (any script), its email ASCII; `locale` set in its preferences. */
export async function registerAs(
  app: FastifyInstance,
  name: string,
  login: string,
  locale: 'en' | 'ja' = 'en',
): Promise<User> {
  counter++
  const email = `${login}.${process.pid}.${counter}@example.org`
  const res = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, name, password: 'correct horse battery' },
  })
  if (res.statusCode !== 201) throw new Error(`register ${name}: ${res.statusCode} ${res.body}`)
  const body = res.json()
  const user = { id: body.user.id as string, token: body.accessToken as string, email, name }
  const prefs = await app.inject({
    method: 'PATCH',
    url: '/me/preferences',
    headers: as(user),
    payload: { locale, notifyEveryPhase: true, ...(locale === 'ja' ? { timeZone: 'Asia/Tokyo' } : {}) },
  })
  if (prefs.statusCode !== 200) throw new Error(`preferences of ${name}: ${prefs.statusCode} ${prefs.body}`)
  return user
}

export const position = (m: Received): number => Number(m.parsed.headers.get('x-hexmail-position'))
export const flat = (text: string): string => text.replace(/\s+/g, ' ')
export const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A reply to a game email, as a mail client writes it: the orders above the signature. */
export function replyTo(from: string, to: Received, text: string, messageId: string): Promise<Buffer> {
  return new MailComposer({
    from,
    to: String(to.parsed.replyTo?.value[0]?.address),
    subject: `Re: ${to.parsed.subject}`,
    text: `${text}\n\n-- \nsent from my phone`,
    messageId,
    inReplyTo: to.parsed.messageId,
  })
    .compile()
    .build()
}

export type JsonOrder = Record<string, unknown>

const FACING = ['N', 'NE', 'SE', 'S', 'SW', 'NW']
const hex = (h: readonly number[]) => `${String(h[0]).padStart(2, '0')}${String(h[1]).padStart(2, '0')}`

/** The steps of a program as the text notation writes them. */
export function stepText(s: Record<string, unknown>): string {
  switch (s.op) {
    case 'T':
    case 'O':
    case 'P':
      return `${String(s.op)}${String(s.n)}${String(s.side)}`
    case 'S':
      return `S${String(s.side)}${String(s.deg)}`
    case 'MAG':
    case 'PURGE':
    case 'RELOAD':
      return `${String(s.op)} ${String(s.weapon)}`
    default:
      return String(s.op)
  }
}

/** Orders in the text notation (docs/orders-realbattle.md). */
export function asText(orders: JsonOrder[]): string {
  if (orders.length === 0) return 'pass'
  return orders
    .map((o) => {
      const at = String(o.at)
      switch (o.kind) {
        case 'deploy':
          return `${at} deploy ${hex(o.hex as number[])} ${FACING[o.facing as number]}`
        case 'plan':
          return `${at} plan ${String(o.acc)} ${String(o.dec)} ${String(o.atk)} ${String(o.def)}`
        case 'speed':
          return `${at} speed ${String(o.speed)}`
        case 'program':
          return `${at} ${(o.steps as Array<Record<string, unknown>>).map(stepText).join(' ')}`
        case 'attack':
          if (o.arm) return `${at} melee ${String(o.target)} ${String(o.arm)}`
          if (o.volley) return `${at} volley ${String(o.target)}`
          return `${at} fire ${String(o.target)} ${String(o.weapon)}${o.missiles ? ` x${String(o.missiles)}` : ''}`
        default:
          throw new Error(`no text for ${String(o.kind)}`)
      }
    })
    .join('\n')
}

/**
 * A legal plan within the AT's limits: accel 2 (to close in), attack 2, defence 0, leaving action PP for a
 * turn pattern; lowered while it goes past the base PP.
 */
export function planFor(at: string, p: NonNullable<AtOptions['plan']>): JsonOrder {
  const pick = (values: number[], want: number) => (values.includes(want) ? want : Math.min(...values))
  const plan = { acc: pick(p.acc, 2), dec: 0, atk: pick(p.atk, 2), def: pick(p.def, 0) }
  while (plan.acc + plan.dec + plan.atk + plan.def > p.maxTotal) {
    if (plan.def > 0) plan.def = Math.max(...p.def.filter((v) => v < plan.def))
    else if (plan.atk > 0) plan.atk = Math.max(...p.atk.filter((v) => v < plan.atk))
    else plan.acc = 0
  }
  return { kind: 'plan', at, ...plan }
}

/** A plan over the pilot's base PP with legal values (RB-21.3.3 refuses it, RB-21.3.2 does not). */
export function planOver(at: string, p: NonNullable<AtOptions['plan']>): JsonOrder {
  const acc = Math.max(...p.acc)
  const atk = Math.max(...p.atk)
  const def = Math.max(...p.def)
  if (acc + atk + def <= p.maxTotal) throw new Error(`no plan over ${p.maxTotal} PP for ${at}`)
  return { kind: 'plan', at, acc, dec: 0, atk, def }
}

/** Deployment: the `nth` hex of the camp's end, facing up the map in its upper half, down in the lower. */
export function deployFor(at: string, d: NonNullable<AtOptions['deploy']>, nth: number): JsonOrder {
  const hex = d.hexes[nth % d.hexes.length]!
  return { kind: 'deploy', at, hex, facing: hex[1] <= 6 ? d.facings[0] : d.facings[1] }
}

/**
 * The fastest speed offered, and programs to try, the first legal one wins: a zig-zag across the map (a turn
 * from NE to SE or NW to SW, and back), else straight ahead.
 */
export function actionCandidates(
  a: NonNullable<AtOptions['action']>,
  facing: number,
): { speed: number; programs: string[][] } {
  const speed = Math.max(...a.speedChoices)
  const n = Math.abs(speed)
  const straight = Array.from({ length: n }, () => (speed > 0 ? 'F' : 'B'))
  const first = facing === 1 || facing === 4 ? ['T1R', 'T1L'] : ['T1L', 'T1R']
  const turns = [...first, 'O1R', 'O1L'].filter((t) =>
    a.patterns.some((p) => p.step === t.slice(0, 2) && p.pp <= a.actionPp),
  )
  const programs = n >= 1 ? turns.map((t) => [...straight.slice(1), t]) : []
  programs.push(straight)
  return { speed, programs }
}

export function parseStep(text: string): Record<string, unknown> {
  const m = /^([TOP])([123])([LR])$/.exec(text)
  if (m) return { op: m[1], n: Number(m[2]), side: m[3] }
  return { op: text }
}

/** The first attack offered to each AT that has any (one attack an AT, RB-12.2). */
export function attacksFrom(options: RbSeatOptions): JsonOrder[] {
  return options.ats.flatMap((a) => {
    const first = a.attacks?.[0]
    if (!first) return []
    return [
      {
        kind: 'attack',
        at: a.at,
        target: first.target,
        ...(first.weapon ? { weapon: first.weapon } : {}),
        ...(first.arm ? { arm: first.arm } : {}),
        ...(first.volley ? { volley: true } : {}),
        ...(first.missilesMax ? { missiles: 1 } : {}),
      },
    ]
  })
}
