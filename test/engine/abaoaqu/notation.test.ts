// The text order notation (docs/orders-abaoaqu.md): every documented example, round trips,
// case, comments, hexes, and the errors for lines that do not parse.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { OrderError } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox } from './harness.js'

const DOC = readFileSync(new URL('../../../docs/orders-abaoaqu.md', import.meta.url), 'utf8')
const state = sandbox([])

const parse = (text: string) => abaoaqu.parseOrders(text, state, 'FED')
const format = (orders: Order[]) => abaoaqu.formatOrders(orders, state)

function ok(text: string): Order[] {
  const r = parse(text)
  if (!r.ok) throw new Error(`"${text}" did not parse: ${JSON.stringify(r.errors)}`)
  return r.orders
}

function errorsOf(text: string): OrderError[] {
  const r = parse(text)
  if (r.ok) throw new Error(`"${text}" parsed to ${JSON.stringify(r.orders)}, expected an error`)
  return r.errors
}

// Every example line of the documentation's tables and standing-order paragraph.
const EXAMPLES: Record<string, Order[]> = {
  'GM1 -> 0710': [{ kind: 'move', units: ['GM1'], to: [7, 10] }],
  'GM1 GM2 BL4 -> 0710': [{ kind: 'move', units: ['GM1', 'GM2', 'BL4'], to: [7, 10] }],
  'move GM1 to 0710': [{ kind: 'move', units: ['GM1'], to: [7, 10] }],
  'SA3 -> 0801': [{ kind: 'move', units: ['SA3'], to: [8, 1] }],
  'remove BL4': [{ kind: 'remove', units: ['BL4'] }],
  pass: [],
  'shoot GM1 @ ZK3': [{ kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK3' } }],
  'shoot GM1 GM2 @ 0710 ms': [
    { kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], hex: [7, 10], target: { group: 'MS' } },
  ],
  'shoot SA1 @ 0710 ship': [{ kind: 'attack', mode: 'shoot', units: ['SA1'], hex: [7, 10], target: { group: 'SHIP' } }],
  'close GM1 GM2 @ RD4': [{ kind: 'attack', mode: 'close', units: ['GM1', 'GM2'], target: { unit: 'RD4' } }],
  'close GM1 @ ship': [{ kind: 'attack', mode: 'close', units: ['GM1'], target: { group: 'SHIP' } }],
  'shoot GD1 @ ZI1 ranks 2': [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' }, ranks: 2 }],
  'bd PB2 @ 1207': [{ kind: 'bd', unit: 'PB2', target: [12, 7] }],
  'defend A7 ranks 0': [{ kind: 'defend', attack: 'A7', ranks: 0 }],
  'defend A7 none': [{ kind: 'defend', attack: 'A7', ranks: 0 }],
  'standing defence full': [{ kind: 'standing', defenceShift: 'full' }],
  'standing defence none': [{ kind: 'standing', defenceShift: 'none' }],
  'standing defence 1': [{ kind: 'standing', defenceShift: 1 }],
}

/** The first-column code of every table row, and the standing-order examples, from the doc itself. */
function docExampleLines(): string[] {
  const rows = DOC.split('\n').flatMap((line) => {
    const m = /^\| `([^`]+)` \|/.exec(line)
    return m ? [m[1]!] : []
  })
  const standing = [...DOC.matchAll(/`(standing defence [^`]+)`/g)].map((m) => m[1]!)
  return [...new Set([...rows, ...standing])]
}

function docSubmissions(): string[] {
  const section = DOC.slice(DOC.indexOf('## A whole submission'), DOC.indexOf('## Errors'))
  return [...section.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!)
}

/** One order of each kind and shape the notation can express. */
const EVERY_KIND: Order[] = [
  { kind: 'move', units: ['GM1'], to: [7, 10] },
  { kind: 'move', units: ['GM1', 'GM2', 'BL4'], to: [0, 0] },
  { kind: 'move', units: ['SA12'], to: [63, 11] },
  { kind: 'remove', units: ['BL4'] },
  { kind: 'remove', units: ['BL4', 'GM2'] },
  { kind: 'bd', unit: 'PB2', target: [12, 7] },
  { kind: 'attack', mode: 'shoot', units: ['GM1'], target: { unit: 'ZK3' } },
  { kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], hex: [7, 10], target: { group: 'MS' } },
  { kind: 'attack', mode: 'shoot', units: ['SA1'], hex: [7, 10], target: { group: 'SHIP' } },
  { kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' }, ranks: 2 },
  { kind: 'attack', mode: 'shoot', units: ['GD1'], hex: [3, 4], target: { group: 'MS' }, ranks: 0 },
  { kind: 'attack', mode: 'close', units: ['GM1', 'GM2'], target: { unit: 'RD4' } },
  { kind: 'attack', mode: 'close', units: ['GM1'], target: { group: 'SHIP' } },
  { kind: 'attack', mode: 'close', units: ['GM1'], target: { group: 'FT' } },
  { kind: 'attack', mode: 'close', units: ['GM1'], target: { group: 'MS' } },
  { kind: 'attack', mode: 'close', units: ['GM1'], hex: [7, 10], target: { group: 'FT' } },
  { kind: 'attack', mode: 'close', units: ['ZI1'], target: { unit: 'GD1' }, ranks: 1 },
  { kind: 'defend', attack: 'A7', ranks: 0 },
  { kind: 'defend', attack: 'A12', ranks: 3 },
  { kind: 'standing', defenceShift: 'full' },
  { kind: 'standing', defenceShift: 'none' },
  { kind: 'standing', defenceShift: 2 },
]

describe('A-Bao-A-Qu notation: the documented examples', () => {
  it('the doc lists exactly the example lines this test knows', () => {
    expect(docExampleLines().sort()).toEqual(Object.keys(EXAMPLES).sort())
  })

  for (const [line, expected] of Object.entries(EXAMPLES)) {
    it(`"${line}" parses`, () => {
      expect(ok(line)).toEqual(expected)
    })
  }

  it('the whole movement submission parses', () => {
    const [movement] = docSubmissions()
    expect(ok(movement!)).toEqual([
      { kind: 'move', units: ['GM1', 'GM2'], to: [7, 10] },
      { kind: 'move', units: ['BL1', 'BL2', 'BL3'], to: [7, 9] },
      { kind: 'move', units: ['SA4'], to: [6, 9] },
    ])
  })

  it('the whole combat submission parses', () => {
    const [, combat] = docSubmissions()
    expect(ok(combat!)).toEqual([
      { kind: 'bd', unit: 'PB1', target: [8, 11] },
      { kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], hex: [8, 10], target: { group: 'MS' } },
      { kind: 'attack', mode: 'close', units: ['GM1'], target: { unit: 'ZK2' } },
      { kind: 'attack', mode: 'shoot', units: ['SA4'], hex: [8, 11], target: { group: 'SHIP' } },
      { kind: 'standing', defenceShift: 'full' },
    ])
  })

  it('the documented error example reads as documented', () => {
    const errors = errorsOf('GM1 -> 0710\nGM1 -> 07')
    expect(errors).toEqual([
      {
        rule: 'NOTATION',
        line: 2,
        message: 'line 2 "GM1 -> 07": expected one destination hex after "->", e.g. 0710',
        key: 'abaoaqu.notation.moveHex',
        params: { line: 2, text: 'GM1 -> 07' },
      },
    ])
  })

  it('close combat accepts the ft group, with or without the hex', () => {
    expect(ok('close GM1 @ ft')).toEqual([{ kind: 'attack', mode: 'close', units: ['GM1'], target: { group: 'FT' } }])
    expect(ok('close GM1 @ 0710 ft')).toEqual([
      { kind: 'attack', mode: 'close', units: ['GM1'], hex: [7, 10], target: { group: 'FT' } },
    ])
  })
})

describe('A-Bao-A-Qu notation: round trips', () => {
  for (const order of EVERY_KIND) {
    it(`format then parse gives back ${JSON.stringify(order)}`, () => {
      const text = format([order])
      // Standing orders alone decide nothing in a step: their text says "pass" too (docs/abaoaqu.md 18).
      const lines = text.split('\n')
      expect(lines.slice(1)).toEqual(order.kind === 'standing' ? ['pass'] : [])
      expect(ok(text)).toEqual([order])
    })
  }

  it('a whole list of every kind survives format → parse', () => {
    expect(ok(format(EVERY_KIND))).toEqual(EVERY_KIND)
  })

  it('parse → format → parse is stable for every documented example and submission', () => {
    for (const text of [...Object.keys(EXAMPLES), ...docSubmissions()]) {
      const once = ok(text)
      const formatted = format(once)
      expect(ok(formatted), text).toEqual(once)
      expect(format(ok(formatted)), text).toBe(formatted)
    }
  })

  it('no orders format as "pass", which parses to no orders', () => {
    expect(format([])).toBe('pass')
    expect(ok(format([]))).toEqual([])
  })

  it('formatted hexes use the four-digit form', () => {
    expect(format([{ kind: 'move', units: ['GM1'], to: [7, 10] }])).toBe('GM1 -> 0710')
    expect(format([{ kind: 'bd', unit: 'PB1', target: [0, 3] }])).toBe('bd PB1 @ 0003')
  })
})

describe('A-Bao-A-Qu notation: spelling', () => {
  it('keywords, groups and unit ids are not case-sensitive', () => {
    expect(ok('gm1 gM2 -> 0710')).toEqual(ok('GM1 GM2 -> 0710'))
    expect(ok('MOVE gm1 TO 0710')).toEqual(ok('move GM1 to 0710'))
    expect(ok('SHOOT gm1 @ zk3 RANKS 1')).toEqual(ok('shoot GM1 @ ZK3 ranks 1'))
    expect(ok('Shoot Gm1 @ 0710 MS')).toEqual(ok('shoot GM1 @ 0710 ms'))
    expect(ok('shoot sa1 @ 0710 SHIP')).toEqual(ok('shoot SA1 @ 0710 ship'))
    expect(ok('CLOSE gm1 @ SHIP')).toEqual(ok('close GM1 @ ship'))
    expect(ok('close gm1 @ Ft')).toEqual(ok('close GM1 @ ft'))
    expect(ok('BD pb2 AT 1207')).toEqual(ok('bd PB2 @ 1207'))
    expect(ok('DEFEND a7 NONE')).toEqual(ok('defend A7 none'))
    expect(ok('Defend a7 Ranks 0')).toEqual(ok('defend A7 ranks 0'))
    expect(ok('STANDING DEFENCE FULL')).toEqual(ok('standing defence full'))
    expect(ok('Standing Defence None')).toEqual(ok('standing defence none'))
    expect(ok('REMOVE bl4')).toEqual(ok('remove BL4'))
    expect(ok('PASS')).toEqual([])
    expect(ok('Pass')).toEqual([])
  })

  it('comments and blank lines are ignored, and line endings may be CRLF', () => {
    const text =
      '# Federation, turn 3\n\n   \nGM1 -> 0710   # the GM goes in\n\t\n# shoot GM1 @ ZK3\r\nBL1 -> 0709\r\n\r\n'
    expect(ok(text)).toEqual([
      { kind: 'move', units: ['GM1'], to: [7, 10] },
      { kind: 'move', units: ['BL1'], to: [7, 9] },
    ])
    expect(ok('')).toEqual([])
    expect(ok('# only a comment\n\n')).toEqual([])
  })

  it('"pass" gives no orders, alone or among comments', () => {
    expect(parse('pass')).toEqual({ ok: true, orders: [], lines: [], passes: [1] })
    expect(parse('# nothing this phase\npass\n')).toEqual({ ok: true, orders: [], lines: [], passes: [2] })
  })

  it('a hex is "0710" or "7.10": column then row', () => {
    expect(ok('GM1 -> 0710')).toEqual([{ kind: 'move', units: ['GM1'], to: [7, 10] }])
    expect(ok('GM1 -> 7.10')).toEqual([{ kind: 'move', units: ['GM1'], to: [7, 10] }])
    expect(ok('GM1 -> 1007')).toEqual([{ kind: 'move', units: ['GM1'], to: [10, 7] }])
    expect(ok('GM1 -> 10.7')).toEqual([{ kind: 'move', units: ['GM1'], to: [10, 7] }])
    expect(ok('GM1 -> 0000')).toEqual([{ kind: 'move', units: ['GM1'], to: [0, 0] }])
    expect(ok('GM1 -> 0.0')).toEqual([{ kind: 'move', units: ['GM1'], to: [0, 0] }])
    expect(ok('GM1 -> 6311')).toEqual([{ kind: 'move', units: ['GM1'], to: [63, 11] }])
    expect(ok('bd PB1 @ 7.10')).toEqual(ok('bd PB1 @ 0710'))
    expect(ok('shoot GM1 @ 7.10 ms')).toEqual(ok('shoot GM1 @ 0710 ms'))
  })

  it('arrows and @ need no spaces around them', () => {
    expect(ok('GM1->0710')).toEqual(ok('GM1 -> 0710'))
    expect(ok('shoot GM1@ZK3')).toEqual(ok('shoot GM1 @ ZK3'))
    expect(ok('bd PB2@1207')).toEqual(ok('bd PB2 @ 1207'))
  })
})

interface Bad {
  line: string
  expect: RegExp
}

// Each malformed line, with the part of the message that says what was expected.
const MALFORMED: Bad[] = [
  { line: 'GM1 ->', expect: /expected one destination hex after "->"/ },
  { line: 'GM1 -> 07', expect: /expected one destination hex after "->", e\.g\. 0710/ },
  { line: 'GM1 -> 07a0', expect: /expected one destination hex/ },
  { line: 'GM1 -> 0710 0711', expect: /expected one destination hex/ },
  { line: '-> 0710', expect: /expected the units to move/ },
  { line: 'GM-1 -> 0710', expect: /"GM-1" is not a unit id \(expected the units to move\)/ },
  { line: 'shoot GM1', expect: /expected "shoot <units> @ <target>"/ },
  { line: 'shoot @ ZK1', expect: /expected the attacking units/ },
  { line: 'shoot GM1 @', expect: /expected a target after "@"/ },
  { line: 'shoot GM1 @ ms', expect: /needs its hex first, e\.g\. "@ 0710 ms"/ },
  { line: 'shoot GM1 @ 0710', expect: /expected a group after hex 0710: ms, ft or ship/ },
  { line: 'shoot GM1 @ 0710 tanks', expect: /expected a group after hex 0710/ },
  { line: 'shoot GM1 @ ZK1 ranks x', expect: /expected "ranks <number>"/ },
  { line: 'shoot GM1 @ ZK1 ranks', expect: /expected "ranks <number>"/ },
  { line: 'shoot GM1 @ ZK1 ranks 2 3', expect: /expected "ranks <number>" at the end of the line/ },
  { line: 'shoot GM1 @ ZK1 ZK2', expect: /unexpected "ZK2" after the target unit/ },
  { line: 'shoot GM1 @ 0710 ms ZK2', expect: /unexpected "ZK2" after the target/ },
  { line: 'close GM1', expect: /expected "close <units> @ <target>"/ },
  { line: 'close GM1 @ ship ZK2', expect: /unexpected "ZK2" after the group/ },
  { line: 'defend A1', expect: /expected "defend <attack id> ranks <number>"/ },
  { line: 'defend', expect: /expected "defend <attack id> ranks <number>"/ },
  { line: 'defend A1 ranks', expect: /expected "defend <attack id> ranks <number>"/ },
  { line: 'defend A1 ranks all', expect: /expected "defend <attack id> ranks <number>"/ },
  { line: 'defend A1 none now', expect: /expected "defend <attack id> ranks <number>"/ },
  { line: 'standing defence maybe', expect: /expected "standing defence full\|none\|<ranks>"/ },
  { line: 'standing defence', expect: /expected "standing defence full\|none\|<ranks>"/ },
  { line: 'standing offence full', expect: /expected "standing defence full\|none\|<ranks>"/ },
  { line: 'standing defence full now', expect: /expected "standing defence full\|none\|<ranks>"/ },
  { line: 'bd PB1 PB2 @ 0710', expect: /one Public launches per line/ },
  { line: 'bd PB1', expect: /expected "bd <unit> @ <hex>"/ },
  { line: 'bd PB1 @ ZK1', expect: /expected one target hex after "@", e\.g\. 0710/ },
  { line: 'bd PB1 @ 0710 0711', expect: /expected one target hex after "@"/ },
  { line: 'bd @ 0710', expect: /expected the launching Public/ },
  { line: 'remove', expect: /expected the units to remove/ },
  { line: 'remove BL-4', expect: /"BL-4" is not a unit id \(expected the units to remove\)/ },
  { line: 'pass now', expect: /"pass" stands alone on its line/ },
  {
    line: 'attack GM1 ZK1',
    expect: /expected an order: "<units> -> <hex>", "remove", "bd", "shoot", "close", "defend", "standing" or "pass"/,
  },
  { line: 'fly GM1', expect: /expected an order:/ },
  { line: 'GM1', expect: /expected an order:/ },
]

describe('A-Bao-A-Qu notation: malformed lines', () => {
  it(`covers at least 12 distinct malformed lines (${MALFORMED.length})`, () => {
    expect(new Set(MALFORMED.map((b) => b.line)).size).toBeGreaterThanOrEqual(12)
  })

  for (const bad of MALFORMED) {
    it(`"${bad.line}" is refused with rule NOTATION, its line and what was expected`, () => {
      // The bad line is line 4: a comment, a blank line and a good order come first.
      const errors = errorsOf(`# turn 3\n\nGM2 -> 0710\n${bad.line}\nBL1 -> 0709\n`)
      expect(errors).toHaveLength(1)
      const [e] = errors
      expect(e!.rule).toBe('NOTATION')
      expect(e!.line).toBe(4)
      expect(e!.message.startsWith(`line 4 "${bad.line}": `), e!.message).toBe(true)
      expect(e!.message).toMatch(bad.expect)
      // Alone, it is line 1.
      const alone = errorsOf(bad.line)
      expect(alone.map((x) => [x.rule, x.line])).toEqual([['NOTATION', 1]])
    })
  }

  it('a trailing comment is not part of the quoted line', () => {
    const [e] = errorsOf('GM1 -> 07 # oops')
    expect(e!.message).toBe('line 1 "GM1 -> 07": expected one destination hex after "->", e.g. 0710')
  })

  it('several bad lines in one text are all reported, each with its own line, and no orders come back', () => {
    const text = [
      'GM1 -> 0710', // 1 ok
      'GM2 -> 07', // 2 bad hex
      '# a comment', // 3
      'shoot GM1', // 4 no target
      '', // 5
      'shoot GD1 @ ZI1', // 6 ok
      'defend A1', // 7 no ranks
      'standing defence maybe', // 8
      'bd PB1 PB2 @ 0710', // 9
      'launch PB1', // 10 unknown verb
    ].join('\n')
    const r = parse(text)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.errors.map((e) => e.line)).toEqual([2, 4, 7, 8, 9, 10])
    expect(r.errors.every((e) => e.rule === 'NOTATION')).toBe(true)
    expect(r.errors.map((e) => e.message.slice(0, 8))).toEqual([
      'line 2 "',
      'line 4 "',
      'line 7 "',
      'line 8 "',
      'line 9 "',
      'line 10 ',
    ])
  })

  it('line numbers count CRLF lines the same way', () => {
    const errors = errorsOf('# header\r\n\r\nGM1 -> 07\r\n')
    expect(errors.map((e) => e.line)).toEqual([3])
  })

  it('garbage never throws', () => {
    for (const text of [
      '@',
      '->',
      '# ',
      '@@@ ->',
      '\u0000',
      'shoot',
      'close',
      'bd',
      'move',
      'move to',
      'to 0710',
      'ranks 2',
      'standing',
      '🙂 -> 0710',
      'x'.repeat(5000),
    ]) {
      expect(() => parse(text), text).not.toThrow()
    }
  })
})
