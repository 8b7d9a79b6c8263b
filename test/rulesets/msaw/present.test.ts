// MS@W as players read it, in English and Japanese: the narration of the spec's worked combat example
// (TV-M-01) and of every other event, step titles and descriptions, how a game ended, the compact options and
// order examples (a move toward an enemy within the Move, by the table's exact lengths), the enemies near,
// the status panel, and the table map of a view (discs, paths, fire, losses, zones, ranges on request).
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { createDice } from '../../../src/engine/dice.js'
import { distance, pathLength, parseInches } from '../../../src/engine/table/index.js'
import type { Locale } from '../../../src/i18n/index.js'
import { fallbackLine } from '../../../src/present/narrate-fallback.js'
import type {
  ItemState,
  MsEvent,
  MsSeatOptions,
  MsSuitOptions,
  MsSuitView,
  MsView,
  Pt,
} from '../../../src/rulesets/msaw/engine/types.js'
import { msaw } from '../../../src/rulesets/msaw/engine/index.js'
import { checkMove } from '../../../src/rulesets/msaw/engine/movement.js'
import { parseOrders } from '../../../src/rulesets/msaw/engine/notation.js'
import { msawPresent } from '../../../src/rulesets/msaw/present/index.js'
import { makeState } from './fixture-notation.js'
import { playGame, scenarioData } from './fuzz.js'

// ---- hand-made views (engine/types.ts MsView) -------------------------------------------------------------

type ItemView = MsSuitView['items'][number]

function item(id: string, name: string, nameJa: string | undefined, place: ItemState['place'], extra = {}): ItemView {
  return { id, type: id.replace(/-[23]$/, ''), place, name, ...(nameJa ? { nameJa } : {}), usable: true, ...extra }
}

function gm(over: Partial<MsSuitView> = {}): MsSuitView {
  return {
    id: 'GM1',
    type: 'gm',
    name: 'RGM-79 GM',
    nameJa: 'ジム',
    side: 'federation',
    seat: 'fed',
    at: { x: 2000, y: 1000 },
    hp: 19,
    maxHp: 20,
    attack: 12,
    defend: 10,
    move: 1000,
    hover: null,
    items: [
      item('gm-vulcan', 'vulcan guns', 'バルカン砲', 'fixed', { ammo: 20 }),
      item('beam-saber', 'beam saber', 'ビーム・サーベル', 'R'),
      item('gm-shield', 'shield', 'シールド', 'L', { body: 8 }),
    ],
    destroyed: false,
    errorPhases: 0,
    aim: null,
    activated: false,
    policy: { shield: 'always', counter: 'best' },
    ...over,
  }
}

function zaku(over: Partial<MsSuitView> = {}): MsSuitView {
  return {
    id: 'ZAKU1',
    type: 'zaku2',
    name: 'MS-06 Zaku II',
    nameJa: 'ザクII',
    side: 'zeon',
    seat: 'zeon',
    at: { x: 2000, y: 1180 },
    hp: 19,
    maxHp: 19,
    attack: 11,
    defend: 9,
    move: 900,
    hover: null,
    items: [
      item('shoulder-shield', 'shoulder shield', undefined, 'fixed', { body: 7 }),
      item('shoulder-spikes', 'shoulder spikes', undefined, 'fixed'),
      // No Japanese name in the view: the catalogue's (locales/ja/msaw.json) is used.
      item('heat-hawk', 'heat hawk', undefined, 'R'),
      item('zaku-mg', '120mm machine gun', undefined, 'stowed', { ammo: 17 }),
    ],
    destroyed: false,
    errorPhases: 0,
    aim: null,
    activated: true,
    policy: null,
    ...over,
  }
}

function msView(suits: MsSuitView[], over: Partial<MsView> = {}): MsView {
  return {
    system: 'msaw',
    scenario: { id: 'duel', title: 'Duel at the ridge' },
    table: { width: 4800, height: 4800 },
    terrain: [
      {
        id: 'ridge',
        name: 'Ridge',
        nameJa: '尾根',
        polygon: [
          { x: 1000, y: 2000 },
          { x: 1500, y: 2000 },
          { x: 1500, y: 2500 },
        ],
        blocksLOS: true,
        move: 'impassable',
      },
    ],
    sides: [
      { id: 'federation', name: 'Federation', nameJa: '連邦軍', zone: { x0: 0, y0: 0, x1: 4800, y1: 600 } },
      { id: 'zeon', name: 'Zeon', nameJa: 'ジオン軍', zone: { x0: 0, y0: 4200, x1: 4800, y1: 4800 } },
    ],
    seats: [
      { id: 'fed', side: 'federation' },
      { id: 'zeon', side: 'zeon' },
    ],
    viewer: 'fed',
    round: 2,
    step: 'action',
    order: ['zeon', 'fed'],
    active: 'zeon',
    current: null,
    suits,
    dropped: [],
    reaction: null,
    options: {
      rough: false,
      aim: true,
      oneHitKill: true,
      systemError: true,
      roundLimit: 12,
      counterOncePerRound: false,
      goufShieldBody: 40,
    },
    winner: null,
    reason: null,
    ...over,
  }
}

const view = msView([gm(), zaku()])

// ---- TV-M-01: the spec's worked combat example, as the GM's player reads it -------------------------------

const TV_M_01: MsEvent[] = [
  { type: 'activation', ref: 'MS-2.0', ms: 'ZAKU1' },
  { type: 'switched', ref: 'MS-2.2', ms: 'ZAKU1', ops: [{ op: 'draw', item: 'heat-hawk', hand: 'R' }] },
  {
    type: 'moved',
    ref: 'MS-2.1',
    ms: 'ZAKU1',
    from: { x: 2000, y: 2800 },
    path: [{ x: 2000, y: 1180 }],
    length: 1620,
    cost: 1620,
    hover: false,
  },
  {
    type: 'attack',
    ref: 'MS-3.4',
    ms: 'ZAKU1',
    target: 'GM1',
    weapon: 'heat-hawk',
    counter: false,
    distance: 180,
    score: 11,
    dice: [3, 3, 4],
    roll: 10,
    hit: true,
    ammoLeft: null,
  },
  { type: 'shield', ref: 'MS-3.7', ms: 'GM1', shield: 'gm-shield', use: true },
  { type: 'defend', ref: 'MS-3.5', ms: 'GM1', defend: 10, dice: [5, 4, 2], roll: 11, result: 'full' },
  {
    type: 'damage',
    ref: 'MS-3.6',
    ms: 'GM1',
    weapon: 'heat-hawk',
    dice: [3],
    rolled: 3,
    total: 3,
    toShield: 2,
    toHp: 1,
    hp: 19,
    shield: 'gm-shield',
    shieldBody: 8,
    shieldDestroyed: false,
  },
  {
    type: 'attack',
    ref: 'MS-3.4',
    ms: 'GM1',
    target: 'ZAKU1',
    weapon: 'beam-saber',
    counter: true,
    distance: 180,
    score: 12,
    dice: [6, 5, 5],
    roll: 16,
    hit: false,
    ammoLeft: null,
  },
]

const events = (list: MsEvent[]) => list as unknown as GameEvent[]
const tell = (list: MsEvent[], locale: Locale, v: unknown = view) => msawPresent.narrate(events(list), v, locale)

describe('MS@W narration', () => {
  it('tells TV-M-01 in English: hit 10 ≤ 11, shield declared, full damage split 2 / 1, the counter misses', () => {
    expect(tell(TV_M_01, 'en')).toEqual([
      'ZAKU1 (MS-06 Zaku II) activates (MS-2.0).',
      'ZAKU1 draws its heat hawk into the right hand (MS-2.2).',
      'ZAKU1 moves 16.2" from 20,28 to 20,11.8 (MS-2.1).',
      'ZAKU1 attacks your GM1 with its heat hawk at 1.8": rolls 10 (3+3+4) against 11: hit.',
      'Your GM1 uses its shield and rolls 11 (5+4+2) against Defend 10: full damage.',
      'Heat hawk damage 3: shield takes 2 (body 8 left), your GM1 takes 1 (HP 19).',
      'Your GM1 counterattacks ZAKU1 with its beam saber at 1.8": rolls 16 (6+5+5) against 12: miss.',
    ])
  })

  it('tells TV-M-01 in Japanese, with the catalogue’s name for an item the view names only in English', () => {
    expect(tell(TV_M_01, 'ja')).toEqual([
      'ZAKU1（ザクII）が行動します（MS-2.0）。',
      'ZAKU1はヒートホークを右手に持ちました（MS-2.2）。',
      'ZAKU1が20,28から20,11.8へ16.2インチ移動（MS-2.1）。',
      'ZAKU1が自機GM1をヒートホークで攻撃（距離1.8インチ）：ダイス10（3+3+4）、攻撃値11：命中。',
      '自機GM1はシールドを使い、防御ロール11（5+4+2）、防御値10：ダメージ全量。',
      'ヒートホークのダメージ3：シールドに2（耐久残り8）、自機GM1に1（HP 19）。',
      '自機GM1がZAKU1にビーム・サーベルで反撃（距離1.8インチ）：ダイス16（6+5+5）、攻撃値12：外れ。',
    ])
  })

  it('the Zeon player reads the same exchange with their own suit as "your ZAKU1"', () => {
    const lines = tell(TV_M_01, 'en', { ...view, viewer: 'zeon' })
    expect(lines[3]).toBe('Your ZAKU1 attacks GM1 with its heat hawk at 1.8": rolls 10 (3+3+4) against 11: hit.')
    expect(lines[5]).toBe('Heat hawk damage 3: shield takes 2 (body 8 left), GM1 takes 1 (HP 19).')
  })

  it('halved damage, a destroyed shield, ammo left, a bonus to the damage dice', () => {
    const lines = tell(
      [
        {
          type: 'attack',
          ref: 'MS-3.4',
          ms: 'GM1',
          target: 'ZAKU1',
          weapon: 'gm-vulcan',
          counter: false,
          distance: 550,
          score: 12,
          dice: [1, 2, 3],
          roll: 6,
          hit: true,
          ammoLeft: 19,
        },
        { type: 'defend', ref: 'MS-3.5', ms: 'ZAKU1', defend: 9, dice: [3, 3, 3], roll: 9, result: 'half' },
        {
          type: 'damage',
          ref: 'MS-3.6',
          ms: 'ZAKU1',
          weapon: 'gm-vulcan',
          dice: [5],
          rolled: 7,
          total: 4,
          toShield: 2,
          toHp: 2,
          hp: 17,
          shield: 'shoulder-shield',
          shieldBody: 0,
          shieldDestroyed: true,
        },
      ],
      'en',
    )
    expect(lines).toEqual([
      'Your GM1 attacks ZAKU1 with its vulcan guns at 5.5": rolls 6 (1+2+3) against 12: hit; 19 shots left.',
      'ZAKU1 rolls 9 (3+3+3) against Defend 9: half damage.',
      'Vulcan guns damage 7 (5+2), halved to 4: shoulder shield takes 2 and is destroyed, ZAKU1 takes 2 (HP 17).',
    ])
  })

  /** One event of every type of engine/types.ts MsEvent. */
  const EVERY: MsEvent[] = [
    {
      type: 'initiative',
      ref: 'MS-1.1',
      round: 2,
      rolls: [
        { seat: 'fed', rolls: [4, 2] },
        { seat: 'zeon', rolls: [4, 6] },
      ],
      order: ['zeon', 'fed'],
    },
    { type: 'upkeep', ref: 'MS-4.4', ms: 'ZAKU1', what: 'error-ends' },
    { type: 'upkeep', ref: 'MS-4.2', ms: 'GM1', what: 'aim-expired' },
    { type: 'upkeep', ref: 'AMB-M-10', ms: 'ZAKU1', what: 'recharged' },
    { type: 'phase-begins', ref: 'MS-1.2', seat: 'zeon', round: 2 },
    { type: 'activation', ref: 'MS-2.0', ms: 'ZAKU1' },
    { type: 'error-skip', ref: 'MS-4.4', ms: 'ZAKU1', left: 2 },
    {
      type: 'moved',
      ref: 'MS-2.1',
      ms: 'GM1',
      from: { x: 1250, y: 800 },
      path: [
        { x: 1400, y: 900 },
        { x: 1500, y: 1025 },
      ],
      length: 341,
      cost: 500,
      hover: false,
    },
    {
      type: 'switched',
      ref: 'MS-2.2',
      ms: 'GM1',
      ops: [
        { op: 'stow', item: 'beam-saber' },
        { op: 'drop', item: 'gm-shield' },
        { op: 'pickup', drop: 'd1', hand: 'R' },
      ],
    },
    { type: 'dropped', ref: 'MS-2.2', ms: 'GM1', drop: 'd2', item: 'gm-shield', at: { x: 1500, y: 1025 } },
    { type: 'picked-up', ref: 'MS-2.2', ms: 'GM1', drop: 'd1', item: 'beam-rifle' },
    {
      type: 'attack-void',
      ref: 'MS-3.1',
      ms: 'ZAKU1',
      target: 'GM1',
      weapon: 'zaku-mg',
      why: 'msaw.combat.attack.noSight',
    },
    { type: 'one-hit-kill', ref: 'MS-4.3', ms: 'ZAKU1', target: 'GM1' },
    { type: 'system-error', ref: 'MS-4.4', ms: 'ZAKU1', die: 4 },
    { type: 'shield', ref: 'MS-3.7', ms: 'GM1', shield: 'gm-shield', use: false },
    { type: 'destroyed', ref: 'GAP-M-5', ms: 'ZAKU1', by: 'GM1', cost: 100 },
    { type: 'no-counter', ref: 'MS-3.8', ms: 'GM1', why: 'declined' },
    { type: 'aimed', ref: 'MS-4.2', ms: 'GM1', target: 'ZAKU1' },
    { type: 'waiting', ref: '§8', ms: 'GM1', seat: 'fed', kind: 'counter' },
    { type: 'policy', ref: '§8', ms: 'GM1', shield: 'ask', counter: 'best' },
    { type: 'deployed', ref: 'GAP-M-4', ms: 'GM1', at: { x: 1200, y: 300 } },
    { type: 'phase-ends', ref: 'MS-1.3', seat: 'zeon', round: 2, skipped: ['ZAKU2'] },
    { type: 'round-ends', ref: 'MS-1.4', round: 2 },
    { type: 'game-over', ref: 'GAP-M-4', winner: 'federation', reason: 'annihilation' },
  ]

  it('tells every other event type in English, a sentence each', () => {
    expect(tell(EVERY, 'en')).toEqual([
      'Round 2 initiative: Federation (you) rolls 4 then 2, Zeon rolls 4 then 6; ' +
        'order: Zeon, Federation (you) (MS-1.1).',
      'ZAKU1 recovers from its system error and may act again (MS-4.4).',
      "Your GM1's aim has expired (MS-4.2).",
      "ZAKU1's Magella attack cannon has recharged (AMB-M-10).",
      'Round 2: the action phase of Zeon begins (MS-1.2).',
      'ZAKU1 (MS-06 Zaku II) activates (MS-2.0).',
      'ZAKU1 sat out this action phase in system error; 2 more to sit out (MS-4.4).',
      'Your GM1 moves 3.41" from 12.5,8 to 15,10.25 by way of 14,9, spending 5" of its Move in rough terrain (MS-2.1).',
      'Your GM1 stows its beam saber, drops its shield, picks up d1 into the right hand (MS-2.2).',
      "Your GM1's shield lies on the table at 15,10.25 as d2 (MS-2.2).",
      'Your GM1 picks up the beam rifle (d1) (MS-2.2).',
      "ZAKU1's attack on your GM1 with its 120mm machine gun does not happen: " +
        'terrain blocks the line of sight (MS-3.1).',
      'ZAKU1 rolled 3: a one-hit kill; your GM1 is destroyed outright, with no defend roll (MS-4.3).',
      'ZAKU1 rolled 18: system error; it cannot act for 4 rounds (1d6: 4) (MS-4.4).',
      'Your GM1 does not use its shield (MS-3.7).',
      'ZAKU1 (MS-06 Zaku II) is destroyed by your GM1 (cost 100) (GAP-M-5).',
      'Your GM1 does not counterattack: its player chose not to (standing order or answer) (MS-3.8).',
      'Your GM1 aims at ZAKU1: +1 to its Attack against it in its next action phase (MS-4.2).',
      'Waiting for Federation (you): does your GM1 counterattack, and with which weapon? (§8)',
      "Your GM1's standing orders: shield ask, counterattack best weapon (§8).",
      'Your GM1 (RGM-79 GM) deploys at 12,3 (GAP-M-4).',
      'The action phase of Zeon ends; not activated: ZAKU2 (MS-1.3).',
      'Round 2 ends (MS-1.4).',
      'Game over: Federation wins; only one side has suits left (GAP-M-4).',
    ])
  })

  it('tells every event type in Japanese, none with the generic line or an English word of ours', () => {
    const lines = tell(EVERY, 'ja')
    expect(lines).toHaveLength(EVERY.length)
    EVERY.forEach((e, i) => expect(lines[i]).not.toBe(fallbackLine(e as unknown as GameEvent)))
    for (const line of lines) expect(line).not.toMatch(/\b(your|rolls|attacks|moves|action phase)\b/)
    expect(lines[0]).toBe(
      '第2ラウンドのイニシアチブ：連邦軍（あなた）は4→2、ジオン軍は4→6。順番：ジオン軍、連邦軍（あなた）（MS-1.1）。',
    )
    expect(lines[13]).toBe('ZAKU1のダイスは18：システムエラー。4ラウンド行動できません（1D6：4）（MS-4.4）。')
    expect(lines[23]).toBe('ゲーム終了：連邦軍の勝利。MSが残っている陣営が一つだけになりました（GAP-M-4）。')
  })

  it('the round limit names the enemy cost each side destroyed, from the view', () => {
    const v = msView([gm({ cost: 100 }), zaku({ cost: 0 }), zaku({ id: 'ZAKU2', destroyed: true, hp: 0, cost: 0 })])
    const end: MsEvent = { type: 'game-over', ref: 'GAP-M-4', winner: 'federation', reason: 'round-limit' }
    expect(tell([end], 'en', v)).toEqual([
      'Game over: Federation wins; the round limit was reached, and the side that destroyed the most enemy cost ' +
        'wins (GAP-M-4); cost destroyed: Federation 100, Zeon 0.',
    ])
    expect(tell([end], 'ja', v)).toEqual([
      'ゲーム終了：連邦軍の勝利。ラウンド制限に達し、撃破した敵のコストが多い陣営の勝ちです（GAP-M-4）。' +
        '撃破コスト：連邦軍 100、ジオン軍 0。',
    ])
    const none: MsEvent = { type: 'game-over', ref: 'GAP-M-4', winner: null, reason: 'annihilation' }
    expect(tell([none], 'en', v)).toEqual(['Game over, a draw: no side has suits left (GAP-M-4).'])
  })

  it('a void attack says why: the engine’s sentence in English, the reason recognised in Japanese', () => {
    const sentence = 'GM1 is 10.65" from ZAKU2, outside the range of zaku-mg (0" to 10")'
    const voided: MsEvent = {
      type: 'attack-void',
      ref: 'MS-3.2',
      ms: 'ZAKU1',
      target: 'GM1',
      weapon: 'zaku-mg',
      why: sentence,
    }
    expect(tell([voided], 'en')).toEqual([
      `ZAKU1's attack on your GM1 with its 120mm machine gun does not happen: ${sentence} (MS-3.2).`,
    ])
    expect(tell([voided], 'ja')).toEqual([
      'ZAKU1のザク・マシンガンによる自機GM1への攻撃は行われません：目標が武器の射程外です（MS-3.2）。',
    ])
    const byKey: MsEvent = { ...voided, why: 'msaw.combat.attack.outOfRange' }
    expect(tell([byKey], 'en')[0]).toContain("does not happen: the target is out of the weapon's range (MS-3.2).")
  })

  it('with two seats a side, a teammate’s suit is "friendly" and seats are named with their side', () => {
    const v = msView([gm(), gm({ id: 'GM2', seat: 'fed2' }), zaku()], {
      seats: [
        { id: 'fed', side: 'federation' },
        { id: 'fed2', side: 'federation' },
        { id: 'zeon', side: 'zeon' },
      ],
    })
    const lines = tell(
      [
        { type: 'activation', ref: 'MS-2.0', ms: 'GM2' },
        { type: 'phase-begins', ref: 'MS-1.2', seat: 'fed2', round: 3 },
      ],
      'en',
      v,
    )
    expect(lines).toEqual([
      'Friendly GM2 (RGM-79 GM) activates (MS-2.0).',
      'Round 3: the action phase of fed2 (Federation) begins (MS-1.2).',
    ])
    expect(tell([{ type: 'activation', ref: 'MS-2.0', ms: 'GM2' }], 'ja', v)).toEqual([
      '味方機GM2（ジム）が行動します（MS-2.0）。',
    ])
  })

  it('standing orders are told only to their own seat (§8)', () => {
    const set: MsEvent = { type: 'policy', ref: '§8', ms: 'GM1', shield: 'never', counter: 'ask' }
    expect(tell([set], 'en')).toEqual(["Your GM1's standing orders: shield never, counterattack ask (§8)."])
    const zeon = msView([gm({ policy: null }), zaku({ policy: { shield: 'always', counter: 'best' } })], {
      viewer: 'zeon',
    })
    expect(tell([set], 'en', zeon)).toEqual([])
    expect(tell([set], 'en', { nope: true })).toEqual([])
  })

  it('an unknown or malformed event gets the generic line; an observer reads no "your"', () => {
    const odd = [
      { type: 'mystery', ref: 'X-1', n: 3 },
      { type: 'attack', ms: 'GM1' },
    ] as GameEvent[]
    expect(msawPresent.narrate(odd, view, 'en')).toEqual(odd.map((e) => fallbackLine(e)))
    const observer = tell(TV_M_01, 'en', { ...view, viewer: null })
    expect(observer.join(' ')).not.toMatch(/your/i)
    expect(tell(TV_M_01, 'en', { not: 'a view' })[3]).toBe(
      'ZAKU1 attacks GM1 with its heat hawk at 1.8": rolls 10 (3+3+4) against 11: hit.',
    )
  })
})

describe('MS@W steps and outcomes', () => {
  it('names the steps in both languages', () => {
    expect(['deploy', 'action', 'react'].map((s) => msawPresent.stepTitle(s, 'en'))).toEqual([
      'deployment',
      'action phase',
      'reaction',
    ])
    expect(['deploy', 'action', 'react'].map((s) => msawPresent.stepTitle(s, 'ja'))).toEqual([
      '配置',
      '行動フェイズ',
      '応答',
    ])
  })

  it('describes what each step takes in the order notation', () => {
    const pending = (step: string) => ({ side: 'zeon', step, seats: ['zeon'], sealed: false, description: 'x' })
    const action = msawPresent.describeStep(pending('action'), 'en')
    for (const line of [
      'GM1 move 12.5,8 -> 15,10.25',
      'GM1 move heading 45 6.5',
      'GM1 switch draw beam-saber R',
      'GM1 attack ZAKU1 beam-rifle',
      'GM1 aim ZAKU1',
      '"more"',
      'GM1 policy shield ask counter best',
    ])
      expect(action).toContain(line)
    expect(msawPresent.describeStep(pending('deploy'), 'en')).toContain('GM1 deploy 12,3 hold R beam-rifle')
    expect(msawPresent.describeStep(pending('react'), 'ja')).toContain('「shield yes」か「shield no」')
    expect(msawPresent.describeStep(pending('other'), 'en')).toBe('x')
  })

  it('says why a game ended (only the why: the emails say who won around it)', () => {
    const out = (winner: string | null, reason: string, locale: Locale) =>
      msawPresent.describeOutcome({ winner, reason, ref: 'GAP-M-4' }, locale)
    expect(out('federation', 'annihilation: every zeon suit destroyed', 'en')).toBe(
      'only one side has suits left (GAP-M-4)',
    )
    expect(out('zeon', 'round limit 12 reached: federation 100, zeon 250', 'en')).toBe(
      'the round limit was reached, and the side that destroyed the most enemy cost wins (GAP-M-4); ' +
        'cost destroyed: federation 100, zeon 250',
    )
    expect(out(null, 'round limit 12 reached: federation 100, zeon 100', 'ja')).toBe(
      'ラウンド制限に達し、撃破した敵のコストは同じでした（GAP-M-4）。撃破コスト：federation 100, zeon 100',
    )
    expect(out('zeon', 'round-limit', 'en')).toBe(
      'the round limit was reached, and the side that destroyed the most enemy cost wins (GAP-M-4)',
    )
    expect(out(null, 'annihilation', 'ja')).toBe('どの陣営にもMSが残っていません（GAP-M-4）')
    expect(out('zeon', 'resigned', 'en')).toBe('resigned')
  })
})

// ---- options ----------------------------------------------------------------------------------------------

function suitOptions(over: Partial<MsSuitOptions> = {}): MsSuitOptions {
  return {
    ms: 'GM1',
    at: { x: 1250, y: 800 },
    parts: ['move', 'switch', 'combat'],
    move: 1000,
    hover: null,
    impassable: ['ridge'],
    rough: [],
    targets: [
      {
        target: 'ZAKU1',
        distance: 550,
        inSight: true,
        weapons: [{ weapon: 'gm-vulcan', need: 12, chance: 0.7407 }],
      },
      { target: 'ZAKU2', distance: 900, inSight: false, weapons: [] },
    ],
    switchable: { draw: ['beam-saber'], stow: ['gm-shield'], pickup: [] },
    policy: { shield: 'always', counter: 'best' },
    ...over,
  }
}

function seatOptions(over: Partial<MsSeatOptions> = {}): MsSeatOptions {
  return {
    seat: 'fed',
    step: 'action',
    suits: [suitOptions()],
    reaction: null,
    deploy: null,
    enemies: [
      { id: 'ZAKU1', at: { x: 1700, y: 1150 } },
      { id: 'ZAKU2', at: { x: 3800, y: 4100 } },
    ],
    ...over,
  }
}

describe('MS@W compact options and examples', () => {
  it('a line per suit with its place and Move, an order line per attack with the chance, what it may switch', () => {
    expect(msawPresent.compactOptions(seatOptions(), 'en')).toEqual({
      lines: [
        'GM1 at 12.5,8: Move 10", may not enter ridge; left: move, switch, combat; ' +
          'standing orders: shield always, counterattack best weapon',
        'GM1 attack ZAKU1 gm-vulcan  # 5.5", hit on 12 or less (74%)',
        'GM1: ZAKU2 at 9" is out of sight',
        'GM1 may switch: draw beam-saber, stow gm-shield',
      ],
      omitted: 0,
    })
    expect(msawPresent.compactOptions(seatOptions(), 'ja').lines[1]).toBe(
      'GM1 attack ZAKU1 gm-vulcan  # 距離5.5インチ、12以下で命中（74%）',
    )
  })

  it('the Dom’s hover; a suit that has acted; nothing to decide: no lines', () => {
    const dom = suitOptions({ ms: 'DOM1', move: 900, hover: 2400, targets: [], impassable: [] })
    const done = suitOptions({ ms: 'GM2', parts: [] })
    expect(msawPresent.compactOptions(seatOptions({ suits: [dom, done] }), 'en').lines).toEqual([
      'DOM1 at 12.5,8: Move 9", hover 24" off rough and impassable terrain; left: move, switch, combat; ' +
        'standing orders: shield always, counterattack best weapon',
      'DOM1: no enemy in range and sight from here',
      'DOM1 may switch: draw beam-saber, stow gm-shield',
      'GM2 at 12.5,8: already activated this phase',
    ])
    expect(msawPresent.compactOptions(seatOptions({ step: null }), 'en')).toEqual({ lines: [], omitted: 0 })
  })

  it('the reaction question with its answers; the deploy zone and what each suit may hold', () => {
    const counter = seatOptions({
      step: 'react',
      reaction: { kind: 'counter', ms: 'GM1', attacker: 'ZAKU1', choices: ['beam-saber'] },
    })
    expect(msawPresent.compactOptions(counter, 'en').lines).toEqual([
      "ZAKU1's attack on your GM1 is resolved: does it counterattack? Answer with one of these lines (MS-3.8):",
      'counter beam-saber',
      'counter no',
    ])
    expect(msawPresent.orderExamples(counter)).toEqual(['counter beam-saber', 'counter no'])
    const deploy = seatOptions({
      step: 'deploy',
      suits: [],
      deploy: {
        zone: { x0: 0, y0: 0, x1: 4800, y1: 600 },
        suits: ['GM1'],
        hold: { GM1: ['beam-saber', 'beam-spray-gun', 'gm-shield'] },
      },
    })
    expect(msawPresent.compactOptions(deploy, 'en').lines).toEqual([
      'Deploy in your zone: x 0"–48", y 0"–6" (GAP-M-4)',
      'GM1 may hold beam-saber beam-spray-gun gm-shield',
    ])
    expect(msawPresent.orderExamples(deploy)).toEqual([
      'GM1 deploy 24,3 hold R beam-spray-gun L gm-shield',
      'GM1 policy shield ask counter best',
    ])
    const magella = { ...deploy, deploy: { ...deploy.deploy!, suits: ['CHAR'], hold: { CHAR: ['magella'] } } }
    expect(msawPresent.orderExamples(magella)[0]).toBe('CHAR deploy 24,3 hold both magella')
  })

  it('examples: a move toward the nearest enemy within the Move, and the attack with the best chance', () => {
    const examples = msawPresent.orderExamples(seatOptions())
    const move = /^GM1 move (\S+),(\S+)$/.exec(examples[0]!)
    expect(move).not.toBeNull()
    const to: Pt = { x: parseInches(move![1]!)!, y: parseInches(move![2]!)! }
    const from = { x: 1250, y: 800 }
    const enemy = { x: 1700, y: 1150 }
    // Legal distance-wise by the table's exact length, closer to ZAKU1, and its disc clear of ZAKU1's.
    expect(pathLength(from, [to])).toBeLessThanOrEqual(1000)
    expect(distance(to, enemy)).toBeLessThan(distance(from, enemy))
    expect(distance(to, enemy)).toBeGreaterThanOrEqual(100)
    expect(examples[1]).toBe('GM1 attack ZAKU1 gm-vulcan')
    // Far away, the move is the whole allowance.
    const far = msawPresent.orderExamples(seatOptions({ enemies: [{ id: 'ZAKU2', at: { x: 3800, y: 4100 } }] }))
    const m = /^GM1 move (\S+),(\S+)$/.exec(far[0]!)!
    const len = pathLength(from, [{ x: parseInches(m[1]!)!, y: parseInches(m[2]!)! }])
    expect(len).toBeLessThanOrEqual(1000)
    expect(len).toBeGreaterThan(990)
  })

  it('the examples read back through the notation, and the move passes the movement rules (MS-2.1)', () => {
    // The notation part's state: GM1 at 10,8 (Move 10"), ZAKU1 at 10,30 and GOUF1 at 15,30.
    const state = makeState()
    const options = seatOptions({
      seat: 'efsf',
      suits: [suitOptions({ at: { x: 1000, y: 800 }, impassable: [] })],
      enemies: [
        { id: 'ZAKU1', at: { x: 1000, y: 3000 } },
        { id: 'GOUF1', at: { x: 1500, y: 3000 } },
      ],
    })
    const examples = msawPresent.orderExamples(options)
    expect(examples).toEqual(['GM1 move 10,18', 'GM1 attack ZAKU1 gm-vulcan'])
    const parsed = parseOrders(examples.join('\n'), state, 'efsf')
    expect(parsed.ok).toBe(true)
    const move = parsed.ok ? parsed.orders[0] : null
    expect(move?.kind).toBe('move')
    if (move?.kind === 'move') expect(checkMove(state, 'GM1', move.path)).toMatchObject({ ok: true, length: 1000 })
    const deploy = msawPresent.orderExamples(
      seatOptions({
        seat: 'efsf',
        step: 'deploy',
        suits: [],
        deploy: {
          zone: { x0: 0, y0: 0, x1: 4800, y1: 600 },
          suits: ['RX78'],
          hold: { RX78: ['beam-rifle', 'gundam-shield'] },
        },
      }),
    )
    expect(deploy[0]).toBe('RX78 deploy 24,3 hold R beam-rifle L gundam-shield')
    const read = parseOrders(deploy.join('\n'), { ...state, step: 'deploy', deployed: [] }, 'efsf')
    expect(read.ok && read.orders[0]).toEqual({
      kind: 'deploy',
      ms: 'RX78',
      at: { x: 2400, y: 300 },
      hold: { R: 'beam-rifle', L: 'gundam-shield' },
    })
  })

  it('with no enemy positions and nothing in range, the example is the line that ends the phase', () => {
    const idle = seatOptions({ enemies: undefined, suits: [suitOptions({ targets: [] })] })
    expect(msawPresent.orderExamples(idle)).toEqual(['pass'])
  })

  it('has a legend in both languages', () => {
    expect(msawPresent.optionsLegend('en')).toContain('3d6')
    expect(msawPresent.optionsLegend('ja')).toContain('3D6')
  })
})

// ---- enemies near and the status panel --------------------------------------------------------------------

describe('MS@W enemies near and status panel', () => {
  const far = zaku({ id: 'ZAKU2', at: { x: 4000, y: 4000 }, errorPhases: 2 })
  const v = msView([gm(), zaku(), far, zaku({ id: 'ZAKU3', destroyed: true, hp: 0 })])

  it('lists live enemy suits nearest first, with the distance from the reader’s nearest suit', () => {
    expect(msawPresent.enemiesNear(v, 'en')).toEqual({
      lines: [
        'ZAKU1 (MS-06 Zaku II) at 20,11.8: 1.8" from your GM1; HP 19/19',
        'ZAKU2 (MS-06 Zaku II) at 40,40: 36.06" from your GM1; HP 19/19, in system error',
      ],
      omitted: 0,
    })
    expect(msawPresent.enemiesNear(v, 'ja').lines[0]).toBe(
      'ZAKU1（ザクII）：位置20,11.8、自機GM1から1.8インチ。HP 19/19',
    )
    expect(msawPresent.enemiesNear({ ...v, viewer: null }, 'en').lines).toEqual([])
  })

  it('a row per suit: type, side, HP, held items, shield body, ammo, system error, aim', () => {
    const aiming = gm({ aim: { target: 'ZAKU1', round: 2 } })
    const panel = msawPresent.statusPanel(msView([aiming, zaku(), far]), 'en')!
    expect(panel.title).toBe('Suits, round 2')
    expect(panel.columns).toEqual([
      'suit',
      'type',
      'side',
      'HP',
      'held',
      'shield',
      'weapons (range, damage, ×ammo)',
      'system error',
      'aim',
    ])
    expect(panel.rows).toEqual([
      [
        'GM1',
        'RGM-79 GM',
        'Federation',
        '19/20',
        'R beam saber, L shield',
        'shield 8',
        'gm-vulcan ×20',
        '–',
        'ZAKU1 (round 2)',
      ],
      ['ZAKU1', 'MS-06 Zaku II', 'Zeon', '19/19', 'R heat hawk', 'shoulder shield 7', 'zaku-mg ×17', '–', '–'],
      ['ZAKU2', 'MS-06 Zaku II', 'Zeon', '19/19', 'R heat hawk', 'shoulder shield 7', 'zaku-mg ×17', '2 phases', '–'],
    ])
    const ja = msawPresent.statusPanel(msView([gm()]), 'ja')!
    expect(ja.rows[0]).toEqual([
      'GM1',
      'ジム',
      '連邦軍',
      '19/20',
      '右 ビーム・サーベル、左 シールド',
      'シールド 8',
      'gm-vulcan ×20',
      '–',
      '–',
    ])
    expect(msawPresent.statusPanel({ system: 'other' }, 'en')).toBeNull()
  })
})

// ---- the map ----------------------------------------------------------------------------------------------

describe('MS@W table map', () => {
  it('discs where the suits stand, a path for the move, fire lines for the attacks, terrain, no ranges unasked', () => {
    const model = msawPresent.map(view, events(TV_M_01))
    expect(model.kind).toBe('table')
    expect(model.title).toBe('MS@W Duel at the ridge · Round 2 · 行動フェイズ action phase')
    expect([model.width, model.height]).toEqual([4800, 4800])
    expect(model.discs.map((d) => [d.label, d.at, d.diameter, d.side])).toEqual([
      ['GM1', { x: 2000, y: 1000 }, 100, 'federation'],
      ['ZAKU1', { x: 2000, y: 1180 }, 100, 'zeon'],
    ])
    expect(model.sides).toEqual([
      { id: 'federation', name: '連邦軍 Federation', colour: '#2a62c9', viewer: true },
      { id: 'zeon', name: 'ジオン軍 Zeon', colour: '#c8322f', viewer: false },
    ])
    expect(model.paths).toEqual([{ from: { x: 2000, y: 2800 }, path: [{ x: 2000, y: 1180 }], side: 'zeon' }])
    expect(model.fire).toEqual([
      { from: { x: 2000, y: 1180 }, to: { x: 2000, y: 1000 }, side: 'zeon', label: 'hit 3', hit: true },
      { from: { x: 2000, y: 1000 }, to: { x: 2000, y: 1180 }, side: 'federation', label: 'miss', hit: false },
    ])
    expect(model.terrain).toEqual([
      { polygon: view.terrain[0]!.polygon, move: 'impassable', blocksLOS: true, label: '尾根 Ridge' },
    ])
    expect(model.ranges).toEqual([])
    expect(model.zones).toEqual([])
    expect(model.losses).toEqual([])
  })

  it('an attack made before a move is drawn from where the attacker stood then', () => {
    const attackThenMove: MsEvent[] = [
      TV_M_01[3]!,
      { ...(TV_M_01[2] as object), from: { x: 2000, y: 1180 }, path: [{ x: 3000, y: 1180 }] } as MsEvent,
    ]
    const moved = msView([gm(), zaku({ at: { x: 3000, y: 1180 } })])
    expect(msawPresent.map(moved, events(attackThenMove)).fire[0]!.from).toEqual({ x: 2000, y: 1180 })
  })

  it('markers for system error and aim; losses where suits fell; dropped items; zones while deploying', () => {
    const v = msView(
      [
        gm({ aim: { target: 'ZAKU1', round: 2 } }),
        zaku({ errorPhases: 3 }),
        zaku({ id: 'ZAKU2', destroyed: true, hp: 0, at: { x: 3000, y: 3000 } }),
      ],
      {
        step: 'deploy',
        dropped: [
          {
            id: 'd1',
            item: { id: 'beam-rifle', type: 'beam-rifle', place: 'stowed', ammo: 20 },
            at: { x: 100, y: 200 },
          },
        ],
      },
    )
    const model = msawPresent.map(v, events([{ type: 'destroyed', ref: 'GAP-M-5', ms: 'ZAKU2', by: 'GM1', cost: 100 }]))
    expect(model.discs.map((d) => [d.label, d.markers])).toEqual([
      ['GM1', ['A']],
      ['ZAKU1', ['E']],
    ])
    expect(model.losses).toEqual([{ at: { x: 3000, y: 3000 }, side: 'zeon' }])
    expect(model.objects).toEqual([{ at: { x: 100, y: 200 }, label: 'd1 ビームライフル beam rifle' }])
    expect(model.zones.map((z) => z.side)).toEqual(['federation', 'zeon'])
    expect(model.markerKey?.map((k) => k.marker)).toEqual(['E', 'A'])
  })

  it('a view read back from JSON draws the same; events it cannot place are skipped', () => {
    const json = JSON.parse(JSON.stringify(view)) as unknown
    const odd = [
      null,
      { type: 'moved', ms: 'GM1' },
      { type: 'attack', ms: 'NOBODY', target: 'GM1' },
    ] as unknown as GameEvent[]
    const model = msawPresent.map(json, [...odd, ...events(TV_M_01)])
    expect(model).toEqual(msawPresent.map(view, events(TV_M_01)))
  })

  it('the reader’s Move ranges only on request, with the hover circle too', () => {
    const dom: MsSuitView = gm({
      id: 'DOM1',
      name: 'MS-09 Dom',
      nameJa: 'ドム',
      move: 900,
      hover: 2400,
      at: { x: 500, y: 500 },
    })
    const v = msView([gm(), dom, zaku()])
    expect(msawPresent.map(v, [], { ranges: false }).ranges).toEqual([])
    expect(msawPresent.map(v, [], { ranges: true }).ranges).toEqual([
      { at: { x: 2000, y: 1000 }, radius: 1000, side: 'federation', label: 'GM1 10"' },
      { at: { x: 500, y: 500 }, radius: 900, side: 'federation', label: 'DOM1 9"' },
      { at: { x: 500, y: 500 }, radius: 2400, side: 'federation', label: 'DOM1 hover 24"' },
    ])
    expect(() => msawPresent.map({ system: 'msaw' }, [])).toThrow(/not an MS@W view/)
  })
})

// ---- whole games --------------------------------------------------------------------------------------

describe('MS@W presentation of whole games', () => {
  it('every resolution of a game of each scenario is told to every reader without the generic line', () => {
    const options = { aim: true, oneHitKill: true, systemError: true, roundLimit: 12 }
    for (const scn of ['M-S1', 'M-S2', 'M-S3', 'M-S4', 'M-S5']) {
      const { data, players } = scenarioData(scn)
      const game = playGame(scn, 7, players[0]!, 'aggressive', options)
      // Replayed with the same dice, each resolution's events as the emails get them.
      const gameSeed = (7).toString(16).padStart(64, '0')
      let seq = 0
      let state = msaw.setup(data, { players: players[0]!, options }, createDice(gameSeed, seq++)).state
      const readers = [...msaw.seats(state).map((s) => s.id), null]
      for (const subs of game.submissions) {
        const res = msaw.resolve(state, subs, createDice(gameSeed, seq++))
        state = res.state
        for (const reader of readers) {
          const v = msaw.view(state, reader)
          for (const locale of ['en', 'ja'] as const)
            for (const line of msawPresent.narrate(res.events, v, locale)) expect(line).not.toMatch(/^Event "/)
          const model = msawPresent.map(v, res.events, { ranges: true })
          expect(model.discs.length).toBe(v.suits.filter((x) => !x.destroyed && x.at !== null).length)
          expect(msawPresent.statusPanel(v, 'ja')!.rows).toHaveLength(v.suits.length)
          if (reader) expect(() => msawPresent.compactOptions(msaw.options(state, reader), 'ja')).not.toThrow()
        }
      }
      const end = msaw.outcome(state)!
      expect(msawPresent.describeOutcome(end, 'en')).not.toBe(end.reason)
    }
  }, 120_000)
})
