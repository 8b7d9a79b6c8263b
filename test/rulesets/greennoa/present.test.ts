// GREEN NOA as players read it, in English and Japanese: the narration of real steps (moves, form
// changes, fire and melee with their dice, initiative, S expiry, the end), the step titles, the compact
// options and order examples (every order line pastes and validates), the enemies near, the catalogue.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import type { Locale } from '../../../src/i18n/index.js'
import { ruleSystem } from '../../../src/rulesets/index.js'
import type { GnSeatOptions } from '../../../src/rulesets/greennoa/engine/seat-options.js'
import type { GnOrder, GnState } from '../../../src/rulesets/greennoa/engine/types.js'
import { scenarioOf, stateOf, type Placed } from './fixture.js'

const system = ruleSystem('greennoa')!
const rules = system.ruleset

function play(state: GnState, seat: string, orders: GnOrder[], faces: number[] = []) {
  return rules.resolve(state, { [seat]: orders }, scriptedDice(faces)) as { state: GnState; events: GameEvent[] }
}
const tell = (events: GameEvent[], state: GnState, locale: Locale, viewer = 'AEUG') =>
  system.narrate(events, rules.view(state, viewer), locale)

/** A Japanese line: no catalogue key, no placeholder, no English word (ids, F/L/R programs and codes are capitals). */
function expectJapanese(lines: string[]): void {
  for (const line of lines) {
    expect(line).not.toMatch(/\{\{|\b(ev|opt|mod|near|side|form|phase|step)\.[A-Za-z]/)
    expect(line, line).not.toMatch(/[a-z]{3,}/)
  }
}

const duel: Placed[] = [
  { id: 'HS1', type: 'HYAKUSHIKI', side: 'AEUG', col: 2, row: 2, facing: 2, pilot: 'quattro' },
  { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0, pilot: 'kamille' },
  { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 3, facing: 0 },
  { id: 'ME1', type: 'MESSALA', side: 'TITANS', col: 10, row: 8, facing: 5, pilot: 'scirocco' },
]

describe('GREEN NOA narration', () => {
  it('tells the set-up and the initiative, a tie re-rolled, with each die', () => {
    const r = rules.setup(scenarioOf(duel), { players: 2 }, scriptedDice([3, 3, 2, 5]))
    const state = r.state as GnState
    expect(tell(r.events, state, 'en')).toEqual([
      'The game was set up: scenario GN-TEST.',
      'Inning 1, initiative: both sides rolled 3, a tie; rolled again (GAP-GN-3).',
      'Inning 1, initiative phase (GN-3-2): AEUG rolled 2, Titans 5; Titans is the first player.',
    ])
    const ja = tell(r.events, state, 'ja')
    expect(ja).toEqual([
      'ゲーム開始：シナリオ GN-TEST。',
      '第1イニング 先攻決定：両軍とも 3 で同点のため振り直します（GAP-GN-3）。',
      '第1イニング 先攻決定フェイズ（GN-3-2）：エゥーゴ 2、ティターンズ 5。ティターンズが先攻です。',
    ])
  })

  it('tells a form change and a move, with the Japanese type names and facings', () => {
    const r = play(stateOf(duel), 'AEUG', [
      { kind: 'transform', unit: 'HS1', form: 'launcher' },
      { kind: 'move', unit: 'MK1', steps: ['F', 'R', 'F'] },
    ])
    expect(tell(r.events, r.state, 'en')).toEqual([
      'Hyaku-Shiki HS1 changed from normal form to the Mega Bazooka Launcher (GN-11-2): its MP is halved this ' +
        'movement phase.',
      'Gundam MkII MK1 moved from 0505 to 0604, now facing NE (FRF: 3 MP, 1 turn).',
    ])
    const ja = tell(r.events, r.state, 'ja')
    expect(ja).toEqual([
      '百式 HS1が通常形態からメガバズーカランチャー装備状態へ変形しました（GN-11-2）。この移動フェイズの移動力は半分になります。',
      'ガンダムMkⅡ MK1が 0505 から 0604 へ移動、向き北東（FRF：移動力3、旋回1回）。',
    ])
    expectJapanese(ja)
  })

  it('tells a declared fire, then its dice in the damage confirmation with every modifier and rule', () => {
    let s = play(stateOf(duel), 'AEUG', []).state
    const declared = play(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }])
    s = declared.state
    expect(tell(declared.events, s, 'en')).toEqual([
      'Gundam MkII MK1 declared fire at Hizack HZ1 (difference +5, GN-7-3); it is resolved in the damage ' +
        'confirmation phase.',
    ])
    expect(tell(declared.events, s, 'ja')).toEqual([
      'ガンダムMkⅡ MK1がハイザック HZ1への射撃を宣言（差+5、GN-7-3）。結果は被害確認フェイズで出します。',
    ])
    // ④ Titans pass; ⑤ MK1's fire: 3+3, from HZ1's rear +2, Kamille's skill +1 = 9 on column +5: E.
    const r = play(s, 'TITANS', [], [3, 3])
    const en = tell(r.events, r.state, 'en')
    expect(en).toEqual([
      "⑤ second player's damage confirmation phase: the attack declared in ③ is resolved now (GN-3-2).",
      'Gundam MkII MK1 fired at Hizack HZ1: difference +5; 2D6 rolled 3+3, from the rear +2 (GN-10-3), ' +
        'pilots +1 (GAP-GN-2) = 9 on the fire table (GN-7-7): E: destroyed.',
      'Hizack HZ1 was destroyed and taken off the map (GN-7-7).',
    ])
    const ja = tell(r.events, r.state, 'ja')
    expect(ja).toEqual([
      '⑤ 後攻側被害確認フェイズ：③で宣言された攻撃1件の結果を出します（GN-3-2）。',
      'ガンダムMkⅡ MK1がハイザック HZ1を射撃：差+5、2D6 3+3、後面から+2（GN-10-3）、パイロット +1（GAP-GN-2） ＝ 9' +
        '（射撃判定表 GN-7-7）→ E：破壊。',
      'ハイザック HZ1は破壊され、地図盤より取り除かれました（GN-7-7）。',
    ])
    expectJapanese(ja)
  })

  it('tells the compulsory melee, its dice, a lapsed attack and the end of the game', () => {
    const stacked: Placed[] = [
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0 },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 5, facing: 3 },
    ]
    // AEUG moves; then nobody has a choice: ③ MK1 and ④ HZ1 can only melee, which the rules add (GN-5-2), so
    // both combat phases pass by themselves. ④ HZ1's melee at once: 1+1 = 2 on column −1: AE, HZ1 is
    // destroyed; ⑤ MK1's melee lapses.
    const r = play(stateOf(stacked), 'AEUG', [], [1, 1])
    const en = tell(r.events, r.state, 'en')
    expect(en).toEqual([
      "③ first player's combat phase (AEUG): no unit can fire, so there is nothing to decide and the phase passes " +
        "by itself; a unit in an enemy's hex still melees it (GN-5-2).",
      'Gundam MkII MK1 shares a hex with Hizack HZ1 and must melee it (GN-5-2): difference +1; it is resolved ' +
        'in the damage confirmation phase.',
      "④ second player's combat phase (Titans): no unit can fire, so there is nothing to decide and the phase " +
        "passes by itself; a unit in an enemy's hex still melees it (GN-5-2).",
      'Hizack HZ1 attacked Gundam MkII MK1 in their shared hex (compulsory melee, GN-5-2): difference −1; ' +
        '2D6 rolled 1+1 = 2 on the melee table (GN-8-4): AE: attacker destroyed.',
      'Hizack HZ1 was destroyed and taken off the map (GN-8-4).',
      "⑤ second player's damage confirmation phase: the attack declared in ③ is resolved now (GN-3-2).",
      "Gundam MkII MK1's melee against Hizack HZ1 lapsed: the target was already destroyed (GN-6-1).",
      'The game is over (a side has no unit left): victory points AEUG 3, Titans 0; AEUG wins (GAP-GN-6).',
    ])
    const ja = tell(r.events, r.state, 'ja')
    expect(ja[0]).toBe(
      '③ 先攻側戦闘フェイズ（エゥーゴ）：射撃できるユニットがなく決めることがないため、このフェイズは自動的にパスします。' +
        '敵とスタックしているユニットはその敵と格闘戦を行います（GN-5-2）。',
    )
    expect(ja[3]).toBe(
      'ハイザック HZ1がスタックしているガンダムMkⅡ MK1に格闘戦（強制、GN-5-2）：差−1、2D6 1+1 ＝ 2（格闘戦結果表 GN-8-4）' +
        '→ AE：攻撃側破壊。',
    )
    expect(ja[7]).toBe(
      'ゲーム終了（一方の軍のユニットが全滅）：勝利得点 エゥーゴ 3、ティターンズ 0。エゥーゴの勝利です（GAP-GN-6）。',
    )
    expectJapanese(ja)
  })

  it('tells an S given and an S that ends', () => {
    // MK1 fires at HZ1 from its front: 1+3 = 4, +1 pilots = 5 on column +5: S until ⑤ of inning 2.
    const front: Placed[] = [
      { id: 'MK1', type: 'MK2', side: 'AEUG', col: 5, row: 5, facing: 0, pilot: 'kamille' },
      { id: 'HZ1', type: 'HIZACK', side: 'TITANS', col: 5, row: 3, facing: 3 },
    ]
    let s = play(stateOf(front), 'AEUG', []).state
    s = play(s, 'AEUG', [{ kind: 'fire', unit: 'MK1', target: 'HZ1' }]).state
    const hit = play(s, 'TITANS', [], [1, 3])
    expect(tell(hit.events, hit.state, 'en').slice(1)).toEqual([
      'Gundam MkII MK1 fired at Hizack HZ1: difference +5; 2D6 rolled 1+3, from the front ±0 (GN-10-3), pilots +1 ' +
        '(GAP-GN-2) = 5 on the fire table (GN-7-7): S: unable to act for an inning.',
      'Hizack HZ1 is S, unable to act, until the end of phase ⑤ of inning 2 (AMB-GN-6).',
      // HZ1, Titans' one unit, is S: their movement and combat phases pass by themselves (GN-3-2).
      "⑥ second player's movement phase (Titans): no unit can move or change form, so the phase passes by itself " +
        '(GN-3-2).',
      "⑦ second player's combat phase (Titans): no unit can fire, so there is nothing to decide and the phase " +
        "passes by itself; a unit in an enemy's hex still melees it (GN-5-2).",
    ])
    expect(tell(hit.events, hit.state, 'ja')[2]).toBe(
      'ハイザック HZ1は行動不能（S）：第2イニング⑤の終了まで行動できません（AMB-GN-6）。',
    )
    // A unit whose S ends with this movement phase.
    const state = stateOf(front)
    state.units.find((u) => u.id === 'HZ1')!.s = { inning: 1, phase: 2 }
    const r = play(state, 'AEUG', [])
    expect(tell(r.events, r.state, 'en')).toEqual([
      'Hizack HZ1 can act again: its S ended with phase ② of inning 1 (AMB-GN-6).',
    ])
    const ja = tell(r.events, r.state, 'ja')
    expect(ja).toEqual(['ハイザック HZ1の行動不能（S）が第1イニング②の終了で解けました（AMB-GN-6）。'])
    expectJapanese(ja)
  })

  it('never throws: unknown events get the generic line, a view it cannot read names units by id', () => {
    const events = [
      { type: 'warp', ref: 'GN-99', unit: 'HS1' },
      { type: 'fire', unit: 'HS1', target: 'ME1', dice: 'x' },
      { type: 'destroyed', ref: 'GN-7-7', unit: 'HS1' },
    ] as GameEvent[]
    for (const locale of ['en', 'ja'] as const)
      for (const view of [null, { system: 'abaoaqu' }, { system: 'greennoa', units: 'x' }]) {
        const lines = system.narrate(events, view, locale)
        expect(lines[0]).toBe('Event "warp" (GN-99): unit HS1.')
        expect(lines[1]).toMatch(/^Event "fire"/)
        expect(lines[2]).toBe(
          locale === 'en'
            ? 'HS1 was destroyed and taken off the map (GN-7-7).'
            : 'HS1は破壊され、地図盤より取り除かれました（GN-7-7）。',
        )
      }
  })

  it('names each step, and describes it with its phase and side', () => {
    expect(system.stepTitle('movement', 'en')).toBe('movement phase')
    expect(system.stepTitle('movement', 'ja')).toBe('移動フェイズ')
    expect(system.stepTitle('declare', 'ja')).toBe('戦闘フェイズ（攻撃宣言）')
    expect(system.stepTitle('attack', 'en')).toBe('combat phase (resolved at once)')
    const s = stateOf(duel)
    const [movement] = rules.pending(s)
    expect(system.describeStep!(movement!, 'en')).toMatch(/^② first player's movement phase \(AEUG\): form changes/)
    expect(system.describeStep!(movement!, 'ja')).toMatch(/^② 先攻移動フェイズ（エゥーゴ）：まず変形/)
    const [declare] = rules.pending(play(s, 'AEUG', []).state)
    expect(system.describeStep!(declare!, 'ja')).toMatch(
      /^③ 先攻側戦闘フェイズ（エゥーゴ）：各ユニット1回ずつ攻撃を宣言/,
    )
    const four = play(play(s, 'AEUG', []).state, 'AEUG', []).state
    expect(system.describeStep!(rules.pending(four)[0]!, 'en')).toMatch(
      /^④ second player's combat phase \(Titans\): one attack a unit/,
    )
  })
})

/** The lines that start with an order, each parsed and validated alone for `seat`. */
function checkOrderLines(lines: string[], state: GnState, seat: string): number {
  const orderLines = lines.filter((l) => /^\S+ (move|form|remove|fire|melee)\b/.test(l))
  for (const line of orderLines) {
    const parsed = rules.parseOrders(line, state, seat)
    expect(parsed.ok, `${line}: ${JSON.stringify(parsed)}`).toBe(true)
    expect(rules.validate(state, seat, parsed.orders ?? []), line).toEqual([])
  }
  return orderLines.length
}

describe('GREEN NOA compact options, examples and enemies near', () => {
  it('movement: a line a unit, then the farthest move and each form change, all pasteable', () => {
    const state = stateOf(duel)
    const options = rules.options(state, 'AEUG')
    const en = system.compactOptions(options, 'en')
    expect(en.omitted).toBe(0)
    expect(en.lines[0]).toMatch(/^Hyaku-Shiki HS1 \(normal form\) at 0202 facing SE: 7 MP, 4 turns left; \d+ ends, /)
    expect(en.lines[0]).toMatch(/, cols \d\d–\d\d, rows \d\d–\d\d$/)
    expect(en.lines).toContainEqual(
      expect.stringMatching(/^HS1 move F+ {2}# farthest: to \d{4} facing SE, 7 MP, 0 turns$/),
    )
    expect(en.lines).toContain(
      'HS1 form launcher  # change to the Mega Bazooka Launcher: 2 MP this phase (halved, GN-11), ' +
        `${(options as GnSeatOptions).units[0]!.formMoves[0]!.moves.length} ends`,
    )
    expect(en.lines).toContainEqual(expect.stringMatching(/^Gundam MkII MK1 at 0505 facing N: 6 MP, 3 turns left;/))
    expect(checkOrderLines(en.lines, state, 'AEUG')).toBe(3)
    const ja = system.compactOptions(options, 'ja')
    expect(ja.lines[0]).toMatch(/^百式 HS1（通常形態）：0202、向き南東、移動力7、残り旋回4回。終点\d+通り/)
    expect(ja.lines).toContainEqual(
      expect.stringMatching(/^HS1 form launcher {2}# メガバズーカランチャー装備状態へ変形：この移動フェイズの移動力2/),
    )
    expect(checkOrderLines(ja.lines, state, 'AEUG')).toBe(3)
    expect(system.optionsLegend!('en')).toMatch(/can be pasted into your reply/)
    expect(system.optionsLegend!('ja')).toMatch(/そのまま返信に貼り付けられます/)
    // The other seat has nothing to decide now.
    expect(system.compactOptions(rules.options(state, 'TITANS'), 'en')).toEqual({ lines: [], omitted: 0 })
    expect(system.compactOptions({ nonsense: true }, 'ja')).toEqual({ lines: [], omitted: 0 })
  })

  it('combat: every legal attack as an order line with its difference, direction and odds', () => {
    const state = play(stateOf(duel), 'AEUG', []).state
    const options = rules.options(state, 'AEUG')
    const en = system.compactOptions(options, 'en')
    expect(en.lines).toContainEqual(
      expect.stringMatching(
        /^MK1 fire HZ1 {2}# difference \+5, 2 hexes, from the rear \+2 \(GN-10-3\), pilots \+1 \(GAP-GN-2\): E 3\d\/36/,
      ),
    )
    expect(checkOrderLines(en.lines, state, 'AEUG')).toBe(en.lines.length)
    const ja = system.compactOptions(options, 'ja')
    expect(ja.lines).toContainEqual(
      expect.stringMatching(/^MK1 fire HZ1 {2}# 差\+5、距離2、後面から\+2（GN-10-3）、パイロット \+1/),
    )
    const sums = en.lines.map((l) => [...l.matchAll(/(\d+)\/36/g)].reduce((n, m) => n + Number(m[1]), 0))
    expect(sums.every((n) => n === 36)).toBe(true)
  })

  it('order examples parse and validate together, in movement and in combat', () => {
    let state = stateOf(duel)
    for (let i = 0; i < 2; i++) {
      const examples = system.orderExamples(rules.options(state, 'AEUG'))
      expect(examples.at(-1)).toBe('pass')
      expect(examples.length).toBeGreaterThan(1)
      const parsed = rules.parseOrders(examples.slice(0, -1).join('\n'), state, 'AEUG')
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true)
      expect(rules.validate(state, 'AEUG', parsed.orders ?? [])).toEqual([])
      state = play(state, 'AEUG', []).state
    }
    expect(system.orderExamples(null)).toEqual(['pass'])
  })

  it('lists the enemies near the reader, nearest first, with distance and fire arcs', () => {
    const state = stateOf(duel)
    const near = system.enemiesNear!(rules.view(state, 'AEUG'), 'en')
    expect(near).toEqual({
      lines: [
        'Hizack HZ1 at 0503 facing N: 2 hexes from your MK1 at 0505; in the fire arc of your HS1 MK1, ' +
          'your HS1 in its fire arc',
        'Messala ME1 at 1008 facing NW: 5 hexes from your MK1 at 0505; in the fire arc of your HS1, ' +
          'your HS1 MK1 in its fire arc',
      ],
      omitted: 0,
    })
    const ja = system.enemiesNear!(rules.view(state, 'AEUG'), 'ja')
    expect(ja.lines[0]).toBe(
      'ハイザック HZ1：0503、向き北。味方MK1（0505）から2ヘックス。味方HS1 MK1の射界内、味方HS1がその射界内',
    )
    // HZ1 faces away from MK1: MK1 is outside the Titans' arcs, HZ1 inside MK1's.
    const away = stateOf(duel.filter((u) => u.id === 'MK1' || u.id === 'HZ1'))
    expect(system.enemiesNear!(rules.view(away, 'TITANS'), 'en').lines).toEqual([
      'Gundam MkII MK1 at 0505 facing N: 2 hexes from your HZ1 at 0503; outside your fire arcs, ' +
        'your HZ1 in its fire arc',
    ])
    expect(system.enemiesNear!(rules.view(away, 'TITANS'), 'ja').lines).toEqual([
      'ガンダムMkⅡ MK1：0505、向き北。味方HZ1（0503）から2ヘックス。味方の射界外、味方HZ1がその射界内',
    ])
    expect(system.enemiesNear!(rules.view(state, 'observer'), 'en')).toEqual({ lines: [], omitted: 0 })
    expect(system.enemiesNear!({ system: 'greennoa' }, 'ja')).toEqual({ lines: [], omitted: 0 })
  })
})

describe('GREEN NOA catalogue entries', () => {
  it('lists its three scenarios: Japanese and English titles, two sides, a seat a side, house data, GAP-GN-8', () => {
    const entries = system.scenarios()
    expect(entries.map((e) => e.summary.id)).toEqual(['GN-D1', 'GN-H1', 'GN-S1'])
    const d1 = entries[0]!.summary
    expect(d1.title).toBe('赤い彗星と木星帰りの男 — Red Comet and the Jupiter Man')
    expect(d1.players).toEqual({ min: 2, max: 2 })
    expect(d1.sides).toEqual([
      { id: 'AEUG', name: 'AEUG エゥーゴ' },
      { id: 'TITANS', name: 'TITANS ティターンズ' },
    ])
    for (const { summary } of entries) {
      expect(summary.seatLayouts).toEqual([
        {
          players: 2,
          seats: [
            { id: 'AEUG', side: 'AEUG', groups: ['AEUG'] },
            { id: 'TITANS', side: 'TITANS', groups: ['TITANS'] },
          ],
        },
      ])
      expect(summary.houseData).toBe(true)
      expect(summary.notes).toContainEqual(expect.stringMatching(/^GAP-GN-8: rules 7-5 and 7-6 are missing/))
      expect(summary.notes).toContainEqual(expect.stringMatching(/^HOUSE data/))
    }
    expect(system.scenarios()).toBe(entries)
  })
})

describe('GREEN NOA game-over reasons', () => {
  const gn = ruleSystem('greennoa')!
  it('reads the engine’s reason back: the same words in English, the catalogue’s in Japanese', () => {
    const won = { winner: 'AEUG', reason: 'AEUG 6, Titans 1 victory points', ref: 'GAP-GN-6' }
    const drawn = { winner: null, reason: 'AEUG 3, Titans 3 victory points: a draw', ref: 'GAP-GN-6' }
    expect(gn.describeOutcome!(won, 'en')).toBe(won.reason)
    expect(gn.describeOutcome!(drawn, 'en')).toBe(drawn.reason)
    expect(gn.describeOutcome!(won, 'ja')).toBe('勝利得点 エゥーゴ 6、ティターンズ 1')
    expect(gn.describeOutcome!(drawn, 'ja')).toBe('勝利得点 エゥーゴ 3、ティターンズ 3：引き分け')
    // A reason of another form (a resignation, written by the server) is left as it is.
    expect(gn.describeOutcome!({ winner: 'AEUG', reason: 'TITANS resigned', ref: 'resign' }, 'ja')).toBe(
      'TITANS resigned',
    )
  })
})
