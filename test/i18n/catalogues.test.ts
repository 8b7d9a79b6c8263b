// The message catalogues (locales/<locale>/<namespace>.json): every language has every message of
// English, with the same placeholders, and the library picks plurals and the fallback as we rely on.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES, localesDir, translate } from '../../src/i18n/index.js'

type Tree = { [key: string]: string | Tree }

/** key → text, plural suffixes folded into one key whose texts are joined. */
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') {
      const key = prefix + k.replace(/_(zero|one|two|few|many|other)$/, '')
      out.set(key, `${out.get(key) ?? ''}${v}`)
    } else flatten(v, `${prefix}${k}.`, out)
  }
  return out
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort()
const read = (locale: string, file: string) =>
  flatten(JSON.parse(readFileSync(join(localesDir(), locale, file), 'utf8')) as Tree)

describe('message catalogues', () => {
  const files = readdirSync(join(localesDir(), 'en')).filter((f) => f.endsWith('.json'))

  it('there is an English catalogue of email messages, and one of A-Bao-A-Qu’s words', () => {
    expect(files).toContain('email.json')
    expect(files).toContain('abaoaqu.json')
  })

  for (const locale of LOCALES.filter((l) => l !== 'en'))
    it(`${locale}/ has a catalogue for every namespace of en/, and no other`, () => {
      const theirs = readdirSync(join(localesDir(), locale)).filter((f) => f.endsWith('.json'))
      expect(theirs.sort()).toEqual([...files].sort())
    })

  for (const locale of LOCALES.filter((l) => l !== 'en'))
    for (const file of files)
      it(`${locale}/${file} has every message of en/${file}, with the same placeholders`, () => {
        const en = read('en', file)
        const other = read(locale, file)
        expect([...other.keys()].sort()).toEqual([...en.keys()].sort())
        for (const [key, text] of en) expect(placeholders(other.get(key)!), key).toEqual(placeholders(text))
      })

  it('plurals follow the language; an unknown key or a missing value fails loudly', () => {
    expect(translate('en', 'email', 'plural.hour', { count: 1 })).toBe('1 hour')
    expect(translate('en', 'email', 'plural.hour', { count: 0 })).toBe('0 hours')
    expect(translate('ja', 'email', 'plural.hour', { count: 1 })).toBe('1時間')
    expect(() => translate('ja', 'email', 'no.such.key')).toThrow(/no message email:no.such.key in ja/)
    expect(() => translate('en', 'email', 'common.hello')).toThrow(/name/)
    expect(translate('en', 'abaoaqu', 'near.far', { count: 1, hex: '1008', units: 'GM1', id: 'ZK1', at: '1009' })).toBe(
      '1008: GM1 — 1 hex from your ZK1 at 1009',
    )
    expect(translate('ja', 'abaoaqu', 'near.far', { count: 2, hex: '1008', units: 'GM1', id: 'ZK1', at: '1009' })).toBe(
      '1008：GM1 — あなたのZK1（1009）から2ヘックス',
    )
  })

  it('values are put in as they are: escaping is the caller’s (Handlebars in HTML)', () => {
    expect(translate('en', 'email', 'common.hello', { name: '<Char & "Amuro">' })).toBe('Hello <Char & "Amuro">,')
  })
})
