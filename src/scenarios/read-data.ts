// Reading a data file: YAML parsing, JSON Schema validation (scenarios/schema/*.schema.json), and the
// ScenarioError that points at the field a problem is in. Every rule system's scenario loader uses it;
// each names its own schemas.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { parseDocument } from 'yaml'

/** A data file that cannot be used: `path` is a JSON pointer into the file, "" for the file as a whole. */
export class ScenarioError extends Error {
  readonly file: string
  readonly path: string
  readonly problem: string

  constructor(file: string, path: string, problem: string) {
    super(`${file}: ${path}: ${problem}`)
    this.name = 'ScenarioError'
    this.file = file
    this.path = path
    this.problem = problem
  }
}

let ajv: Ajv | undefined
const validators = new Map<string, ValidateFunction>()

function validator(name: string): ValidateFunction {
  let validate = validators.get(name)
  if (!validate) {
    ajv ??= new Ajv({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true })
    const path = isAbsolute(name) ? name : join(repoRoot(), 'scenarios', 'schema', name)
    const schema: unknown = JSON.parse(readFileSync(path, 'utf8'))
    validate = ajv.compile(schema as object)
    validators.set(name, validate)
  }
  return validate
}

/** A YAML file, checked against `schema`: a JSON Schema file, named in scenarios/schema/ or by its absolute path. */
export function readData<T>(file: string, schema: string): T {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new ScenarioError(file, '', `cannot read the file (${(e as Error).message})`)
  }
  const doc = parseDocument(text, { uniqueKeys: true })
  const [error] = doc.errors
  if (error) {
    const pos = error.linePos?.[0]
    const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')
    const where = pos ? ` at line ${pos.line}, column ${pos.col}` : ''
    throw new ScenarioError(file, '', `YAML syntax error${where}: ${message}`)
  }
  const data: unknown = doc.toJS()
  const validate = validator(schema)
  if (!validate(data)) throw schemaError(file, validate.errors ?? [])
  return data as T
}

const COMBINATORS = new Set(['oneOf', 'anyOf', 'allOf', 'if', 'not'])

/** The most specific schema error: the deepest pointer, with every complaint about that field. */
function schemaError(file: string, errors: ErrorObject[]): ScenarioError {
  const specific = errors.filter((e) => !COMBINATORS.has(e.keyword))
  const pointed = (specific.length > 0 ? specific : errors).map((e) => ({ e, path: pointerOf(e) }))
  const depth = (p: string) => (p === '' ? 0 : p.split('/').length)
  const first = pointed[0]
  if (!first) return new ScenarioError(file, '', 'does not match its schema')
  const deepest = pointed.reduce((best, x) => (depth(x.path) > depth(best.path) ? x : best), first)
  const here = pointed.filter((x) => x.path === deepest.path).map((x) => x.e)
  return new ScenarioError(file, deepest.path, describe(here))
}

function pointerOf(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>
  let path = e.instancePath
  if (e.propertyName !== undefined) path += `/${escapePointer(e.propertyName)}`
  if (e.keyword === 'additionalProperties') path += `/${escapePointer(String(params.additionalProperty))}`
  if (e.keyword === 'required') path += `/${escapePointer(String(params.missingProperty))}`
  return path
}

/** Errors about one field; several come from the branches of a oneOf (a value or an {option, values}). */
function describe(errors: ErrorObject[]): string {
  const parts: string[] = []
  for (const e of errors) {
    const params = e.params as Record<string, unknown>
    if (e.keyword === 'type' || e.keyword === 'propertyNames') continue
    if (e.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')
      parts.push(`${JSON.stringify(e.data)} is not one of ${allowed}`)
    } else if (e.keyword === 'required') parts.push('missing (required)')
    else if (e.keyword !== 'additionalProperties') parts.push(e.message ?? e.keyword)
  }
  const types = errors.filter((e) => e.keyword === 'type')
  if (types.length > 0) {
    const wanted = types.flatMap((e) => [(e.params as { type: string | string[] }).type].flat())
    parts.push(`must be ${[...new Set(wanted)].join(' or ')}, not ${JSON.stringify(types[0]?.data)}`)
  }
  // A field another branch does not know is only news when nothing else is wrong with it.
  if (parts.length === 0 && errors.some((e) => e.keyword === 'additionalProperties')) parts.push('unknown field')
  return [...new Set(parts)].join('; ') || 'does not match its schema'
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function fail(file: string, path: string, problem: string): never {
  throw new ScenarioError(file, path, problem)
}

export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'scenarios', 'schema')) && existsSync(join(dir, 'package.json'))) return dir
    const up = dirname(dir)
    if (up === dir) throw new Error(`scenarios/schema not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}
