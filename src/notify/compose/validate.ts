// Checks an email's data against its kind's TypeBox schema (types.ts) before rendering, so a missing
// or malformed field fails loudly, naming the kind and the field, instead of rendering an empty
// deadline or a dead link.
import { Kind, type TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value'
import { EMAIL_KINDS, EMAIL_SCHEMAS, type EmailDataByKind, type EmailKind } from './types.js'

export class EmailDataError extends Error {
  constructor(
    readonly kind: string,
    readonly problems: string[],
  ) {
    super(`${kind} email: ${problems.join('; ')}`)
    this.name = 'EmailDataError'
  }
}

/** "recipient.timeZone" for the pointer "/recipient/timeZone"; an item of a list is named by its list. */
function fieldOf(path: string): string {
  const names = path
    .split('/')
    .slice(1)
    .filter((p) => !/^\d+$/.test(p))
  return names.join('.') || 'the data'
}

const given = (value: unknown) => value !== undefined && value !== null

/** A failed "T or null" holding a value: the errors of T (a nullable group's own fields, say). */
function causes(errors: Iterable<ValueError>): ValueError[] {
  return [...errors].flatMap((e) => {
    if (e.type !== ValueErrorType.Union || !given(e.value)) return [e]
    const inner = e.errors.map((variant) => [...variant]).find((list) => list.some((x) => x.schema[Kind] !== 'Null'))
    return inner?.length ? causes(inner) : [e]
  })
}

function problem(e: ValueError): string {
  const item = /\/\d+$/.test(e.path)
  if (!item && e.value === undefined) return 'is missing'
  if (!item && e.value === null) return 'is null'
  return String(e.schema.problem ?? e.message)
}

/** One problem per field (the first found), absent fields first, then the rest in the schema's order. */
function problemsOf(schema: TSchema, data: unknown): string[] {
  const byField = new Map<string, string>()
  for (const e of causes(Value.Errors(schema, data))) {
    const field = fieldOf(e.path)
    if (!byField.has(field)) byField.set(field, `${field} ${problem(e)}`)
  }
  return [...byField.values()]
}

// Each kind's schema compiled to a function once (the same answers as Value.Check, several times faster:
// every email is checked); the problems of a failed check are still found by Value.Errors.
const checkers = new Map<string, TypeCheck<TSchema>>()
function checkerOf(kind: string, schema: TSchema): TypeCheck<TSchema> {
  let checker = checkers.get(kind)
  if (checker === undefined) checkers.set(kind, (checker = TypeCompiler.Compile(schema)))
  return checker
}

/**
 * The data, checked and copied with absent optional fields set to null (for strict templates); throws
 * EmailDataError.
 */
export function checkEmailData<K extends EmailKind>(kind: K, data: EmailDataByKind[K]): Record<string, unknown> {
  if (!Object.hasOwn(EMAIL_SCHEMAS, kind))
    throw new EmailDataError(String(kind), [`unknown email kind (expected one of ${EMAIL_KINDS.join(', ')})`])
  const schema: TSchema = EMAIL_SCHEMAS[kind]
  if (!checkerOf(kind, schema).Check(data)) throw new EmailDataError(kind, problemsOf(schema, data))
  return Value.Default(schema, Value.Clone(data)) as Record<string, unknown>
}
