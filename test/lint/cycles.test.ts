// No import cycles in src/: not between layers (eslint-plugin-boundaries keeps them pointing one way),
// and not between the files of one layer either. Type-only imports count: a cycle of types is still
// two modules that cannot be understood one without the other.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return path.endsWith('generated') ? [] : sources(path)
    return e.name.endsWith('.ts') ? [path] : []
  })
}

/** Each file's relative imports (and re-exports), as paths from the repository root. */
function importGraph(files: string[]): Map<string, string[]> {
  const pattern = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      const targets = [...text.matchAll(pattern)].map((m) =>
        normalize(join(dirname(file), m[1] ?? m[2]!)).replace(/\.js$/, '.ts'),
      )
      return [file, targets.filter((t) => files.includes(t))]
    }),
  )
}

/** Every cycle found by a depth-first walk, each as the files around it. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const found: string[][] = []
  const walk = (file: string, path: string[]) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) walk(next, path)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) walk(file, [])
  return found
}

describe('imports', () => {
  it('the walk finds a cycle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']])
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  it('src/ has no import cycle', () => {
    const graph = importGraph(sources('src'))
    expect(graph.size).toBeGreaterThan(100)
    expect(cycles(graph).map((c) => c.map((f) => relative('src', f)).join(' -> '))).toEqual([])
  })
})
