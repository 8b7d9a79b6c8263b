// MS@W frame: set-up from a scenario (items, places, seats, deployment) and every refusal of validate.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { msaw } from '../../../src/rulesets/msaw/engine/index.js'
import { setup } from '../../../src/rulesets/msaw/engine/setup.js'
import { validateStep } from '../../../src/rulesets/msaw/engine/sequence.js'
import type { MsOrder, MsScenario, MsState } from '../../../src/rulesets/msaw/engine/types.js'
import { msawScenarios } from '../../../src/rulesets/msaw/scenarios/index.js'
import { game, gm, scenario, zaku } from './frame-fixture.js'

const suit = (state: MsState, id: string) => state.suits.find((s) => s.id === id)!
const rules = (errors: Array<{ rule: string; key?: string }>) => errors.map((e) => `${e.rule} ${e.key}`)

describe('setup', () => {
  it('gives each suit its built-ins, alternatives and bought items, with ids unique in the suit', () => {
    const scn = scenario({
      squads: {
        federation: [
          {
            id: 'RX',
            type: 'gundam',
            bought: ['beam-rifle'],
            at: { x: 1000, y: 1000 },
            hold: { L: 'beam-saber', R: 'beam-rifle' },
          },
          { id: 'ALEX', type: 'alex', bought: ['chobham'], at: { x: 3000, y: 1000 }, hold: { R: 'beam-saber-2' } },
        ],
        zeon: [
          { id: 'GOUF', type: 'gouf', bought: ['gouf-shield'], at: { x: 1000, y: 4000 }, hold: { R: 'gouf-shield' } },
        ],
      },
      seatLayouts: [
        {
          players: 2,
          seats: [
            { id: 'F', side: 'federation', groups: ['RX', 'ALEX'] },
            { id: 'Z', side: 'zeon', groups: ['GOUF'] },
          ],
        },
      ],
    })
    const state = game(scn, [6, 1], { options: { goufShieldBody: 10 } })
    expect(suit(state, 'RX').items).toEqual([
      { id: 'vulcan', type: 'vulcan', place: 'fixed', ammo: 20 },
      { id: 'beam-saber', type: 'beam-saber', place: 'L' },
      { id: 'beam-saber-2', type: 'beam-saber', place: 'stowed' },
      { id: 'beam-rifle', type: 'beam-rifle', place: 'R', ammo: 20 },
    ])
    // GAP-M-10: Chobham armour makes the Alex's HP 45.
    expect(suit(state, 'ALEX')).toMatchObject({ hp: 45, maxHp: 45 })
    expect(suit(state, 'ALEX').items.find((i) => i.id === 'beam-saber-2')!.place).toBe('R')
    // AMB-M-11: the Gouf's shield body is the option's.
    expect(suit(state, 'GOUF').items.find((i) => i.type === 'gouf-shield')).toMatchObject({ place: 'R', body: 10 })
    expect(suit(state, 'GOUF').policy).toEqual({ shield: 'always', counter: 'best' })
    expect(state.options.goufShieldBody).toBe(10)
  })

  it('reads options over the scenario defaults, and refuses unknown ones', () => {
    const state = game(scenario({ options: { aim: true, roundLimit: 12 } }), [6, 1], { options: { roundLimit: 0 } })
    expect(state.options).toMatchObject({ aim: true, roundLimit: 0, rough: false, goufShieldBody: 40 })
    expect(() => game(scenario(), [6, 1], { options: { bogus: true } })).toThrow(/unknown option/)
  })

  it('throws on a player count the scenario has no layout for, and on a hand item neither held nor stowable', () => {
    expect(() => setup(scenario(), { players: 5 }, scriptedDice([]))).toThrow(/no seat layout for 5 players/)
    const bad = scenario({
      squads: {
        federation: [gm('GM1', { x: 1000, y: 1000 }, { bought: ['beam-spray-gun'], hold: { R: 'beam-saber' } })],
        zeon: [zaku('ZAKU1', { x: 1000, y: 4000 })],
      },
      seatLayouts: [
        {
          players: 2,
          seats: [
            { id: 'F', side: 'federation', groups: ['GM1'] },
            { id: 'Z', side: 'zeon', groups: ['ZAKU1'] },
          ],
        },
      ],
    })
    expect(() => game(bad)).toThrow(/frame-test.*GM1.*beam-spray-gun/)
  })

  it('without a hold in the scenario, holds what cannot be stowed', () => {
    const scn = scenario({ deployment: 'players' })
    scn.squads.federation![0]!.bought = ['beam-spray-gun', 'gm-shield']
    const state = game(scn, [])
    expect(suit(state, 'GM1').items.map((i) => `${i.id}@${i.place}`)).toEqual([
      'gm-vulcan@fixed',
      'beam-saber@stowed',
      'beam-spray-gun@R',
      'gm-shield@stowed',
    ])
  })

  it('sets up every scenario of scenarios/msaw for each of its seat layouts', () => {
    for (const entry of msawScenarios())
      for (const layout of entry.summary.seatLayouts) {
        const faces = Array.from({ length: 60 }, (_, i) => (i % 6) + 1)
        const r = msaw.setup(entry.data as MsScenario, { players: layout.players }, scriptedDice(faces))
        expect(msaw.check(r.state), entry.summary.id).toEqual([])
        expect(msaw.pending(r.state).length, entry.summary.id).toBeGreaterThan(0)
      }
  })

  it('with fixed deployment starts the first round: initiative, then the winner’s action phase', () => {
    const r = setup(scenario(), { players: 2 }, scriptedDice([2, 5]))
    expect(r.state).toMatchObject({ round: 1, step: 'action', order: ['Z', 'F'], activeIndex: 0 })
    expect(r.events.map((e) => e.type)).toEqual(['initiative', 'phase-begins'])
    expect(msaw.pending(r.state)).toEqual([
      expect.objectContaining({ side: 'zeon', step: 'action', seats: ['Z'], sealed: false }),
    ])
    expect(msaw.turnOf!(r.state)).toEqual({ turn: 1 })
  })

  it('with players deployment waits for every seat, sealed, and hides positions from the other side', () => {
    const scn = scenario({ deployment: 'players' })
    for (const side of Object.values(scn.squads)) for (const s of side) delete s.at
    const state = game(scn, [])
    expect(state.step).toBe('deploy')
    expect(msaw.pending(state).map((p) => [p.side, p.seats, p.sealed])).toEqual([
      ['federation', ['F'], true],
      ['zeon', ['Z'], true],
    ])
    const zeonView = msaw.view(state, 'Z')
    expect(zeonView.suits.find((s) => s.id === 'GM1')!.at).toBeNull()
    expect(zeonView.suits.find((s) => s.id === 'ZAKU1')!.at).not.toBeNull()
    expect(msaw.view(state, null).suits.every((s) => s.at === null)).toBe(true)
    // Deploying: F places its suits, Z times out and keeps the row at its zone's centre.
    const orders: MsOrder[] = [
      { kind: 'deploy', ms: 'GM1', at: { x: 1000, y: 300 }, hold: { R: 'beam-saber' } },
      { kind: 'deploy', ms: 'GM2', at: { x: 1200, y: 300 }, hold: {} },
    ]
    expect(msaw.validate(state, 'F', orders)).toEqual([])
    const r = msaw.resolve(state, { F: orders, Z: [] }, scriptedDice([6, 1]))
    expect(suit(r.state, 'GM1').at).toEqual({ x: 1000, y: 300 })
    expect(suit(r.state, 'GM1').items.find((i) => i.id === 'beam-saber')!.place).toBe('R')
    expect(suit(r.state, 'ZAKU1').at).toEqual({ x: 2325, y: 4500 })
    expect(suit(r.state, 'ZAKU2').at).toEqual({ x: 2475, y: 4500 })
    expect(r.state).toMatchObject({ step: 'action', round: 1, order: ['F', 'Z'] })
    expect(msaw.view(r.state, 'Z').suits.find((s) => s.id === 'GM1')!.at).toEqual({ x: 1000, y: 300 })
  })

  it('on a timeout keeps the default place, or the nearest free one when a teammate took it', () => {
    const scn = scenario({ deployment: 'players' })
    for (const side of Object.values(scn.squads)) for (const s of side) delete s.at
    const state = game(scn, [], { players: 3 })
    expect(suit(state, 'GM2').at).toEqual({ x: 2475, y: 300 })
    const orders: MsOrder[] = [{ kind: 'deploy', ms: 'GM1', at: { x: 2475, y: 300 }, hold: {} }]
    const r = msaw.resolve(state, { F1: orders, F2: [], Z: [] }, scriptedDice([6, 5, 1]))
    expect(suit(r.state, 'GM1').at).toEqual({ x: 2475, y: 300 })
    expect(suit(r.state, 'GM2').at).toEqual({ x: 2450, y: 200 })
    expect(r.state.order).toEqual(['F1', 'F2', 'Z'])
    expect(r.events.filter((e) => e.type === 'deployed')).toHaveLength(4)
  })

  it('refuses deployments outside the zone, overlapping, incomplete or holding what cannot be held', () => {
    const scn = scenario({ deployment: 'players' })
    const state = game(scn, [])
    const deploy = (ms: string, x: number, y: number, hold: { L?: string; R?: string } = {}): MsOrder => ({
      kind: 'deploy',
      ms,
      at: { x, y },
      hold,
    })
    expect(rules(msaw.validate(state, 'F', [deploy('GM1', 1000, 700), deploy('GM2', 2000, 300)]))).toEqual([
      'GAP-M-4 msaw.frame.deploy.zone',
    ])
    expect(rules(msaw.validate(state, 'F', [deploy('GM1', 1000, 300), deploy('GM2', 1080, 300)]))).toEqual([
      'GAP-M-1 msaw.frame.deploy.overlap',
    ])
    expect(rules(msaw.validate(state, 'F', [deploy('GM1', 30, 300), deploy('GM2', 2000, 300)]))).toEqual([
      'GAP-M-1 msaw.frame.deploy.table',
    ])
    expect(rules(msaw.validate(state, 'F', [deploy('GM1', 1000, 300)]))).toEqual(['GAP-M-4 msaw.frame.deploy.missing'])
    expect(
      rules(msaw.validate(state, 'F', [deploy('GM1', 1000, 300, { L: 'gm-vulcan' }), deploy('GM2', 2000, 300)])),
    ).toEqual(['GAP-M-2 msaw.frame.hold.notHand'])
    // A Zaku's machine gun cannot be stowed: it must stay in a hand.
    expect(
      rules(
        msaw.validate(state, 'Z', [
          deploy('ZAKU1', 1000, 4500, { R: 'zaku-mg' }),
          deploy('ZAKU2', 2000, 4500, { L: 'shoulder-spikes' }),
        ]),
      ),
    ).toEqual(['GAP-M-2 msaw.frame.hold.notHand'])
    expect(
      rules(
        msaw.validate(state, 'Z', [deploy('ZAKU1', 1000, 4500, { R: 'zaku-mg' }), deploy('ZAKU2', 2000, 4500, {})]),
      ),
    ).toEqual(['MS-2.2 msaw.frame.hold.unstowable'])
  })
})

describe('validate', () => {
  const move = (ms: string, x: number, y: number): MsOrder => ({ kind: 'move', ms, path: [{ x, y }] })
  const attack = (ms: string, target: string, weapon: string): MsOrder => ({ kind: 'attack', ms, target, weapon })

  it('takes a legal submission of activations', () => {
    const state = game()
    expect(
      msaw.validate(state, 'F', [
        move('GM1', 2000, 2000),
        attack('GM1', 'ZAKU1', 'gm-vulcan'),
        { kind: 'policy', ms: 'GM2', shield: 'ask' },
        attack('GM2', 'ZAKU2', 'gm-vulcan'),
        move('GM2', 2800, 2000),
        { kind: 'more' },
      ]),
    ).toEqual([])
    expect(msaw.validate(state, 'F', [])).toEqual([])
  })

  it('refuses a second move in one activation (MS-2.0)', () => {
    const errors = msaw.validate(game(), 'F', [move('GM1', 2000, 2000), move('GM1', 2000, 1800)])
    expect(rules(errors)).toEqual(['MS-2.0 msaw.frame.twice'])
    expect(errors[0]).toMatchObject({
      order: 1,
      message: 'GM1 has a second "move" in one activation: each part at most once (MS-2.0)',
    })
  })

  it('refuses a suit whose orders are split by another suit’s (AMB-M-2)', () => {
    const errors = msaw.validate(game(), 'F', [
      move('GM1', 2000, 2000),
      move('GM2', 2800, 2000),
      attack('GM1', 'ZAKU1', 'gm-vulcan'),
    ])
    expect(rules(errors)).toEqual(['AMB-M-2 msaw.frame.notConsecutive'])
    expect(errors[0]!.order).toBe(2)
  })

  it('refuses an attack and an aim in one activation (MS-2.3), an aim without the option or not last (MS-4.2)', () => {
    const aimOn = game(scenario({ options: { aim: true } }))
    const aim = (ms: string, target: string): MsOrder => ({ kind: 'aim', ms, target })
    expect(rules(msaw.validate(aimOn, 'F', [attack('GM1', 'ZAKU1', 'gm-vulcan'), aim('GM1', 'ZAKU1')]))).toEqual([
      'MS-2.3 msaw.frame.attackAndAim',
    ])
    expect(rules(msaw.validate(game(), 'F', [aim('GM1', 'ZAKU1')]))).toEqual(['MS-4.2 msaw.frame.aimOff'])
    expect(rules(msaw.validate(aimOn, 'F', [aim('GM1', 'ZAKU1'), move('GM1', 2000, 2000)]))).toEqual([
      'MS-4.2 msaw.frame.aimLast',
    ])
    expect(msaw.validate(aimOn, 'F', [move('GM1', 2000, 2000), aim('GM1', 'ZAKU1')])).toEqual([])
  })

  it("refuses another seat's suit, a destroyed suit, an unknown suit", () => {
    const state = game()
    expect(rules(msaw.validate(state, 'F', [move('ZAKU1', 2000, 2700)]))).toEqual(['GAP-M-11 msaw.frame.notYours'])
    expect(rules(msaw.validate(state, 'F', [move('GM9', 2000, 2700)]))).toEqual(['MS-0.3 msaw.frame.noSuit'])
    const hit = structuredClone(state)
    suit(hit, 'GM2').destroyed = true
    suit(hit, 'GM2').hp = 0
    expect(rules(msaw.validate(hit, 'F', [move('GM2', 2800, 2000)]))).toEqual(['GAP-M-5 msaw.frame.destroyed'])
  })

  it('refuses orders in the wrong step, and a seat whose step it is not', () => {
    const state = game()
    expect(rules(msaw.validate(state, 'F', [{ kind: 'shield', ms: 'GM1', use: true }]))).toEqual([
      'MS-1.2 msaw.frame.wrongStep',
    ])
    expect(rules(msaw.validate(state, 'F', [{ kind: 'deploy', ms: 'GM1', at: { x: 100, y: 100 }, hold: {} }]))).toEqual(
      ['MS-1.2 msaw.frame.wrongStep'],
    )
    expect(rules(msaw.validate(state, 'Z', [move('ZAKU1', 2000, 2700)]))).toEqual(['MS-1.2 msaw.frame.notYourStep'])
    expect(msaw.validate(state, 'Z', [])).toEqual([])
    expect(rules(msaw.validate(state, 'X', [move('GM1', 2000, 2000)]))).toEqual(['GAP-M-11 msaw.frame.noSeat'])
  })

  it('refuses a suit that has activated in this phase or is in system error', () => {
    const state = game()
    state.activated = ['GM1']
    suit(state, 'GM2').errorPhases = 2
    expect(rules(msaw.validate(state, 'F', [move('GM1', 2000, 2000)]))).toEqual(['MS-2.0 msaw.frame.activated'])
    const errors = msaw.validate(state, 'F', [move('GM2', 2800, 2000)])
    expect(rules(errors)).toEqual(['MS-4.4 msaw.frame.systemError'])
    expect(errors[0]!.message).toContain('2 more action phase')
  })

  it('checks each move where the earlier activations left the other suits', () => {
    const state = game()
    // GM2 ends where GM1's path runs: GM1's move is refused, though on the state as it is it would be legal.
    const errors = msaw.validate(state, 'F', [move('GM2', 2000, 1900), move('GM1', 2000, 1500)])
    expect(errors.map((e) => [e.rule, e.order])).toEqual([['GAP-M-1', 1]])
    expect(msaw.validate(state, 'F', [move('GM1', 2000, 1500)])).toEqual([])
    // Too long for Move 10".
    expect(rules(msaw.validate(state, 'F', [move('GM1', 2000, 1100)])).map((r) => r.split(' ')[0])).toEqual(['MS-2.1'])
  })

  it('refuses an attack with an item the suit lacks, or at a suit that is not an enemy in play', () => {
    const state = game()
    expect(rules(msaw.validate(state, 'F', [attack('GM1', 'ZAKU1', 'zaku-mg')]))).toEqual([
      'MS-3.1 msaw.frame.noWeapon',
    ])
    expect(rules(msaw.validate(state, 'F', [attack('GM1', 'GM2', 'gm-vulcan')]))).toEqual([
      'MS-3.1 msaw.frame.noTarget',
    ])
    // What is known before any die is refused: a stowed saber is not in use (AMB-M-13), a target out of range.
    expect(rules(msaw.validate(state, 'F', [attack('GM1', 'ZAKU1', 'beam-saber')]))).toEqual([
      'AMB-M-13 msaw.combat.attack.notInUse',
    ])
    expect(
      rules(
        msaw.validate(state, 'F', [
          { kind: 'move', ms: 'GM1', path: [{ x: 2000, y: 1400 }] },
          attack('GM1', 'ZAKU1', 'gm-vulcan'),
        ]),
      ),
    ).toEqual(['MS-3.2 msaw.combat.attack.outOfRange'])
  })

  it('ends by annihilation when a moderator’s adjustment leaves one side with suits (GAP-M-4)', () => {
    const adjusted = msaw.adjust(game(), [
      { kind: 'destroy', ms: 'ZAKU1' },
      { kind: 'destroy', ms: 'ZAKU2' },
    ])
    expect(adjusted.ok).toBe(true)
    if (!adjusted.ok) return
    expect(msaw.outcome(adjusted.state)).toMatchObject({ winner: 'federation', reason: 'annihilation' })
    expect(msaw.pending(adjusted.state)).toEqual([])
  })

  it('resolves an attack at a target an earlier attack destroyed as no attack; the rest stands (§8)', () => {
    const state = game(scenario({ options: { oneHitKill: true } }))
    const orders: MsOrder[] = [
      attack('GM1', 'ZAKU1', 'gm-vulcan'),
      { kind: 'move', ms: 'GM2', path: [{ x: 2400, y: 2200 }] },
      attack('GM2', 'ZAKU1', 'gm-vulcan'),
    ]
    expect(msaw.validate(state, 'F', orders)).toEqual([])
    // GM1 rolls 3: a one-hit kill (MS-4.3). GM2's attack then has no target: no attack, and its move stands.
    const r = msaw.resolve(state, { F: orders }, scriptedDice([1, 1, 1]))
    const kinds = r.events.map((e) => e.type)
    expect(kinds).toContain('one-hit-kill')
    expect(r.events.find((e) => e.type === 'attack-void')).toMatchObject({ ms: 'GM2', target: 'ZAKU1', ref: 'GAP-M-5' })
    expect(suit(r.state, 'GM2').at).toEqual({ x: 2400, y: 2200 })
    expect(suit(r.state, 'ZAKU1').destroyed).toBe(true)
  })

  it('refuses "more" with no activation: it would only put the deadline off', () => {
    expect(rules(msaw.validate(game(), 'F', [{ kind: 'more' }]))).toEqual(['MS-2.0 msaw.frame.moreAlone'])
    expect(
      rules(msaw.validate(game(), 'F', [{ kind: 'policy', ms: 'GM1', counter: 'never' }, { kind: 'more' }])),
    ).toEqual(['MS-2.0 msaw.frame.moreAlone'])
  })

  it('refuses an empty policy order', () => {
    expect(rules(msaw.validate(game(), 'F', [{ kind: 'policy', ms: 'GM1' }]))).toEqual(['§8 msaw.frame.policyEmpty'])
  })

  it('in the react step takes only the answer to the question asked', () => {
    const state = game()
    state.step = 'react'
    state.reaction = {
      kind: 'counter',
      ms: 'ZAKU1',
      seat: 'Z',
      attacker: 'GM1',
      weapon: 'gm-vulcan',
      isCounter: false,
      choices: ['zaku-mg'],
      queue: [],
    }
    expect(validateStep(state, 'Z', [{ kind: 'counter', ms: 'ZAKU1', weapon: 'zaku-mg' }])).toEqual([])
    expect(validateStep(state, 'Z', [{ kind: 'counter', ms: 'ZAKU1', weapon: null }])).toEqual([])
    expect(rules(validateStep(state, 'Z', [{ kind: 'shield', ms: 'ZAKU1', use: true }]))).toEqual([
      '§8 msaw.frame.answerKind',
    ])
    expect(rules(validateStep(state, 'Z', [{ kind: 'counter', ms: 'ZAKU2', weapon: 'zaku-mg' }]))).toEqual([
      '§8 msaw.frame.answerMs',
    ])
    expect(rules(validateStep(state, 'Z', [{ kind: 'counter', ms: 'ZAKU1', weapon: 'shoulder-spikes' }]))).toEqual([
      'MS-3.8 msaw.frame.counterChoice',
    ])
    expect(rules(validateStep(state, 'Z', [move('ZAKU1', 2000, 2700)]))).toEqual(['MS-1.2 msaw.frame.wrongStep'])
    expect(rules(validateStep(state, 'F', [move('GM1', 2000, 2000)]))).toEqual(['MS-1.2 msaw.frame.notYourStep'])
  })
})

describe('with the combat part', () => {
  it('a counter `ask` stops the phase with the question and the weapons; the answer counterattacks', () => {
    const zeonFirst = game(scenario(), [1, 6])
    const policy: MsOrder = { kind: 'policy', ms: 'ZAKU1', counter: 'ask' }
    const f = msaw.resolve(zeonFirst, { Z: [policy] }, scriptedDice([])).state
    // GM1's vulcans: 1+1+1 hits; the Zaku's shoulder shield (always); defend 18: full damage 4+2 = 6, split 3/3.
    const asked = msaw.resolve(
      f,
      { F: [{ kind: 'attack', ms: 'GM1', target: 'ZAKU1', weapon: 'gm-vulcan' }] },
      scriptedDice([1, 1, 1, 6, 6, 6, 4]),
    )
    expect(asked.state.step).toBe('react')
    expect(suit(asked.state, 'ZAKU1').hp).toBe(16)
    expect(asked.events.at(-1)).toMatchObject({ type: 'waiting', ms: 'ZAKU1', seat: 'Z', kind: 'counter' })
    // The shoulder spikes reach 2": at 3" only the machine gun can counterattack.
    expect(msaw.options(asked.state, 'Z').reaction).toEqual({
      kind: 'counter',
      ms: 'ZAKU1',
      attacker: 'GM1',
      choices: ['zaku-mg'],
    })
    const answered = msaw.resolve(
      asked.state,
      { Z: [{ kind: 'counter', ms: 'ZAKU1', weapon: 'zaku-mg' }] },
      scriptedDice([6, 6, 5, 3, 2]),
    )
    expect(answered.events[0]).toMatchObject({ type: 'attack', ms: 'ZAKU1', target: 'GM1', counter: true, hit: false })
    expect(suit(answered.state, 'ZAKU1').items.find((i) => i.id === 'zaku-mg')!.ammo).toBe(19)
    expect(answered.events.map((e) => e.type).slice(-4)).toEqual([
      'phase-ends',
      'round-ends',
      'initiative',
      'phase-begins',
    ])
    expect(answered.state).toMatchObject({ round: 2, step: 'action', order: ['F', 'Z'], reaction: null })
  })
})
