// The order-error catalogues (locales/<locale>/orders.json): every key the code uses is in both languages,
// English is the engines' own text, and every entry reads in Japanese with the rule ids it names kept.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fillTemplate, refusals } from '../../src/engine/messages.js'
import { SERVER_MESSAGES } from '../../src/games/order-messages.js'
import { localesDir } from '../../src/i18n/index.js'
import { localiseOrderErrors, orderErrorMessage } from '../../src/i18n/orders.js'
import { parseOrders } from '../../src/rulesets/abaoaqu/engine/notation.js'
import { MESSAGES as ABAOAQU } from '../../src/rulesets/abaoaqu/engine/messages.js'
import { MESSAGES as GREENNOA } from '../../src/rulesets/greennoa/engine/messages.js'
import { MESSAGES as MSAW } from '../../src/rulesets/msaw/engine/messages.js'
import { CAMPAIGN_MESSAGES as REALBATTLE_CAMPAIGN } from '../../src/rulesets/realbattle/engine/campaign/messages.js'
import { MESSAGES as REALBATTLE } from '../../src/rulesets/realbattle/engine/messages.js'

const read = (locale: string) =>
  JSON.parse(readFileSync(join(localesDir(), locale, 'orders.json'), 'utf8')) as Record<string, string>
const en = read('en')
const ja = read('ja')
const tables: Record<string, string> = {
  ...ABAOAQU,
  ...GREENNOA,
  ...REALBATTLE,
  ...REALBATTLE_CAMPAIGN,
  ...MSAW,
  ...SERVER_MESSAGES,
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : []
  })
}

/** A quoted catalogue key in the code; one ending in '.' is a prefix that keys are built from. */
const USED_KEY = /'((?:abaoaqu|greennoa|realbattle|msaw|server)\.[A-Za-z0-9.-]+)'/g

/** The rule ids a message may name: A-12, GN-4-5b, AMB-A-6, GAP-RB-2, RB-21.5, MS-2.1, GAP-M-4, OPT-AIM, §5.3. */
const RULE_ID = new RegExp(
  [
    String.raw`\b(?:AMB-|GAP-)?(?:(?:A|GN)-\d+(?:-\d+[a-z]?)?|RB-\d+(?:\.\d+)*[a-z]?|MS-\d+\.\d+|M-\d+)\b`,
    String.raw`\bOPT-[A-Z]+\b`,
    String.raw`§\d+(?:\.\d+)?`,
  ].join('|'),
  'g',
)

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort()

/** Values for every placeholder of `key`, the nested entries chosen by real values. */
function sample(key: string): Record<string, string | number> {
  const nested: Record<string, string> = {
    zone: 'rows',
    step: 'move',
    what: 'attack',
    side: 'TITANS',
    at: 'order',
    arm: 'L',
  }
  const params: Record<string, string | number> = {}
  const visit = (text: string) => {
    for (const name of placeholders(text)) params[name] = nested[name] ?? (name === 'line' ? 3 : `<${name}>`)
    for (const m of text.matchAll(/\$t\(([^()]+)\)/g)) visit(tables[fillTemplate(tables, m[1]!, params)] ?? '')
  }
  visit(tables[key]!)
  return params
}

describe('order-error catalogues', () => {
  it('hold every key the code uses, in both languages', () => {
    const used = new Set<string>()
    for (const file of sourceFiles(join(localesDir(), '..', 'src')))
      for (const m of readFileSync(file, 'utf8').matchAll(USED_KEY)) if (!m[1]!.endsWith('.')) used.add(m[1]!)
    expect(used.size).toBeGreaterThan(150)
    for (const key of used) {
      expect(en[key], `en: ${key}`).toBeTypeOf('string')
      expect(ja[key], `ja: ${key}`).toBeTypeOf('string')
    }
  })

  it('English is the engines and the server text, key for key', () => {
    expect(en).toEqual(tables)
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort())
  })

  it('every entry, filled in, is the engine message in English and reads in Japanese with its rule ids', () => {
    const refuse = refusals(tables)
    for (const key of Object.keys(tables)) {
      const e = refuse('X-1', key, sample(key))
      expect(orderErrorMessage('en', e), key).toBe(e.message)
      const text = orderErrorMessage('ja', e)
      expect(text, key).not.toBe(e.message)
      expect(text, key).not.toMatch(/\{\{|\$t\(/)
      expect(placeholders(ja[key]!), `ja: ${key}`).toEqual(placeholders(tables[key]!))
      for (const id of e.message.match(RULE_ID) ?? []) expect(text, key).toContain(id)
    }
  })

  it('reads an engine refusal in Japanese, keeping rule, line and values; an unknown key keeps the English', () => {
    const parsed = parseOrders('GM1 -> 0710\nGM1 -> 07')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    const [e] = localiseOrderErrors('ja', parsed.errors)
    expect(e).toEqual({
      ...parsed.errors[0],
      message: '2行目「GM1 -> 07」: 「->」の後に移動先のヘックスを1つ書いてください（例: 0710）',
    })
    expect(orderErrorMessage('ja', { message: 'as the engine said', key: 'abaoaqu.noSuchKey' })).toBe(
      'as the engine said',
    )
    expect(orderErrorMessage('ja', { message: 'no key at all' })).toBe('no key at all')
  })
})
