// Real Battle campaign: maintenance actions in text (docs/orders-realbattle.md, "Maintenance actions"): every
// kind parses and round-trips, every malformed line is refused with its line number, and Japanese input
// (full-width letters, digits and spaces, Japanese quotes) reads the same.
import { describe, expect, it } from 'vitest'
import { orderErrorMessage } from '../../../src/i18n/orders.js'
import { formatActions, parseActions } from '../../../src/rulesets/realbattle/campaign/index.js'
import type { CampaignAction } from '../../../src/rulesets/realbattle/engine/campaign/index.js'

const CANONICAL: Array<[string, CampaignAction]> = [
  ['buy-at scopedog', { kind: 'buy-at', card: 'scopedog' }],
  ['buy-weapon hmg', { kind: 'buy-weapon', card: 'hmg' }],
  ['buy-magazine w3', { kind: 'buy-magazine', weapon: 'w3' }],
  ['repair at1', { kind: 'repair', at: 'at1' }],
  ['resupply w3', { kind: 'resupply', weapon: 'w3' }],
  ['scout', { kind: 'scout' }],
  ['scout refuse', { kind: 'scout', accept: false }],
  [
    'scout max 800 min-pp 6 name "Chirico" name-ja "キリコ"',
    { kind: 'scout', maxFee: 800, minPp: 6, name: 'Chirico', nameJa: 'キリコ' },
  ],
  ['scout name "Jean-Paul Rochina"', { kind: 'scout', name: 'Jean-Paul Rochina' }],
  ['borrow 500', { kind: 'borrow', amount: 500 }],
  ['repay 200', { kind: 'repay', amount: 200 }],
  ['mount w3 on at1', { kind: 'mount', weapon: 'w3', at: 'at1' }],
  ['mount w3 on at1 at handL', { kind: 'mount', weapon: 'w3', at: 'at1', mount: 'handL' }],
  ['unmount w3 from at1', { kind: 'unmount', weapon: 'w3', at: 'at1' }],
  ['field at1 p2', { kind: 'field', at: 'at1', pilot: 'p2' }],
]

function parsed(text: string, locale: 'en' | 'ja' = 'en'): CampaignAction[] {
  const r = parseActions(text, locale)
  if (!('actions' in r)) throw new Error(JSON.stringify(r.errors))
  return r.actions as CampaignAction[]
}
function errors(text: string, locale: 'en' | 'ja' = 'en') {
  const r = parseActions(text, locale)
  if (!('errors' in r)) throw new Error(`accepted: ${JSON.stringify(r.actions)}`)
  return r.errors
}

describe('every kind parses and round-trips', () => {
  it.each(CANONICAL)('%s', (text, action) => {
    expect(parsed(text)).toEqual([action])
    expect(formatActions([action])).toEqual([text])
    expect(parsed(formatActions(parsed(text)).join('\n'))).toEqual([action])
  })

  it('a whole batch, with blank lines and comments', () => {
    const text = ['# my maintenance', '', ...CANONICAL.map(([t]) => `${t}   # why not`), '   '].join('\n')
    const actions = parsed(text)
    expect(actions).toEqual(CANONICAL.map(([, a]) => a))
    expect(formatActions(actions)).toEqual(CANONICAL.map(([t]) => t))
  })

  it('words and ids in any case, places in any case, amounts with G and commas, options in any order', () => {
    expect(parsed('BUY-AT ScopeDog')).toEqual([{ kind: 'buy-at', card: 'scopedog' }])
    expect(parsed('Mount W3 ON At1 AT handr')).toEqual([{ kind: 'mount', weapon: 'w3', at: 'at1', mount: 'handR' }])
    expect(parsed('borrow G1,500')).toEqual([{ kind: 'borrow', amount: 1500 }])
    expect(parsed('scout name-ja "キリコ" max 600')).toEqual([{ kind: 'scout', maxFee: 600, nameJa: 'キリコ' }])
    expect(formatActions(parsed('scout name-ja "キリコ" max 600'))).toEqual(['scout max 600 name-ja "キリコ"'])
    expect(parsed('scout max 0')).toEqual([{ kind: 'scout', maxFee: 0 }])
    expect(parsed('scout name Chirico')).toEqual([{ kind: 'scout', name: 'Chirico' }])
  })

  it('formats what is not an action as a comment, which parses to nothing', () => {
    const lines = formatActions([{ kind: 'fly' }, 7])
    expect(lines.every((l) => l.startsWith('#'))).toBe(true)
    expect(parsed(lines.join('\n'))).toEqual([])
  })
})

describe('Japanese-friendly input (NFKC)', () => {
  it('full-width letters, digits, hyphens and spaces', () => {
    expect(parsed('ｂｕｙ－ａｔ\u3000ｓｃｏｐｅｄｏｇ')).toEqual([{ kind: 'buy-at', card: 'scopedog' }])
    expect(parsed('borrow\u3000５００')).toEqual([{ kind: 'borrow', amount: 500 }])
    expect(parsed('ｆｉｅｌｄ ａｔ１ ｐ２')).toEqual([{ kind: 'field', at: 'at1', pilot: 'p2' }])
    expect(parsed('repair at1 ＃ 修理')).toEqual([{ kind: 'repair', at: 'at1' }])
  })

  it('Japanese quotes around names', () => {
    expect(parsed('scout name-ja 「キリコ・キュービィー」 min-pp ６')).toEqual([
      { kind: 'scout', minPp: 6, nameJa: 'キリコ・キュービィー' },
    ])
    expect(parsed('scout name “Fyana”')).toEqual([{ kind: 'scout', name: 'Fyana' }])
    expect(parsed('scout name ＂Chirico＂')).toEqual([{ kind: 'scout', name: 'Chirico' }])
  })

  it('half-width katakana become full-width (NFKC) and round-trip', () => {
    const [a] = parsed('scout name-ja "ｷﾘｺ"')
    expect(a).toEqual({ kind: 'scout', nameJa: 'キリコ' })
    expect(formatActions([a])).toEqual(['scout name-ja "キリコ"'])
  })
})

describe('malformed lines are refused with their line number', () => {
  it.each([
    ['fly away', 'realbattle.campaign.notation.unknownWord', 'RB-24.4'],
    ['"buy-at" scopedog', 'realbattle.campaign.notation.unknownWord', 'RB-24.4'],
    ['buy-at', 'realbattle.campaign.notation.usage', 'RB-24.5'],
    ['buy-at scopedog now', 'realbattle.campaign.notation.extra', 'RB-24.5'],
    ['buy-at scope_dog', 'realbattle.campaign.notation.id', 'RB-24.5'],
    [`buy-weapon ${'x'.repeat(41)}`, 'realbattle.campaign.notation.id', 'RB-24.5'],
    ['buy-magazine "w3"', 'realbattle.campaign.notation.id', 'RB-24.6'],
    ['repair', 'realbattle.campaign.notation.usage', 'RB-24.7'],
    ['resupply w3 w4', 'realbattle.campaign.notation.extra', 'RB-24.8'],
    ['borrow -500', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow 0', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow 99999999999', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow 10000001', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow 1.5', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow 1e3', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow five', 'realbattle.campaign.notation.number', 'RB-24.19'],
    ['borrow', 'realbattle.campaign.notation.usage', 'RB-24.19'],
    ['repay 200 now', 'realbattle.campaign.notation.extra', 'RB-24.21'],
    ['scout max', 'realbattle.campaign.notation.usage', 'RB-24.9'],
    ['scout max 800 max 600', 'realbattle.campaign.notation.twice', 'RB-24.9'],
    ['scout min-pp 13', 'realbattle.campaign.notation.number', 'RB-24.9'],
    ['scout min-pp 0', 'realbattle.campaign.notation.number', 'RB-24.9'],
    ['scout please', 'realbattle.campaign.notation.extra', 'RB-24.9'],
    ['scout name', 'realbattle.campaign.notation.usage', 'RB-24.9'],
    ['scout name ""', 'realbattle.campaign.notation.name', 'RB-24.9'],
    [`scout name "${'あ'.repeat(41)}"`, 'realbattle.campaign.notation.name', 'RB-24.9'],
    // Nothing to read: a zero-width space, a bidi override.
    ['scout name "\u200b"', 'realbattle.campaign.notation.name', 'RB-24.9'],
    ['scout name "\u202eocirihC"', 'realbattle.campaign.notation.name', 'RB-24.9'],
    ['scout name "Chirico', 'realbattle.campaign.notation.name', 'RB-24.4'],
    ['mount w3 at1', 'realbattle.campaign.notation.usage', 'GAP-RB-2'],
    ['mount w3 on', 'realbattle.campaign.notation.usage', 'GAP-RB-2'],
    ['mount w3 on at1 at', 'realbattle.campaign.notation.usage', 'GAP-RB-2'],
    ['mount w3 on at1 at head', 'realbattle.campaign.notation.mount', 'GAP-RB-2'],
    ['mount w3 on at1 on handR', 'realbattle.campaign.notation.usage', 'GAP-RB-2'],
    ['mount w3 on at1 at handR please', 'realbattle.campaign.notation.extra', 'GAP-RB-2'],
    ['unmount w3 at1', 'realbattle.campaign.notation.usage', 'GAP-RB-2'],
    ['unmount w3 from at1 at2', 'realbattle.campaign.notation.extra', 'GAP-RB-2'],
    ['field at1', 'realbattle.campaign.notation.usage', 'RB-24.10'],
    ['field at1 p2 p3', 'realbattle.campaign.notation.extra', 'RB-24.10'],
  ])('%s', (line, key, rule) => {
    const text = `# first\nborrow 10\n\n${line}\nrepay 10`
    const [e, ...more] = errors(text)
    expect(more).toEqual([])
    expect(e).toMatchObject({ line: 4, key, rule })
    expect(e!.message).toMatch(/^line 4 "/)
    const ja = errors(text, 'ja')[0]!
    expect(ja.message).toMatch(/^4行目「/)
    expect(ja.message).toBe(orderErrorMessage('ja', e!))
  })

  it('the message names the token at fault', () => {
    expect(errors('borrow -500')[0]!.message).toBe(
      'line 1 "borrow -500": "-500" is not a whole number from 1 to 10000000',
    )
    expect(errors('fly away')[0]!.message).toMatch(/"fly" is not a maintenance action: write one of buy-at, /)
    expect(errors('buy-at scopedog now')[0]!.message).toBe('line 1 "buy-at scopedog now": "now" is not expected here')
    expect(errors('mount w3 on at1 at head', 'ja')[0]!.message).toMatch(/「head」は装備位置ではありません/)
  })

  it('every error of a text, each with its line', () => {
    const e = errors('borrow x\nrepair at1\nfly\n\nfield at1')
    expect(e.map((x) => x.line)).toEqual([1, 3, 5])
    expect(e.every((x) => x.key && x.params)).toBe(true)
  })

  it('at most 50 actions; blank lines and comments do not count', () => {
    const fifty = Array(50).fill('borrow 10\n# note\n').join('')
    expect(parsed(fifty)).toHaveLength(50)
    const e = errors(`${fifty}repay 10`)
    expect(e).toEqual([expect.objectContaining({ line: 101, key: 'realbattle.campaign.notation.tooMany' })])
  })

  it('an empty text is no action', () => {
    expect(parsed('')).toEqual([])
    expect(parsed('\n # nothing \n')).toEqual([])
  })
})

describe('docs/orders-realbattle.md', () => {
  it('every example and every line of the tables of "Maintenance actions (campaign)" parses', async () => {
    const { readFileSync } = await import('node:fs')
    const doc = readFileSync(new URL('../../../docs/orders-realbattle.md', import.meta.url), 'utf8')
    const section = doc.slice(doc.indexOf('## Maintenance actions (campaign)'))
    const blocks = [...section.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(blocks.length).toBeGreaterThanOrEqual(2)
    for (const block of blocks) expect(parsed(block).length, block).toBeGreaterThan(0)
    const cells = [...section.matchAll(/^\| `([a-z-]+ [^`]*)`/gm)].map((m) => m[1]!)
    expect(cells.length).toBeGreaterThanOrEqual(12)
    for (const cell of cells) expect(parsed(cell), cell).toHaveLength(1)
  })
})
