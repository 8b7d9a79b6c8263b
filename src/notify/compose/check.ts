// Checks an email's data before rendering, so a missing or malformed field fails loudly with its
// path instead of rendering an empty deadline or a dead link. Each kind's spec must name every
// field of its type (the mapped type below makes the compiler check that).
import { DateTime, IANAZone } from 'luxon'

// Checking a zone builds an Intl formatter: remember the answers (there are a few hundred zones).
const zones = new Map<string, boolean>()
function validZone(zone: string): boolean {
  let ok = zones.get(zone)
  if (ok === undefined) {
    ok = IANAZone.isValidZone(zone)
    if (zones.size < 1000) zones.set(zone, ok)
  }
  return ok
}
import type {
  Deadline,
  EmailDataByKind,
  EmailKind,
  GameRef,
  Links,
  NextUp,
  OptionLines,
  Recipient,
  ReplyHow,
  StepRef,
} from './types.js'

type Scalar = 'text' | 'anyText' | 'url' | 'email' | 'instant' | 'zone' | 'count' | 'lines' | 'sha256' | 'cid'
/** A scalar, optionally absent ("?") or null ("|null"); or a nested object. */
type Rule = Scalar | `${Scalar}?` | `${Scalar}|null` | Group
interface Group {
  fields: Record<string, Rule>
  optional?: boolean
  nullable?: boolean
}
type Spec<T> = { [K in keyof T]-?: Rule }

export class EmailDataError extends Error {
  constructor(
    readonly kind: string,
    readonly problems: string[],
  ) {
    super(`${kind} email: ${problems.join('; ')}`)
    this.name = 'EmailDataError'
  }
}

const recipient: Spec<Recipient> = { name: 'text', email: 'email', timeZone: 'zone' }
const game: Spec<GameRef> = {
  id: 'text',
  title: 'text',
  url: 'url',
  ruleset: 'text',
  scenario: 'text',
  receipt: 'text?',
  receiptUrl: 'url?',
}
const links: Spec<Links> = { unsubscribeUrl: 'url', preferencesUrl: 'url' }
const step: Spec<StepRef> = { title: 'text', description: 'text', turn: 'count', half: 'count?' }
const deadline: Spec<Deadline> = { at: 'instant', ifMissed: 'text', delayedBy: 'text?', originalAt: 'instant?' }
const options: Spec<OptionLines> = { lines: 'lines', omitted: 'count', url: 'url' }
const reply: Spec<ReplyHow> = { replyAddress: 'email', orderExamples: 'lines', notationUrl: 'url?' }
const next: Spec<NextUp> = { side: 'text', step: { fields: step }, deadline: 'instant' }
const map = { mapCid: 'cid?', mapUrl: 'url?', mapNote: 'text?' } as const

const SPECS: { [K in EmailKind]: Spec<EmailDataByKind[K]> } = {
  'your-phase': {
    ...links,
    ...reply,
    recipient: { fields: recipient },
    game: { fields: game },
    side: 'text',
    seat: 'text',
    step: { fields: step },
    deadline: { fields: deadline },
    happened: 'lines',
    options: { fields: options },
    enemiesNear: { fields: { lines: 'lines', omitted: 'count' } },
    ...map,
  },
  reminder: {
    ...links,
    ...reply,
    recipient: { fields: recipient },
    game: { fields: game },
    side: 'text',
    seat: 'text',
    step: { fields: step },
    deadline: { fields: deadline },
    hoursLeft: 'count',
  },
  'phase-resolved': {
    ...links,
    recipient: { fields: recipient },
    game: { fields: game },
    step: { fields: step },
    side: 'text',
    happened: 'lines',
    next: { fields: next, nullable: true },
    ...map,
  },
  'game-over': {
    ...links,
    recipient: { fields: recipient },
    game: { fields: game },
    winner: 'text|null',
    reason: 'text',
    yourSide: 'text?',
    turn: 'count',
    happened: 'lines',
    seed: 'sha256',
    seedCommitment: 'sha256',
    verifyUrl: 'url',
    ...map,
  },
  invite: {
    ...links,
    recipient: { fields: recipient },
    from: 'text',
    game: { fields: game },
    side: 'text?',
    message: 'anyText?',
    acceptUrl: 'url',
    expiresAt: 'instant?',
    phaseHours: 'count',
  },
  'verify-email': { recipient: { fields: recipient }, verifyUrl: 'url', token: 'text', expiresAt: 'instant' },
  moderation: {
    ...links,
    recipient: { fields: recipient },
    game: { fields: game },
    moderator: 'text',
    action: 'text',
    reason: 'text',
    changes: 'lines',
    at: 'instant',
    entry: 'count',
    logUrl: 'url',
  },
  'deadline-notice': {
    ...links,
    recipient: { fields: recipient },
    game: { fields: game },
    headline: 'text',
    lines: 'lines',
  },
}

// An instant must carry its offset: a bare local time would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

function scalarProblem(type: Scalar, value: unknown): string | null {
  switch (type) {
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? null : 'is not a non-empty string'
    case 'anyText':
      return typeof value === 'string' ? null : 'is not a string'
    case 'url':
      return isWebUrl(value) ? null : 'is not an http(s) URL'
    case 'email':
      return typeof value === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(value) ? null : 'is not an email address'
    case 'instant':
      return typeof value === 'string' && INSTANT.test(value) && DateTime.fromISO(value).isValid
        ? null
        : 'is not an ISO instant with an offset'
    case 'zone':
      return typeof value === 'string' && validZone(value) ? null : 'is not an IANA time zone'
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0 ? null : 'is not a whole number ≥ 0'
    case 'lines':
      return Array.isArray(value) && value.every((l) => typeof l === 'string') ? null : 'is not a list of strings'
    case 'sha256':
      return typeof value === 'string' && /^[0-9a-f]{64}$/i.test(value) ? null : 'is not 64 hex digits'
    case 'cid':
      return typeof value === 'string' && /^[^\s<>"]+$/.test(value) ? null : 'is not a content id'
  }
}

function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function parseRule(rule: Exclude<Rule, Group>): { type: Scalar; optional: boolean; nullable: boolean } {
  if (rule.endsWith('?')) return { type: rule.slice(0, -1) as Scalar, optional: true, nullable: false }
  if (rule.endsWith('|null')) return { type: rule.slice(0, -5) as Scalar, optional: false, nullable: true }
  return { type: rule as Scalar, optional: false, nullable: false }
}

/**
 * Checks `value` against `spec` and returns a copy in which every absent optional field is null,
 * so that templates compiled in strict mode can test it with {{#if}}.
 */
function walk(spec: Record<string, Rule>, value: unknown, path: string, problems: string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${path || 'the data'} is not an object`)
    return {}
  }
  const source = value as Record<string, unknown>
  const out: Record<string, unknown> = { ...source }
  for (const [key, rule] of Object.entries(spec)) {
    const at = path ? `${path}.${key}` : key
    const v = source[key]
    const parsed =
      typeof rule === 'object'
        ? { group: rule, optional: rule.optional === true, nullable: rule.nullable === true }
        : { group: null, ...parseRule(rule) }
    if (v === undefined || v === null) {
      if ((v === undefined && parsed.optional) || (v === null && (parsed.nullable || parsed.optional))) out[key] = null
      else problems.push(v === undefined ? `${at} is missing` : `${at} is null`)
      continue
    }
    if (parsed.group) {
      out[key] = walk(parsed.group.fields, v, at, problems)
      continue
    }
    const problem = 'type' in parsed ? scalarProblem(parsed.type, v) : null
    if (problem) problems.push(`${at} ${problem}`)
  }
  return out
}

/** The data, checked and with absent optional fields set to null; throws EmailDataError. */
export function checkEmailData<K extends EmailKind>(kind: K, data: EmailDataByKind[K]): Record<string, unknown> {
  const spec = SPECS[kind] as Record<string, Rule> | undefined
  if (!spec)
    throw new EmailDataError(String(kind), [`unknown email kind (expected one of ${Object.keys(SPECS).join(', ')})`])
  const problems: string[] = []
  const out = walk(spec, data, '', problems)
  if (problems.length) throw new EmailDataError(kind, problems)
  return out
}
