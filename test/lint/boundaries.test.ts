// The layers of src/ point one way, and `npm run lint` fails the import that does not: each snippet is
// linted as if it were a file at that path, with the project's own ESLint configuration. The snippets
// are not on disk, so the type-aware parser is told to give them a project of their own (with the
// compiler options of tsconfig.json); nothing else is changed.
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
let eslint: ESLint

/** Where the snippets pretend to be: no file of the tree has these names. */
const SNIPPETS = ['src/*/x.ts', 'src/*/*/x.ts', 'src/*/*/*/x.ts', 'src/helpers.ts']

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: SNIPPETS,
      languageOptions: {
        parserOptions: {
          projectService: {
            allowDefaultProject: SNIPPETS,
            defaultProject: 'tsconfig.json',
            // Each snippet is one more file in that project.
            maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 100,
          },
          tsconfigRootDir: root,
        },
      },
    },
  })
})

/** The rules a snippet at `path` breaks, with their messages. */
async function broken(path: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) })
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }))
}

/** A module that imports `name` from `source` and uses it (`type `: a type-only import). */
const importing = (source: string, name: string) => {
  const type = name.startsWith('type ')
  const bare = name.replace(/^type /, '')
  const imported = `import ${type ? 'type ' : ''}{ ${bare} } from '${source}'\n`
  return `${imported}export type Used = ${type ? bare : `typeof ${bare}`}\n`
}

describe('layers', () => {
  it.each([
    ['src/engine/x.ts', '../store/db.js', 'createDb', 'engine', 'store'],
    ['src/engine/x.ts', '../store/db.js', 'type Db', 'engine', 'store'],
    ['src/engine/x.ts', '../games/orders.js', 'submitOrders', 'engine', 'games'],
    ['src/rulesets/abaoaqu/engine/x.ts', '../../../games/orders.js', 'submitOrders', 'ruleset-engine', 'games'],
    ['src/rulesets/abaoaqu/engine/x.ts', '../../../store/db.js', 'createDb', 'ruleset-engine', 'store'],
    ['src/rulesets/abaoaqu/x.ts', '../../games/orders.js', 'submitOrders', 'ruleset', 'games'],
    ['src/rulesets/abaoaqu/x.ts', '../../notify/mailer.js', 'createMailer', 'ruleset', 'notify'],
    ['src/rulesets/abaoaqu/x.ts', '../../notify/map/index.js', 'renderMap', 'ruleset', 'notify'],
    ['src/present/x.ts', '../notify/mailer.js', 'createMailer', 'present', 'notify'],
    ['src/present/x.ts', '../rulesets/index.js', 'ruleSystem', 'present', 'rulesets-registry'],
    ['src/scenarios/x.ts', '../games/orders.js', 'submitOrders', 'scenarios', 'games'],
    ['src/store/x.ts', '../http/problems.js', 'badRequest', 'store', 'http'],
    ['src/store/x.ts', '../games/orders.js', 'submitOrders', 'store', 'games'],
    ['src/auth/x.ts', '../games/orders.js', 'submitOrders', 'auth', 'games'],
    ['src/games/x.ts', '../http/problems.js', 'badRequest', 'games', 'http'],
    ['src/games/x.ts', '../notify/mailer.js', 'createMailer', 'games', 'notify'],
    ['src/notify/x.ts', '../http/problems.js', 'badRequest', 'notify', 'http'],
    ['src/http/x.ts', '../main.js', 'type Config', 'http', 'main'],
    ['src/runtime/x.ts', '../store/db.js', 'createDb', 'runtime', 'store'],
  ])('%s may not import from %s: %s', async (path, source, name, from, to) => {
    expect(await broken(path, importing(source, name))).toEqual([
      {
        rule: 'boundaries/dependencies',
        message: expect.stringMatching(
          new RegExp(
            `^There is no policy allowing dependencies from elements of type "${from}".* to elements of type "${to}"$`,
          ),
        ),
      },
    ])
  })

  it.each([
    ['src/engine/x.ts', './dice.js', 'createDice'],
    ['src/rulesets/abaoaqu/engine/x.ts', '../../../engine/hex/index.js', 'offsetNeighbors'],
    ['src/rulesets/abaoaqu/engine/x.ts', '../../../engine/hex/index.js', 'offsetNeighbors'],
    ['src/rulesets/abaoaqu/x.ts', '../../engine/dice.js', 'createDice'],
    ['src/rulesets/abaoaqu/x.ts', '../../present/map-model.js', 'compareHexRefs'],
    ['src/notify/x.ts', '../present/map-model.js', 'compareHexRefs'],
    ['src/scenarios/x.ts', '../engine/dice.js', 'createDice'],
    ['src/games/x.ts', '../store/db.js', 'createDb'],
    ['src/games/x.ts', '../engine/dice.js', 'createDice'],
    ['src/notify/x.ts', '../games/orders.js', 'submitOrders'],
    ['src/notify/x.ts', '../games/errors.js', 'NotFound'],
    ['src/http/x.ts', '../games/orders.js', 'submitOrders'],
    ['src/http/x.ts', '../store/db.js', 'createDb'],
    ['src/http/x.ts', '../notify/mailer.js', 'createMailer'],
  ])('%s may import from %s: %s', async (path, source, name) => {
    expect(await broken(path, importing(source, name))).toEqual([])
  })

  it('a file of src/ outside every layer is refused', async () => {
    expect((await broken('src/helpers.ts', 'export const x = 1\n')).map((m) => m.rule)).toEqual([
      'boundaries/no-unknown-files',
    ])
  })

  it('the engine imports no Node module, clock or outside package', async () => {
    expect((await broken('src/engine/x.ts', importing('node:fs', 'readFileSync'))).map((m) => m.rule)).toEqual([
      'no-restricted-imports',
    ])
    expect(
      (await broken('src/rulesets/abaoaqu/engine/x.ts', 'export const now = Date.now()\n')).map((m) => m.rule),
    ).toEqual(['no-restricted-syntax'])
  })
})

describe('type-aware rules', () => {
  it('a promise nobody awaits fails', async () => {
    const code = 'async function send(): Promise<void> {}\nexport function go(): void {\n  send()\n}\n'
    expect((await broken('src/games/x.ts', code)).map((m) => m.rule)).toEqual([
      '@typescript-eslint/no-floating-promises',
    ])
  })

  it('an async callback where a void one is expected fails', async () => {
    const code = "import { EventEmitter } from 'node:events'\nnew EventEmitter().on('x', async () => {})\n"
    expect((await broken('src/games/x.ts', code)).map((m) => m.rule)).toEqual([
      '@typescript-eslint/no-misused-promises',
    ])
  })
})

describe('errors are not dropped', () => {
  it.each([
    ['a catch that returns undefined', 'export const p = Promise.reject(new Error("x")).catch(() => undefined)\n'],
    ['an empty catch', 'export const p = Promise.reject(new Error("x")).catch(() => {})\n'],
    [
      'an error listener that does nothing',
      "import { EventEmitter } from 'node:events'\nnew EventEmitter().on('error', () => undefined)\n",
    ],
    [
      'a once error listener that does nothing',
      "import { EventEmitter } from 'node:events'\nnew EventEmitter().once('error', () => {})\n",
    ],
  ])('%s fails', async (_what, code) => {
    expect(await broken('src/notify/x.ts', code)).toEqual([
      { rule: 'no-restricted-syntax', message: expect.stringMatching(/^This drops the error/) },
    ])
  })

  it('also in the engine, beside its own restrictions', async () => {
    const code = 'export const p = Promise.reject(new Error("x")).catch(() => undefined)\n'
    expect((await broken('src/engine/x.ts', code)).map((m) => m.rule)).toEqual(['no-restricted-syntax'])
  })

  it('a handler that says what failed passes', async () => {
    const code =
      "import { EventEmitter } from 'node:events'\n" +
      'export function watch(log: { warn(m: string): void }) {\n' +
      "  new EventEmitter().on('error', (e: Error) => log.warn(`the emitter failed (${e.message})`))\n" +
      '  return Promise.reject(new Error("x")).catch((e: Error) => log.warn(`it failed (${e.message})`))\n' +
      '}\n'
    expect(await broken('src/notify/x.ts', code)).toEqual([])
  })
})
