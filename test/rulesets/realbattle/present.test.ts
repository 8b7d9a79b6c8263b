// Real Battle as players read it, in English and Japanese: the narration of every event the engine emits
// (named ATs, "your" and "enemy", sealed plans never told), the fallback for anything else, step titles and
// descriptions, how a game ended, the compact options (hit numbers before the sealed evasion), order
// examples, localised options and previews, the enemies near, and the per-seat status panel.
import { describe, expect, it } from 'vitest'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import type { Locale } from '../../../src/i18n/index.js'
import { fallbackLine } from '../../../src/present/narrate-fallback.js'
import { orderExamples } from '../../../src/rulesets/realbattle/present/examples.js'
import { localiseOptions, localisePreview } from '../../../src/rulesets/realbattle/present/localise.js'
import { describeStep, narrateRealBattle, stepTitle } from '../../../src/rulesets/realbattle/present/narrate.js'
import { enemiesNear } from '../../../src/rulesets/realbattle/present/nearby.js'
import { compactOptions, optionsLegend } from '../../../src/rulesets/realbattle/present/options-compact.js'
import { describeOutcome } from '../../../src/rulesets/realbattle/present/outcome.js'
import { statusPanel } from '../../../src/rulesets/realbattle/present/panel.js'
import { atView, fcs, hmg, rbView, seatOptions, solidShooter } from './fixture-view.js'

const view = rbView([
  atView({ id: 'A1', hex: { col: 3, row: 5 }, speed: 3, weapons: [hmg(7, 1), fcs()] }),
  atView({ id: 'A2', hex: { col: 3, row: 8 }, mine: false, actionPp: null, plan: null, defence: null }),
  atView({ id: 'B1', hex: { col: 8, row: 5 }, speed: -1, name: 'Brutish Dog', nameJa: 'ブルーティッシュドッグ' }),
  atView({ id: 'B2', hex: { col: 16, row: 6 }, fallen: true, heavy: true, durability: 7, weapons: [solidShooter(2)] }),
])

const tell = (events: GameEvent[], locale: Locale, v: unknown = view) => narrateRealBattle(events, v, locale)

/** One event of every type the engine emits (engine/types.ts "Events"). */
const EVERY: GameEvent[] = [
  { type: 'deployed', ref: 'RB-23.4', at: 'A1', hex: { col: 0, row: 5 }, facing: 2 },
  { type: 'first-player', ref: 'RB-23.5', camp: 'B', roll: 5 },
  { type: 'plan-sealed', ref: 'RB-21.3', at: 'A1' },
  { type: 'plan-revealed', ref: 'RB-4.2', at: 'B1', acc: 0, dec: 2, atk: 3, def: 5, actionPp: 2 },
  { type: 'defence-revealed', ref: 'RB-12.11', at: 'B1', def: 3 },
  { type: 'speed', ref: 'RB-4', at: 'A1', from: 1, to: 3 },
  { type: 'plan-error', ref: 'RB-22.1', at: 'B1' },
  { type: 'confused', ref: 'RB-22.2', at: 'B1' },
  {
    type: 'move',
    ref: 'RB-6',
    at: 'A1',
    from: { col: 1, row: 5 },
    to: { col: 3, row: 5 },
    path: [
      [1, 5],
      [2, 5],
      [3, 5],
    ],
    facing: 1,
  },
  { type: 'collision-obstacle', ref: 'RB-10.1', at: 'B1', hex: { col: 9, row: 6 }, speed: 4, damage: 3, roll: 3 },
  { type: 'collision', ref: 'RB-10.6', at: 'A1', target: 'B1', direction: 'FF', damage: { A1: 3, B1: 0 } },
  { type: 'magazine', ref: 'RB-11', at: 'A1', weapon: 'hmg' },
  { type: 'purge', ref: 'RB-5.6', at: 'A1', weapon: 'hmg' },
  { type: 'reload', ref: 'RB-23-S9', at: 'A1', weapon: 'hmg' },
  { type: 'smoke-laid', ref: 'GAP-RB-8', at: 'A1', hex: { col: 3, row: 5 } },
  { type: 'smoke-cleared', ref: 'GAP-RB-8', hex: { col: 3, row: 5 } },
  { type: 'stand-up', ref: 'RB-19.3', at: 'B2', value: 8, roll: 9, ok: false },
  { type: 'attack', ref: 'RB-14', at: 'A1', target: 'B1', weapon: 'hmg', hit: 8, roll: 5, hits: true, checks: 3 },
  {
    type: 'damage',
    ref: 'RB-16',
    at: 'A1',
    target: 'B1',
    roll: 2,
    column: 'FF',
    armour: 4,
    vital: true,
    damage: 4,
    durability: 12,
  },
  { type: 'instant-death', ref: 'RB-17.3', at: 'B1', roll: 2, dead: true },
  { type: 'destroyed', ref: 'RB-17.3', at: 'B1', by: 'instant-death' },
  { type: 'heavy-damage', ref: 'RB-20', at: 'B2', maxSpeed: 3 },
  { type: 'fall-check', ref: 'RB-18', at: 'B2', value: 6, pp: 2, roll: 7, fell: true },
  { type: 'turn', ref: 'RB-3.2', turn: 3, camp: 'B' },
  { type: 'game-over', ref: 'RB-23.7', winner: 'A', reason: 'all enemy ATs destroyed' },
]

describe('Real Battle narration', () => {
  it('tells every event type in English and Japanese, none with the generic line', () => {
    for (const locale of ['en', 'ja'] as const) {
      const lines = tell(EVERY, locale)
      expect(lines).toHaveLength(EVERY.length)
      lines.forEach((line, i) => {
        expect(line, `${locale} ${EVERY[i]!.type}`).not.toBe(fallbackLine(EVERY[i]))
        expect(line).not.toMatch(/^Event "|\{\{|\b(ev|opt|near|who|dir|at|camp)\.[A-Za-z]/)
      })
      if (locale === 'ja') for (const line of lines) expect(line, line).not.toMatch(/\b[a-z]{3,}\b/)
    }
  })

  it('names ATs by id, pilot and machine, yours and the enemy’s, with the Japanese and English machine names', () => {
    const [en] = tell([EVERY[17]!], 'en')
    expect(en).toBe(
      'Your A1 Chirico (Scopedog) fired its Heavy Machine Gun at enemy B1 Fiana (Brutish Dog): ' +
        'hit number 8, rolled 5: a hit, 3 damage checks (RB-14).',
    )
    const [ja] = tell([EVERY[17]!], 'ja')
    expect(ja).toBe(
      '自機A1 キリコ（スコープドッグ / Scopedog）がヘビーマシンガンで敵機B1 フィアナ（ブルーティッシュドッグ / Brutish Dog）を射撃：' +
        '命中判定値8、ダイス5で命中、被害判定3回（RB-14）。',
    )
    // A teammate's AT (same camp, another seat) is friendly, not "your".
    expect(tell([{ type: 'confused', at: 'A2' }], 'en')[0]).toMatch(/^Friendly A2 Vanilla \(Scopedog\)/)
    // An observer's narration names no side.
    expect(tell([EVERY[17]!], 'en', { ...view, viewer: null })[0]).toMatch(/^A1 Chirico \(Scopedog\) fired/)
  })

  it('tells the dice and the rules of damage, vital points, falls and collisions', () => {
    const lines = tell([EVERY[18]!, EVERY[10]!, EVERY[22]!, EVERY[9]!], 'en')
    expect(lines).toEqual([
      'Damage check by your A1 Chirico (Scopedog) on enemy B1 Fiana (Brutish Dog) from its front (FF): rolled 2, ' +
        'armour ○4 on a vital point, 4 damage; durability 12 (RB-16).',
      'Your A1 Chirico (Scopedog) collided with enemy B1 Fiana (Brutish Dog) from its front (FF): your A1 Chirico ' +
        '(Scopedog) takes 3 damage, enemy B1 Fiana (Brutish Dog) takes no damage (RB-10.6).',
      "Enemy B2 Ypsilon (Scopedog)'s fall check: value 6, 2 PP spent, rolled 7: it falls (RB-18).",
      'Enemy B1 Fiana (Brutish Dog) hit an obstacle at 0906 at speed +4: rolled 3, 3 damage; it stays in its hex at ' +
        'speed 0 (RB-10.1, 10.5).',
    ])
    expect(tell([EVERY[18]!], 'ja')[0]).toContain('装甲値○4（急所）')
    expect(tell([EVERY[21]!], 'ja')[0]).toContain('大破')
  })

  it('reads hexes written either way, and tells an avoided collision', () => {
    expect(tell([{ type: 'deployed', at: 'B1', hex: [19, 5], facing: 5 }], 'en')).toEqual([
      'Enemy B1 Fiana (Brutish Dog) deployed at 1905, facing NW (RB-23.4).',
    ])
    const avoided: GameEvent = { type: 'collision', at: 'A1', target: 'B1', direction: 'BB', avoidedBy: 'B1', pp: 1 }
    expect(tell([avoided], 'en')).toEqual([
      'Enemy B1 Fiana (Brutish Dog) paid 1 PP, and your A1 Chirico (Scopedog) and enemy B1 Fiana (Brutish Dog) ' +
        'share the hex without colliding (rear (BB), RB-6.6).',
    ])
    expect(tell([{ ...avoided, pp: undefined }], 'ja')[0]).toMatch(/^敵機B1 .*がPPを払い/)
  })

  it('says a plan is sealed without any of its values', () => {
    const plan = view.ats[0]!.plan!
    expect(plan).toEqual({ acc: 1, dec: 0, atk: 2, def: 2 })
    for (const locale of ['en', 'ja'] as const) {
      const [line] = tell([{ type: 'plan-sealed', ref: 'RB-21.3', at: 'A1' }], locale)
      expect(line).toContain('A1')
      // Without the AT's id, not a digit is left: no value of the plan, not even a rule number.
      expect(line!.replace('A1', '')).not.toMatch(/[0-9０-９]/)
    }
  })

  it('gives the generic line to unknown or malformed events and never throws', () => {
    const odd: GameEvent = { type: 'mystery', ref: 'RB-99', at: 'A1', value: 3 }
    const malformed: GameEvent = { type: 'speed', at: 'A1', from: 'fast', to: 3 }
    const noAt: GameEvent = { type: 'destroyed', by: 'damage' }
    expect(tell([odd, malformed, noAt], 'en')).toEqual([fallbackLine(odd), fallbackLine(malformed), fallbackLine(noAt)])
    expect(tell([null as unknown as GameEvent], 'ja')).toEqual([fallbackLine(null)])
    // A view it cannot read: ATs by id alone.
    expect(tell([EVERY[20]!], 'en', { system: 'greennoa' })).toEqual([
      'B1 is destroyed by the instant-death hit (RB-17.3).',
    ])
    expect(() => tell(EVERY, 'ja', 'not a view')).not.toThrow()
  })
})

describe('Real Battle steps and outcomes', () => {
  it('names the steps in both languages, and passes unknown ones through', () => {
    expect(['deploy', 'action', 'attack', 'plan'].map((s) => stepTitle(s, 'en'))).toEqual([
      'deployment and first plan',
      'accel/decel and action phase',
      'attack phase',
      'planning phase (sealed)',
    ])
    expect(['deploy', 'action', 'attack', 'plan'].map((s) => stepTitle(s, 'ja'))).toEqual([
      '配置と事前計画',
      '加減速・行動フェイズ',
      '攻撃フェイズ',
      '計画フェイズ（非公開）',
    ])
    expect(stepTitle('campaign', 'ja')).toBe('campaign')
  })

  it('describes what each step takes, with the notation', () => {
    const pending = (step: string) => ({ side: 'A', step, seats: ['A'], sealed: true, description: 'engine words' })
    expect(describeStep(pending('action'), 'en')).toContain('"A1 F F T1R"')
    expect(describeStep(pending('attack'), 'en')).toContain('"A1 fire B2 hmg"')
    expect(describeStep(pending('plan'), 'en')).toContain('"A1 plan 1 0 2 2"')
    expect(describeStep(pending('plan'), 'en')).toMatch(/^camp A: planning phase/)
    expect(describeStep(pending('plan'), 'ja')).toMatch(/^陣営A：計画フェイズ.*「A1 plan 1 0 2 2」/)
    expect(describeStep(pending('deploy'), 'ja')).toContain('「A1 deploy 0005 SE」')
    expect(describeStep(pending('other'), 'ja')).toBe('engine words')
  })

  it('says why a game ended, and keeps a reason it does not know', () => {
    expect(describeOutcome({ winner: 'B', reason: 'all enemy ATs destroyed', ref: 'RB-23.7' }, 'ja')).toBe(
      '陣営Bの勝利：敵ATが全機撃破されました（RB-23.7）。',
    )
    expect(describeOutcome({ winner: null, reason: 'turn limit reached', ref: 'RB-23.7' }, 'en')).toBe(
      'A draw: the turn limit was reached (RB-23.7).',
    )
    expect(describeOutcome({ winner: 'A', reason: 'the moon fell', ref: 'X' }, 'ja')).toBe('the moon fell')
  })
})

describe('Real Battle options in an email', () => {
  const attackOptions = seatOptions({
    step: 'attack',
    ats: [
      {
        at: 'A1',
        attacks: [
          { target: 'B1', weapon: 'hmg', distance: 5, hitBeforeEvasion: 7, evasion: null, ammo: 7 },
          { target: 'B2', weapon: 'hmg', distance: 9, hitBeforeEvasion: 5, evasion: 0, ammo: 7 },
          { target: 'B1', arm: 'R', distance: 1, hitBeforeEvasion: 9, evasion: null },
        ],
      },
      { at: 'A2', blocked: { reason: 'A2 has fallen', ref: 'RB-19.1' } },
    ],
  })

  it('lists each attack as an order line, the hit number before the sealed evasion', () => {
    const { lines, omitted } = compactOptions(attackOptions, 'en')
    expect(omitted).toBe(0)
    expect(lines).toEqual([
      "A1 fire B1 hmg  # range 5, hit ≤ 7 before B1's evasion (sealed), 7 rounds left",
      'A1 fire B2 hmg  # range 9, hit ≤ 5 (evasion 0 known), 7 rounds left',
      "A1 melee B1 R  # range 1, hit ≤ 9 before B1's evasion (sealed)",
      'A2: nothing to do now, fallen: it cannot move, attack or plan (RB-19.1)',
    ])
    const ja = compactOptions(attackOptions, 'ja').lines
    expect(ja[0]).toBe('A1 fire B1 hmg  # 距離5、命中≤7（B1の回避修正前、非公開）、残弾7')
    expect(ja[3]).toBe('A2：今はできることがありません。転倒中：移動・攻撃・計画はできません（RB-19.1）')
    expect(compactOptions(attackOptions, 'en', { maxLines: 2 })).toMatchObject({ omitted: 2 })
    expect(optionsLegend('ja')).toContain('非公開')
  })

  it('lists speed choices, action PP and manoeuvre costs, and the plan limits', () => {
    const action = seatOptions({
      step: 'action',
      ats: [
        {
          at: 'A1',
          action: {
            speedChoices: [1, 2, 3],
            actionPp: 3,
            patterns: [
              { step: 'T1', pp: 1 },
              { step: 'O1', pp: 2 },
            ],
            canStand: false,
            magazines: ['hmg'],
            reloads: [],
            purgeable: ['hmg'],
            smoke: false,
          },
        },
      ],
    })
    expect(compactOptions(action, 'en').lines).toEqual([
      'A1: speed to choose among +1/+2/+3 (RB-4.4), action PP 3; manoeuvres (PP) T1 1, O1 2, MAG hmg, PURGE hmg',
    ])
    expect(orderExamples(action)).toEqual(['A1 speed 3', 'A1 T1R F F'])
    const plan = seatOptions({
      step: 'plan',
      ats: [
        {
          at: 'A1',
          plan: { acc: [0, 1, 2, 4], dec: [0, 1, 2, 4], atk: [0, 1, 2, 3, 5], def: [0, 1, 2, 3, 5], maxTotal: 6 },
        },
      ],
    })
    expect(compactOptions(plan, 'en').lines).toEqual([
      'A1: plan accel 0/1/2/4, decel 0/1/2/4, attack 0/1/2/3/5, defence 0/1/2/3/5; at most 6 PP in all (RB-21.3)',
    ])
    expect(orderExamples(plan)).toEqual(['A1 plan 1 0 2 2'])
    const deploy = seatOptions({
      step: 'deploy',
      ats: [
        {
          at: 'A1',
          deploy: {
            hexes: [
              [0, 4],
              [0, 5],
            ],
            facings: [2, 1],
          },
        },
      ],
    })
    expect(compactOptions(deploy, 'en').lines).toEqual(['A1: deploy on 0004–0005 (2), facing SE/NE'])
    expect(orderExamples(deploy)).toEqual(['A1 deploy 0004 SE'])
    expect(orderExamples(attackOptions)).toEqual(['A1 fire B1 hmg'])
    expect(compactOptions({ nonsense: true }, 'en')).toEqual({ lines: [], omitted: 0 })
    expect(orderExamples(undefined)).toEqual([])
  })

  it('localises blocked reasons and keyed preview lines, and leaves the rest', () => {
    const out = localiseOptions(attackOptions, 'ja') as typeof attackOptions
    expect(out.ats[1]!.blocked).toEqual({ reason: '転倒中：移動・攻撃・計画はできません', ref: 'RB-19.1' })
    expect(out.ats[0]).toEqual(attackOptions.ats[0])
    const unknown = seatOptions({ ats: [{ at: 'A1', blocked: { reason: 'the weather', ref: 'X-1' } }] })
    expect((localiseOptions(unknown, 'ja') as typeof unknown).ats[0]!.blocked!.reason).toBe('the weather')
    const keyed = [{ text: 'and 2 more errors', key: 'server.moreErrors', params: { count: 2 } }]
    expect(localisePreview(keyed, 'ja')).toEqual([{ ...keyed[0], text: expect.stringMatching(/^ほかに2件の誤り/) }])
    const withKey = seatOptions({
      ats: [
        { at: 'A1', blocked: { reason: 'x', ref: 'RB-1', key: 'server.moreErrors', params: { count: 3 } } as never },
      ],
    })
    expect((localiseOptions(withKey, 'ja') as typeof withKey).ats[0]!.blocked!.reason).toMatch(/^ほかに3件の誤り/)
    const preview = [{ text: 'Refused.', key: 'no.such.key', params: {} }, 'plain']
    expect(localisePreview(preview, 'ja')).toEqual(preview)
    expect(localisePreview('x', 'ja')).toBe('x')
  })
})

describe('Real Battle enemies near and the status panel', () => {
  it('lists enemy ATs nearest first with distance, direction, speed, fallen and damage', () => {
    const { lines, omitted } = enemiesNear(view, 'en')
    expect(omitted).toBe(0)
    expect(lines).toEqual([
      'B1 Fiana (Brutish Dog) at 0805, facing NW: 5 hexes from your A1, in its front left (FL); speed −1, ' +
        'durability 16/16',
      'B2 Ypsilon (Scopedog) at 1606, facing NW: 13 hexes from your A1, in its front (FF); speed 0, ' +
        'durability 7/16, fallen, heavily damaged',
    ])
    expect(enemiesNear(view, 'ja').lines[1]).toContain('転倒、大破')
    expect(enemiesNear({ ...view, viewer: null }, 'en')).toEqual({ lines: [], omitted: 0 })
  })

  it('shows every AT with durability, speed, fallen, action PP only where known, and ammunition', () => {
    const panel = statusPanel(view, 'en')!
    expect(panel.columns).toEqual([
      'AT',
      'pilot',
      'machine',
      'camp',
      'durability',
      'speed',
      'fallen',
      'action PP',
      'ammunition',
    ])
    expect(panel.rows).toEqual([
      ['A1', 'Chirico (9 PP)', 'Scopedog', 'camp A (Red Shoulder)', '16/16', '+3 (max 5)', '–', '3', 'hmg 7/10 +1 mag'],
      ['A2', 'Vanilla (6 PP)', 'Scopedog', 'camp A (Red Shoulder)', '16/16', '0 (max 5)', '–', 'sealed', 'hmg 10/10'],
      [
        'B1',
        'Fiana (12 PP)',
        'Brutish Dog',
        'camp B (Secret Society)',
        '16/16',
        '−1 (max 5)',
        '–',
        'sealed',
        'hmg 10/10',
      ],
      [
        'B2',
        'Ypsilon (13 PP)',
        'Scopedog',
        'camp B (Secret Society)',
        '7/16 heavy',
        '0 (max 5)',
        'fallen',
        'sealed',
        'ss 2/5',
      ],
    ])
    const ja = statusPanel(view, 'ja')!
    expect(ja.rows[0]).toEqual([
      'A1',
      'キリコ（9PP）',
      'スコープドッグ / Scopedog',
      '陣営A（レッドショルダー）',
      '16/16',
      '+3（最高5）',
      '–',
      '3',
      'hmg 7/10 +マガジン1',
    ])
    expect(ja.rows[3]!.slice(4, 8)).toEqual(['7/16 大破', '0（最高5）', '転倒', '非公開'])
    // Revealed action PP of an enemy shows; a sealed one never does.
    const revealed = rbView([atView({ id: 'B1', actionPp: 4 }), atView({ id: 'B2' })])
    expect(statusPanel(revealed, 'en')!.rows.map((r) => r[7])).toEqual(['4', 'sealed'])
    expect(statusPanel({ system: 'realbattle' }, 'en')).toBeNull()
  })
})

describe('a step that passed by itself', () => {
  it('is told in words, naming the camp and the phase, in English and Japanese', () => {
    const pass: GameEvent = { type: 'pass', ref: 'RB-3.2', step: 'attack', camp: 'A', reason: 'nothing to decide' }
    expect(tell([pass], 'en')[0]).toMatch(/had no attack to make: its attack phase passed \(RB-3\.2\)\.$/)
    expect(tell([pass], 'ja')[0]).toMatch(/攻撃フェイズは終わりました（RB-3\.2）。$/)
    expect(tell([{ ...pass, step: 'action' }], 'en')[0]).toContain('went straight on by their speed')
  })
})
