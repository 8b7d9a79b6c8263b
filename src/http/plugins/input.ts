// Checks every request's own values before any route sees them, so no route has to remember:
// - strings (in the body, the path and the query, keys included) hold no NUL and no unpaired UTF-16
//   surrogate (PostgreSQL stores neither, and a lone surrogate is not text in any encoding), and no
//   bidirectional override (it disguises what a reader sees);
// - numbers are finite: the schema validator turns "1e309" in a query string into Infinity, which
//   passes its integer, minimum and maximum checks.
// - no value is nested deeper than MAX_DEPTH levels (hashing and canonical JSON recurse; no order or action
//   of any rule system comes near it).
// Raw bodies (Buffers: emails) are left to the route that reads them.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest } from '../problems.js'

// With the u flag a well-formed pair is one code point, so \p{Cs} matches only an unpaired half.
const LONE_SURROGATE = /\p{Cs}/u

interface Fault {
  field: string
  message: string
}

// Bidirectional embeddings, overrides and isolates reorder what a reader sees: a title or a name could
// show "gnp.exe" as "exe.png" in an email subject. Right-to-left text needs none of them (the marks
// U+200E and U+200F stay allowed).
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u

function textFault(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain NUL (U+0000)'
  if (LONE_SURROGATE.test(s)) return 'must not contain an unpaired surrogate (U+D800 to U+DFFF): send well-formed UTF-8'
  if (BIDI_CONTROL.test(s))
    return (
      'must not contain bidirectional override or isolate characters (U+202A to U+202E, U+2066 to U+2069): ' +
      'they change the order a reader sees'
    )
  return null
}

/** How deep a request's JSON may nest (arrays and objects). */
export const MAX_DEPTH = 64

/** The first string or number at fault in a parsed value; iterative, so deep nesting cannot overflow the stack. */
export function findFault(root: unknown, where: string, check: (v: unknown) => string | null): Fault | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: where, depth: 0 }]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!
    const message = check(value)
    if (message) return { field: path, message }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue
    if (depth >= MAX_DEPTH) return { field: where, message: `is nested more than ${MAX_DEPTH} levels deep` }
    for (const [key, child] of Object.entries(value)) {
      const keyMessage = textFault(key)
      if (keyMessage) return { field: path, message: `has a field name that ${keyMessage}` }
      stack.push({ value: child, path: `${path}/${key}`, depth: depth + 1 })
    }
  }
  return null
}

const badString = (v: unknown) => (typeof v === 'string' ? textFault(v) : null)
const badNumber = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? 'must be a finite number' : null)

function refuse(request: FastifyRequest, check: (v: unknown) => string | null): void {
  const parts: Array<[string, unknown]> = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ]
  for (const [where, value] of parts) {
    const fault = findFault(value, where, check)
    if (fault) throw badRequest(`${fault.field} ${fault.message}`, { errors: [fault] })
  }
}

export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuse(request, badString))
    // After validation: that is where query strings become numbers.
    app.addHook('preHandler', async (request) => refuse(request, badNumber))
  },
  { name: 'input', dependencies: ['errors'] },
)
