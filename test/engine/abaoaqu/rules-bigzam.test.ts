// A-17 Bigzam (rules/abaoaqu.md §6, §4.3): a ship in combat, immune to beam weapons, no close combat.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Hex, Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import { sandbox, submit, type Piece } from './harness.js'

type Attack = Extract<Order, { kind: 'attack' }>
const shoot = (units: string[], target: Attack['target'], hex?: Hex): Attack => ({
  kind: 'attack',
  mode: 'shoot',
  units,
  target,
  ...(hex ? { hex } : {}),
})
const close = (units: string[], target: Attack['target']): Attack => ({ kind: 'attack', mode: 'close', units, target })
const p = (id: string, type: string, side: 'FED' | 'ZEON', hex: Hex): Piece => ({ id, type, side, hex })
const rules = (s: State, orders: Order[]) => abaoaqu.validate(s, 'FED', orders).map((e) => e.rule)
const declares = (events: GameEvent[]) => events.filter((e) => e.type === 'declare')

describe('A-17 Bigzam', () => {
  it('A-17-2/A-7-1 long-range attacks on Bigzam use Attack vs Ship (four Balls: 4 × 2 × 3 = 24 vs 12)', () => {
    const s = sandbox(
      [
        p('BL1', 'BL', 'FED', [5, 5]),
        p('BL2', 'BL', 'FED', [5, 5]),
        p('BL3', 'BL', 'FED', [5, 5]),
        p('BL4', 'BL', 'FED', [5, 5]),
        p('BG1', 'BG', 'ZEON', [5, 5]),
      ],
      'attack-lead',
    )
    const r = submit(s, 'FED', [shoot(['BL1', 'BL2', 'BL3', 'BL4'], { unit: 'BG1' })])
    expect(declares(r.events)[0]).toMatchObject({ attackTotal: 24, defenceTotal: 12, base: '2:1' })
  })

  it('A-17-2 Bigzam is a SHIP group target, not an MS one', () => {
    const s = sandbox([p('BL1', 'BL', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])], 'attack-lead')
    expect(rules(s, [shoot(['BL1'], { group: 'SHIP' }, [5, 5])])).toEqual([])
    expect(rules(s, [shoot(['BL1'], { group: 'MS' }, [5, 5])])).toEqual(['A-6-4'])
  })

  it('A-17-4 an all-beam attack on Bigzam is refused', () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('GM2', 'GM', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])],
      'attack-lead',
    )
    expect(rules(s, [shoot(['GM1'], { unit: 'BG1' })])).toEqual(['A-17-4'])
    expect([...new Set(rules(s, [shoot(['GM1', 'GM2'], { unit: 'BG1' })]))]).toEqual(['A-17-4'])
  })

  it('A-17-4 a beam unit in a mixed group adds 0; the Ball keeps its value and the attack stands', () => {
    const s = sandbox(
      [p('GM1', 'GM', 'FED', [5, 5]), p('BL1', 'BL', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])],
      'attack-lead',
    )
    expect(rules(s, [shoot(['GM1', 'BL1'], { unit: 'BG1' })])).toEqual([])
    const r = submit(s, 'FED', [shoot(['GM1', 'BL1'], { unit: 'BG1' })])
    expect(declares(r.events)[0]).toMatchObject({
      attackers: ['GM1', 'BL1'],
      attackTotal: 6,
      defenceTotal: 12,
      base: '1:2',
    })
  })

  it('A-17-2/AMB-A-12 close combat on Bigzam: 2 × Attack vs Ship against its Attack vs MS, close-combat table', () => {
    const s = sandbox([p('RD1', 'RD', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])], 'attack-lead')
    const declared = submit(s, 'FED', [close(['RD1'], { unit: 'BG1' })])
    expect(declares(declared.events)[0]).toMatchObject({
      mode: 'close',
      attackTotal: 10,
      defenceTotal: 10,
      base: '1:1',
    })
    const r = submit(declared.state, 'ZEON', [], [1, 6, 6])
    expect(r.events.find((e) => e.type === 'attack' && e.mode === 'close')).toMatchObject({ table: 'ABQ-CC' })
  })

  it('AMB-A-12 option bigzamCloseFormula=ms: the attacker uses its Attack vs MS', () => {
    const s = sandbox([p('RD1', 'RD', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])], 'attack-lead', {
      bigzamCloseFormula: 'ms',
    })
    const r = submit(s, 'FED', [close(['RD1'], { unit: 'BG1' })])
    expect(declares(r.events)[0]).toMatchObject({ attackTotal: 5, defenceTotal: 10, base: '1:2' })
  })

  it('AMB-A-15 the I-field also stops beam units in close combat; option iFieldCloseCombat=false lets them in', () => {
    const pieces = [p('GM1', 'GM', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5])]
    expect(rules(sandbox(pieces, 'attack-lead'), [close(['GM1'], { unit: 'BG1' })])).toEqual(['A-17-4'])
    const r = submit(sandbox(pieces, 'attack-lead', { iFieldCloseCombat: false }), 'FED', [
      close(['GM1'], { unit: 'BG1' }),
    ])
    expect(declares(r.events)[0]).toMatchObject({ attackTotal: 8, defenceTotal: 10 })
  })

  it('A-17-3 Bigzam may not start close combat', () => {
    const s = sandbox([p('BG1', 'BG', 'FED', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])], 'attack-lead')
    expect(rules(s, [close(['BG1'], { unit: 'ZK1' })])).toEqual(['A-17-3'])
    expect(rules(s, [shoot(['BG1'], { unit: 'ZK1' })])).toEqual([])
  })

  it('A-9-4 Bigzam counts as a ship: mobile suits screen it from close combat, and it screens no other ship', () => {
    const screened = sandbox(
      [p('RD1', 'RD', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5]), p('ZK1', 'ZK', 'ZEON', [5, 5])],
      'attack-lead',
    )
    expect(rules(screened, [close(['RD1'], { unit: 'BG1' })])).toEqual(['A-9-4'])
    const open = sandbox(
      [p('RD1', 'RD', 'FED', [5, 5]), p('BG1', 'BG', 'ZEON', [5, 5]), p('MU1', 'MU', 'ZEON', [5, 5])],
      'attack-lead',
    )
    expect(rules(open, [close(['RD1'], { unit: 'MU1' })])).toEqual([])
  })
})
