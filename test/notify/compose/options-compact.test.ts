// Compact option lines from the engine's options(): short, bounded, and every line that starts
// with an order is one the engine accepts as it is.
import { describe, expect, it } from 'vitest'
import { hexLabel } from '../../../src/rulesets/abaoaqu/engine/geometry.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { compactOptions, orderExamples } from '../../../src/rulesets/abaoaqu/present/options-compact.js'
import { newGame, sandbox, scripted, type Piece } from '../../engine/abaoaqu/harness.js'
import { firstMove } from './game.js'

const ORDER = /^(shoot|close|defend|bd)\b/

/** The line parses with the order notation and validates for `seat` in `state`. */
function accepted(state: State, seat: string, line: string): void {
  const parsed = abaoaqu.parseOrders(line, state, seat)
  if (!parsed.ok) throw new Error(`${line}: ${JSON.stringify(parsed.errors)}`)
  expect(abaoaqu.validate(state, seat, parsed.orders), line).toEqual([])
}

describe('the movement phase', () => {
  const { state } = firstMove()
  const options = abaoaqu.options(state, 'FED')
  const { lines, omitted } = compactOptions(options)

  it('makes one line of interchangeable units, with the reach of the group', () => {
    const salamis = options.units.find((u) => u.id === 'SA1')!
    expect(lines).toContain(
      'Salamis SA1 SA2 SA3 SA4 SA5 SA6 off the map, ' +
        `each: enter at any of ${salamis.moves.length} hexes (cols 00–63, rows 00–04)`,
    )
    expect(lines).toContain('GM3 (student pilot) off the map: enter at any of 384 hexes (cols 00–63, rows 00–05)')
    expect(lines[0]).toMatch(/^Gundam GD1 \(newtype N3\) off the map: enter at any of 512 hexes/)
    expect(omitted).toBe(0)
    // Every unit that can act is named once.
    const named = lines.flatMap((l) => l.match(/\b[A-Z]{2}\d+\b/g) ?? [])
    expect(named.sort()).toEqual(
      options.units
        .filter((u) => u.moves.length > 0)
        .map((u) => u.id)
        .sort(),
    )
  })

  it('lists the hexes themselves when there are few, and clips a line that would be too long', () => {
    // A confused Ball in the corner: half of 4 MP, and the map's edge cuts the rest.
    const corner = sandbox(
      [
        { id: 'BL1', type: 'BL', side: 'FED', hex: [0, 0], morale: 'C' },
        { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [40, 9] },
      ],
      'move',
    )
    const ball = abaoaqu.options(corner, 'FED')
    const moves = ball.units[0]!.moves.map(hexLabel).sort()
    expect(moves.length).toBeLessThanOrEqual(8)
    expect(compactOptions(ball).lines).toEqual([`Ball BL1 (confused) at 0000: move to ${moves.join(' ')}`])

    const long = compactOptions(options, { maxHexes: 1000 }).lines.find((l) => l.startsWith('GM1 GM2'))!
    expect(long).toHaveLength(240)
    expect(long).toMatch(/^GM1 GM2 off the map, each: enter at 0000 0001 .*…$/)
  })

  it('gives example orders the engine accepts', () => {
    const examples = orderExamples(options)
    expect(examples[examples.length - 1]).toBe('pass')
    expect(examples.length).toBeGreaterThan(1)
    for (const line of examples) accepted(state, 'FED', line)
  })
})

describe('the combat phases', () => {
  const pieces: Piece[] = [
    { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 8] },
    { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 8] },
    { id: 'GD1', type: 'GD', side: 'FED', hex: [12, 8] },
    { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 9] },
    { id: 'ZI1', type: 'ZI', side: 'ZEON', hex: [11, 9] },
  ]

  it('per unit its targets with the final column; combined attacks as pasteable orders', () => {
    const state = sandbox(pieces, 'attack-lead')
    const options = abaoaqu.options(state, 'FED')
    const { lines } = compactOptions(options)
    const gm1 = options.units.find((u) => u.id === 'GM1')!
    const zk1 = gm1.attacks.find(
      (a) => 'unit' in a.order.target && a.order.target.unit === 'ZK1' && a.order.mode === 'shoot',
    )!
    expect(lines.find((l) => l.startsWith('GM1 GM2 at 1008, each: shoot '))).toContain(`shoot ZK1 ${zk1.column}`)
    const combined = lines.filter((l) => ORDER.test(l))
    expect(combined.length).toBe(options.groupAttacks.length)
    expect(combined.some((l) => l.startsWith('shoot GM1 GM2 @ ZK1  # '))).toBe(true)
    for (const line of combined) accepted(state, 'FED', line)
    for (const line of orderExamples(options)) accepted(state, 'FED', line)
  })

  it('the side under attack gets a defend line for its newtype, accepted as it is', () => {
    const lead = sandbox(pieces, 'attack-lead')
    const r = abaoaqu.resolve(
      lead,
      { FED: [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' } }] },
      scripted([]),
    )
    expect(r.state.step).toBe('attack-follow')
    const options = abaoaqu.options(r.state, 'ZEON')
    expect(options.defend).toEqual([{ attack: 'A1', targets: ['ZI1'], maxRanks: 2 }])
    const { lines } = compactOptions(options)
    expect(lines[0]).toBe(
      'defend A1 ranks 2  # against attack A1 on ZI1: ranks 0 to 2; unanswered, your standing order applies',
    )
    accepted(r.state, 'ZEON', lines[0]!)
    expect(orderExamples(options)).toContain('defend A1 ranks 0')
    for (const line of orderExamples(options)) accepted(r.state, 'ZEON', line)
  })
})

describe('bounds', () => {
  it('150 units on the map: at most 30 lines, each at most 240 characters, the rest counted', () => {
    const pieces: Piece[] = Array.from({ length: 150 }, (_, i) => ({
      id: `GM${i + 1}`,
      type: 'GM',
      side: 'FED' as const,
      hex: [i % 60, Math.floor(i / 60) * 4] as [number, number],
    }))
    const options = abaoaqu.options(
      sandbox([...pieces, { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [60, 11] }], 'move'),
      'FED',
    )
    const { lines, omitted } = compactOptions(options)
    expect(lines).toHaveLength(30)
    expect(omitted).toBe(120)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(240)
    expect(lines.join('\n').length).toBeLessThan(30 * 240)
  })

  it('the A-S3 set-up (105 Zeon units) groups by type and zone and stays bounded', () => {
    const state = newGame('A-S3')
    const options = abaoaqu.options(state, 'ZEON')
    expect(options.units.length).toBe(105)
    const { lines, omitted } = compactOptions(options)
    expect(lines.length + omitted).toBeLessThan(40)
    expect(lines[1]).toMatch(/^Zaku ZK1 at \d{4}, ZK2 at \d{4}, ZK3 at \d{4}, each: set up at any of \d+ hexes/)
    const small = compactOptions(options, { maxLines: 5 })
    expect(small.lines).toHaveLength(5)
    expect(small.omitted).toBe(lines.length + omitted - 5)
  })

  it('caps the attacks listed per unit and says how many more', () => {
    const state = sandbox(
      [
        { id: 'GD1', type: 'GD', side: 'FED', hex: [10, 8] },
        ...Array.from({ length: 5 }, (_, i): Piece => ({
          id: `ZK${i + 1}`,
          type: 'ZK',
          side: 'ZEON',
          hex: [10 + i, 9],
        })),
      ],
      'attack-lead',
    )
    const options = abaoaqu.options(state, 'FED')
    const total = options.units[0]!.attacks.length
    expect(total).toBeGreaterThan(3)
    const line = compactOptions(options, { maxAttacks: 3 }).lines[0]!
    expect(line).toMatch(new RegExp(`\\(\\+${total - 3} more\\)$`))
  })
})
