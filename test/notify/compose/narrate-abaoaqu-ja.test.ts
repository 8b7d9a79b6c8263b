// A-Bao-A-Qu in Japanese, for readers whose account says `ja`: narration of real engine steps, step
// titles and descriptions, option lines, their legend and the enemies nearby. Unit ids, hexes, odds
// and the order notation stay as they are; unit and side names are the scenario's.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { narrate } from '../../../src/notify/compose/index.js'
import { abaoaqu as system } from '../../../src/rulesets/abaoaqu/index.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import type { Order, State } from '../../../src/rulesets/abaoaqu/engine/types.js'
import type { View } from '../../../src/rulesets/abaoaqu/engine/view.js'
import { narrateAbaoaqu, narrationContext } from '../../../src/rulesets/abaoaqu/present/narrate.js'
import { newGame, sandbox, scripted, type Piece } from '../../engine/abaoaqu/harness.js'
import { contact, firstMove, skirmish } from './game.js'

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/

/**
 * English left in a line: a word of four letters or more, once the scenario's names (unit types,
 * sides) and the order notation's keywords are taken out.
 */
function englishIn(line: string, view: Pick<View, 'unitTypes' | 'scenario'>): string[] {
  const names = [...Object.values(view.unitTypes).map((t) => t.name), ...view.scenario.sides.map((s) => s.name)]
  let rest = line
  for (const name of names.sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ')
  rest = rest.replace(/\b(shoot|close|defend|ranks|bd)\b/g, ' ')
  return rest.match(/[A-Za-z]{4,}/g) ?? []
}

function expectJapanese(lines: string[], view: Pick<View, 'unitTypes' | 'scenario'>): void {
  expect(lines.length).toBeGreaterThan(0)
  for (const line of lines) {
    expect(line, line).toMatch(JAPANESE)
    expect(englishIn(line, view), line).toEqual([])
  }
}

function play(state: State, turns: Array<[string, Order[], number[]]>): { state: State; events: GameEvent[] } {
  const events: GameEvent[] = []
  for (const [seat, orders, faces] of turns) {
    expect(abaoaqu.validate(state, seat, orders)).toEqual([])
    const r = abaoaqu.resolve(state, { [seat]: orders }, scripted(faces))
    state = r.state
    events.push(...r.events)
  }
  return { state, events }
}

describe('a real A-S4 step narrated in Japanese', () => {
  const { events, view } = skirmish()
  const lines = narrate('abaoaqu', events, view, 'ja')

  it('moves name their units and hexes as the notation does', () => {
    expect(lines).toContain('GM1とGM2が1004から1008へ移動しました。')
    expect(lines).toContain('Gundam GD1が0202から0405へ移動しました。')
  })

  it('attacks give the totals, the odds, the die and the result', () => {
    expect(lines).toContain('攻撃A1：GM1とGM2が1009のZaku ZK1を射撃：8対2、戦力比4:1。ダイス5：Zaku ZK1は撃破。')
    expect(lines).toContain('攻撃A2：Zaku ZK1が1008のGM1を射撃：4対3、戦力比1:1。ダイス2：GM1は損害なし。')
  })

  it('has no English sentence left, and as many lines as in English', () => {
    expectJapanese(lines, view)
    expect(lines).toHaveLength(narrate('abaoaqu', events, view, 'en').length)
  })

  it('the start of a turn', () => {
    const first = firstMove()
    expect(narrate('abaoaqu', first.events, first.view, 'ja')).toEqual(['第1ターン開始。Federationが先攻です。'])
  })
})

describe('other engine events in Japanese', () => {
  const pieces: Piece[] = [
    { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 4] },
    { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 4] },
    { id: 'PB1', type: 'PA(BD)', side: 'FED', hex: [12, 4] },
    { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 6] },
    { id: 'RD1', type: 'RD', side: 'ZEON', hex: [40, 9], morale: 'C' },
    { id: 'GE1', type: 'GE', side: 'ZEON', hex: [30, 9] },
  ]

  it('a BD launch, a declaration, the damage check with its die, recovery rolls', () => {
    const lead = play(sandbox(pieces, 'attack-lead'), [
      [
        'FED',
        [
          { kind: 'bd', unit: 'PB1', target: [20, 9] },
          { kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], target: { unit: 'ZK1' } },
        ],
        [3],
      ],
    ])
    const zeonView = abaoaqu.view(lead.state, 'ZEON')
    const declared = narrate('abaoaqu', lead.events, zeonView, 'ja')
    expect(declared).toEqual([
      'Public (BD) PB1が2009へBDミサイルを発射：ダイス3で命中。2009の周囲にビーム攪乱幕が張られました。',
      'Federationが攻撃A1を宣言しました：GM1とGM2が1006のZaku ZK1を射撃：6対2、戦力比3:1。' +
        '損害判定フェイズで解決されます。',
    ])
    expectJapanese(declared, zeonView)

    const follow = play(lead.state, [['ZEON', [], [1, 6, 2]]])
    const fedView = abaoaqu.view(follow.state, 'FED')
    const lines = narrate('abaoaqu', follow.events, fedView, 'ja')
    expect(lines).toEqual(
      expect.arrayContaining([
        '攻撃A1：GM1とGM2が1006のZaku ZK1を射撃：6対2、戦力比3:1。ダイス1：Zaku ZK1は混乱。',
        'Zaku ZK1はまだ混乱状態です（ダイス6）。',
        'Rick Dom RD1は混乱から回復しました（ダイス2）。',
      ]),
    )
    expectJapanese(lines, fedView)
  })

  it('a pass, a state modifier on the die, and the end of the game with its reason', () => {
    const start = sandbox(
      pieces
        .filter((p) => p.side === 'FED' || p.id === 'ZK1')
        .map((p) => (p.id === 'ZK1' ? { ...p, morale: 'C' as const } : p)),
      'attack-lead',
    )
    const { state, events } = play(start, [
      ['FED', [{ kind: 'attack', mode: 'shoot', units: ['GM1', 'GM2'], target: { unit: 'ZK1' } }], [6]],
    ])
    const view = abaoaqu.view(state, null)
    const lines = narrate('abaoaqu', events, view, 'ja')
    expect(lines).toContain('Zeonは戦闘フェイズ（反撃）で行えることがなく、パスしました。')
    expect(lines).toContain(
      '攻撃A1：GM1とGM2が1006のZaku ZK1を射撃：6対2、戦力比3:1。ダイス6：Zaku ZK1は撃破（状態によりダイス+1）。',
    )
    expect(lines[lines.length - 1]).toBe('ゲーム終了：Federationの勝利。Zeonのユニットがすべて撃破された。')
    expectJapanese(lines, view)
  })

  it('events of other steps: pilot shifts, moves in the set-up, occupation, arrival, the turn limit', () => {
    const { view } = skirmish()
    const say = (...e: GameEvent[]) => narrateAbaoaqu(e, narrationContext(view, 'ja'))
    const lines = [
      ...say({
        type: 'attack',
        attack: 'A7',
        mode: 'close',
        attackers: ['GD1'],
        hex: [10, 9],
        targets: ['GE1'],
        attackTotal: 6,
        defenceTotal: 4,
        base: '1:1',
        attackerShift: 3,
        defenderShift: 1,
        shift: 2,
        column: '3:1',
        roll: 4,
        results: [{ unit: 'GE1', modifier: 0, result: 'D' }],
      }),
      ...say(
        { type: 'deploy', unit: 'ZK1', from: [10, 9], to: [10, 10] },
        { type: 'enter', unit: 'GM1', from: null, to: [3, 0] },
        { type: 'enter', unit: 'GM2', from: null, to: [3, 0] },
      ),
      ...say({ type: 'occupation', side: 'FED', qualified: true, streak: 2, needed: 3 }),
      ...say({ type: 'occupation', side: 'ZEON', qualified: false, streak: 0, needed: 3 }),
      ...say({ type: 'arrival-roll', group: 'zeon-fleet', roll: 3, arrivalTurn: 5 }),
      ...say({ type: 'bd-expire', hex: [12, 7], placed: 2 }),
      ...say({ type: 'game-over', winner: null, reason: 'the turn limit (8) was reached: ships destroyed 2–2' }),
    ]
    expect(lines).toEqual([
      '攻撃A7：Gundam GD1が1009のGelgoog GE1に格闘戦を挑む：6対4、戦力比1:1、' +
        'コラムシフト+2（攻撃側パイロット+3、防御側パイロット−1） → 3:1。ダイス4：Gelgoog GE1はパニック。',
      'Zaku ZK1は1009ではなく1010に配置されました。',
      'GM1とGM2が0300からマップに進入しました。',
      'Federationはこのターン目標を確保し続けました：連続2ターン目（勝利には3ターン）。',
      'Zeonはこのターン目標を確保し続けられませんでした。連続ターン数は最初から数え直しです。',
      'zeon-fleetの到着判定：ダイス3で、第5ターンに到着します。',
      '1207のビーム攪乱幕（第2ターンに展開）が消えました。',
      'ゲーム終了、引き分け：規定ターン数（8）に達した：撃沈した艦艇数 2–2。',
    ])
    // "zeon-fleet" is the scenario's group id, as the arrival roll names it.
    expectJapanese(
      lines.map((l) => l.replace('zeon-fleet', '')),
      view,
    )
  })
})

describe('step titles, descriptions, options, legend and enemies nearby in Japanese', () => {
  it('every step has a Japanese title and description; English is the engine’s own description', () => {
    const state = newGame('A-S4')
    for (const step of ['deploy', 'move', 'attack-lead', 'attack-follow', 'over']) {
      expect(system.stepTitle(step, 'ja')).toMatch(JAPANESE)
      const pending = { side: 'FED', step, sealed: false, description: 'engine words', seats: ['FED'] }
      expect(system.describeStep!(pending, 'ja')).toMatch(JAPANESE)
      expect(system.describeStep!(pending, 'ja')).not.toMatch(/[A-Za-z]{4,}/)
    }
    expect(system.stepTitle('move', 'ja')).toBe('移動フェイズ')
    expect(system.stepTitle('attack-follow', 'ja')).toBe('戦闘フェイズ（反撃）')
    const [pending] = abaoaqu.pending(state)
    expect(system.describeStep!(pending!, 'en')).toBe(pending!.description)
    expect(system.describeStep!({ ...pending!, step: 'unknown' }, 'ja')).toBe(pending!.description)
  })

  it('the options of a movement phase and of combat, and the legend', () => {
    const { state, view } = firstMove()
    const move = system.compactOptions(abaoaqu.options(state, 'FED'), 'ja')
    expect(move.lines.length).toBe(system.compactOptions(abaoaqu.options(state, 'FED'), 'en').lines.length)
    expect(move.lines).toContain('GM3（マップ外、学徒兵パイロット）：進入先は384ヘックスのいずれか（列00–63、行00–05）')
    expectJapanese(move.lines, view)

    const pieces: Piece[] = [
      { id: 'GM1', type: 'GM', side: 'FED', hex: [10, 8] },
      { id: 'GM2', type: 'GM', side: 'FED', hex: [10, 8] },
      { id: 'GD1', type: 'GD', side: 'FED', hex: [12, 8] },
      { id: 'ZK1', type: 'ZK', side: 'ZEON', hex: [10, 9] },
      { id: 'ZI1', type: 'ZI', side: 'ZEON', hex: [11, 9] },
    ]
    const lead = sandbox(pieces, 'attack-lead')
    const combat = system.compactOptions(abaoaqu.options(lead, 'FED'), 'ja').lines
    expect(combat.find((l) => l.startsWith('GM1 GM2（1008）、各自：射撃 ZK1 '))).toBeDefined()
    // The combined attacks are order lines, pasted as they are: the same in both languages.
    const orders = combat.filter((l) => /^(shoot|close) /.test(l))
    expect(orders.length).toBeGreaterThan(0)
    expect(orders).toEqual(
      system.compactOptions(abaoaqu.options(lead, 'FED'), 'en').lines.filter((l) => /^(shoot|close) /.test(l)),
    )
    expectJapanese(
      combat.filter((l) => !orders.includes(l)),
      abaoaqu.view(lead, 'FED'),
    )

    const r = abaoaqu.resolve(
      lead,
      { FED: [{ kind: 'attack', mode: 'shoot', units: ['GD1'], target: { unit: 'ZI1' } }] },
      scripted([]),
    )
    const defend = system.compactOptions(abaoaqu.options(r.state, 'ZEON'), 'ja').lines[0]!
    expect(defend).toMatch(/^defend A1 ranks 2 {2}# 攻撃A1（目標 ZI1）/)
    const parsed = abaoaqu.parseOrders(defend, r.state, 'ZEON')
    expect(parsed.ok).toBe(true)

    const legend = system.optionsLegend!('ja')
    expect(legend).toMatch(JAPANESE)
    expect(legend.replace(/shoot|close|defend/g, '')).not.toMatch(/[A-Za-z]{4,}/)
  })

  it('enemies near the reader’s units', () => {
    const { view } = contact()
    const { lines } = system.enemiesNear!(view, 'ja')
    expect(lines[0]).toBe('1008：GM1、GM2（混乱） — あなたのZK1（1009）から1ヘックス')
    expectJapanese(lines, view)
  })
})
