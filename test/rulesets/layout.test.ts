// A rule system is one folder: outside src/rulesets/<id>/, no file of src/ names the system (its id or
// its title, in any case) or imports from its folder, except the registry, src/rulesets/index.ts, that
// lists it. A generic layer that learns a system's name fails here.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ruleSystems, type RuleSystem } from '../../src/rulesets/index.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const REGISTRY = 'src/rulesets/index.ts'

interface SourceFile {
  abs: string
  /** From the repository root, with forward slashes. */
  path: string
  text: string
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  )
}

function sourceFile(abs: string, text = readFileSync(abs, 'utf8')): SourceFile {
  return { abs, path: relative(ROOT, abs).split(sep).join('/'), text }
}

/** Module specifiers of static and dynamic imports and re-exports. */
function specifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!)
}

/** Letters and digits only, lower case: "A-Bao-A-Qu", "A Bao A Qu" and "ABaoAQu" read alike. */
const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The lines outside the system's folder that name it, but the registry's import and list. */
function namings(files: SourceFile[], system: Pick<RuleSystem, 'id' | 'title'>): string[] {
  const folder = `src/rulesets/${system.id}/`
  const id = system.id.toLowerCase()
  const title = squeeze(system.title)
  // A title too short to be told from ordinary words is matched as written (any case).
  const namesTitle = (line: string) =>
    title.length >= 5 ? squeeze(line).includes(title) : line.toLowerCase().includes(system.title.toLowerCase())
  const registryLine = (line: string) =>
    line === `import { ${system.id} } from './${system.id}/index.js'` ||
    /^const systems: RuleSystem\[\] = \[[\w, ]*\]$/.test(line)
  return files
    .filter((f) => !f.path.startsWith(folder))
    .flatMap((f) =>
      f.text.split('\n').flatMap((raw, i) => {
        const line = raw.trim()
        if (!line.toLowerCase().includes(id) && !namesTitle(line)) return []
        if (f.path === REGISTRY && registryLine(line)) return []
        return [`${f.path}:${i + 1}: ${line}`]
      }),
    )
}

/** Imports into the system's folder from outside it, but the registry's. */
function foreignImports(files: SourceFile[], system: Pick<RuleSystem, 'id'>): string[] {
  const folder = join(ROOT, 'src', 'rulesets', system.id)
  const inside = (abs: string) => abs === folder || abs.startsWith(folder + sep)
  return files
    .filter((f) => !inside(f.abs) && f.path !== REGISTRY)
    .flatMap((f) =>
      specifiers(f.text)
        .filter((spec) => spec.startsWith('.') && inside(resolve(dirname(f.abs), spec)))
        .map((spec) => `${f.path} imports ${spec}`),
    )
}

const files = filesUnder(join(ROOT, 'src')).map((abs) => sourceFile(abs))

describe('every rule system lives in its own folder', () => {
  const systems = ruleSystems()

  it('the registry lists at least one system, each in the folder named by its id', () => {
    expect(systems.length).toBeGreaterThan(0)
    for (const s of systems) {
      expect(s.id).toMatch(/^[a-z][a-z0-9]*$/)
      expect(
        files.some((f) => f.path === `src/rulesets/${s.id}/index.ts`),
        s.id,
      ).toBe(true)
    }
  })

  for (const system of systems) {
    it(`no file of src/ outside src/rulesets/${system.id}/ names ${system.title}, but the registry's import`, () => {
      expect(namings(files, system)).toEqual([])
    })

    it(`only the registry imports from src/rulesets/${system.id}/`, () => {
      expect(foreignImports(files, system)).toEqual([])
    })
  }

  it('finds a generic file that names a system or imports from its folder', () => {
    const system = { id: 'hexrace', title: 'Hex-Race' }
    const generic = sourceFile(
      join(ROOT, 'src', 'games', 'made-up.ts'),
      [
        "import { setup } from '../rulesets/hexrace/engine/index.js'",
        "const other = await import('../rulesets/hexrace/narrate.js')",
        "if (game.ruleset === 'HexRace') setup()",
        '// a HEX RACE game shows no map',
        "import { board } from '../rulesets/hexboard/index.js'",
      ].join('\n'),
    )
    const registry = sourceFile(
      join(ROOT, REGISTRY),
      "import { hexrace } from './hexrace/index.js'\nconst systems: RuleSystem[] = [hexrace]\n",
    )
    const own = sourceFile(join(ROOT, 'src/rulesets/hexrace/index.ts'), "export const hexrace = { id: 'hexrace' }")
    expect(namings([generic, registry, own], system)).toEqual([
      "src/games/made-up.ts:1: import { setup } from '../rulesets/hexrace/engine/index.js'",
      "src/games/made-up.ts:2: const other = await import('../rulesets/hexrace/narrate.js')",
      "src/games/made-up.ts:3: if (game.ruleset === 'HexRace') setup()",
      'src/games/made-up.ts:4: // a HEX RACE game shows no map',
    ])
    expect(foreignImports([generic, registry, own], system)).toEqual([
      'src/games/made-up.ts imports ../rulesets/hexrace/engine/index.js',
      'src/games/made-up.ts imports ../rulesets/hexrace/narrate.js',
    ])
  })
})
