// Loads the Handlebars templates once per directory pair, compiles them and caches the result.
// HTML and text get separate Handlebars environments: a partial is compiled with the options of
// whichever template first calls it, so sharing one environment would leak `noEscape` from text
// into HTML. A club's override directory replaces any file it holds; the rest come from the default.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Handlebars from 'handlebars'
import { helpers } from './helpers.js'
import { EMAIL_KINDS, type EmailKind } from './types.js'

type Render = (data: unknown, options?: { data?: Record<string, unknown> }) => string
export type Mode = 'html' | 'text'

export interface TemplateSet {
  subject: Record<EmailKind, Render>
  html: Record<EmailKind, Render>
  text: Record<EmailKind, Render>
}

export interface TemplateDirs {
  /** Defaults to the repository's templates/ directory. */
  templatesDir?: string
  /** A club's customised templates: any file found here wins. */
  overrideDir?: string
}

/** The repository's templates/, found by walking up from this file (works from src/ and dist/). */
export function defaultTemplatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'templates', 'layout.html.hbs'))) return join(dir, 'templates')
    const up = dirname(dir)
    if (up === dir) throw new Error(`templates/layout.html.hbs not found above ${fileURLToPath(import.meta.url)}`)
    dir = up
  }
}

class Source {
  constructor(
    private readonly base: string,
    private readonly override: string | undefined,
  ) {}

  /** The text of `file`, from the override directory when it has it. */
  read(file: string): string {
    const custom = this.override ? join(this.override, file) : null
    const path = custom && existsSync(custom) ? custom : join(this.base, file)
    if (!existsSync(path))
      throw new Error(`email template ${file} not found in ${this.base}${this.override ? ` or ${this.override}` : ''}`)
    return readFileSync(path, 'utf8')
  }

  /** Partial names for `mode`, from both directories. */
  partials(mode: Mode): string[] {
    const names = new Set<string>()
    for (const dir of [this.base, this.override]) {
      const partialDir = dir ? join(dir, 'partials') : null
      if (!partialDir || !existsSync(partialDir)) continue
      for (const f of readdirSync(partialDir))
        if (f.endsWith(`.${mode}.hbs`)) names.add(f.slice(0, -`.${mode}.hbs`.length))
    }
    return [...names].sort()
  }
}

type Env = typeof Handlebars

// Handlebars compiles lazily; parsing now reports a syntax error with its file at load time.
function compileFile(env: Env, source: Source, file: string, mode: Mode): Render {
  const text = source.read(file)
  try {
    env.parse(text)
  } catch (e) {
    throw new Error(`email template ${file}: ${(e as Error).message}`)
  }
  return env.compile(text, { strict: true, noEscape: mode === 'text' })
}

function environment(source: Source, mode: Mode): Env {
  const env = Handlebars.create()
  for (const [name, fn] of Object.entries(helpers(mode))) env.registerHelper(name, fn)
  // Partials are compiled here, with this environment's options, not lazily by their first caller.
  for (const name of source.partials(mode))
    env.registerPartial(name, compileFile(env, source, join('partials', `${name}.${mode}.hbs`), mode))
  env.registerPartial('layout', compileFile(env, source, `layout.${mode}.hbs`, mode))
  return env
}

function compileSet(source: Source): TemplateSet {
  const html = environment(source, 'html')
  const text = environment(source, 'text')
  const each = (env: Env, suffix: string, mode: Mode) =>
    Object.fromEntries(
      EMAIL_KINDS.map((kind) => [kind, compileFile(env, source, `${kind}.${suffix}.hbs`, mode)]),
    ) as Record<EmailKind, Render>
  return { subject: each(text, 'subject', 'text'), html: each(html, 'html', 'html'), text: each(text, 'text', 'text') }
}

const cache = new Map<string, TemplateSet>()
let defaultDir: string | null = null

/** The compiled templates for these directories, read and compiled on first use. */
export function loadTemplates(dirs: TemplateDirs = {}): TemplateSet {
  const base = dirs.templatesDir ?? (defaultDir ??= defaultTemplatesDir())
  const key = `${base}\u0000${dirs.overrideDir ?? ''}`
  let set = cache.get(key)
  if (!set) {
    set = compileSet(new Source(base, dirs.overrideDir))
    cache.set(key, set)
  }
  return set
}

/** Forgets compiled templates (after a club edits its overrides, and in tests). */
export function clearTemplateCache(): void {
  cache.clear()
}
