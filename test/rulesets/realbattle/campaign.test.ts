// Real Battle campaign, maintenance and money (RB-24.3–24.9, 24.19–24.22), with scripted dice.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import {
  campaignRules,
  campaignStandings,
  chargeInterest,
  interestDue,
  netWorth,
  newTeam,
  resolveAction,
  runMaintenance,
  validateAction,
  type CampaignAction,
  type Catalogue,
  type OwnedAt,
  type Team,
} from '../../../src/rulesets/realbattle/engine/campaign/index.js'
import { cards, weapons } from './fixture.js'

const catalogue: Catalogue = {
  cards,
  weapons,
  builtIn: {
    brutish: [
      { weapon: 'bd-gatling', mount: 'armL' },
      { weapon: 'bd-ml2', mount: 'shoulderR' },
    ],
  },
}
const rules = campaignRules()

function team(over: Partial<Team> = {}): Team {
  return { ...newTeam('ann', rules), ...over }
}
function scopedog(over: Partial<OwnedAt> = {}): OwnedAt {
  return { id: 'at1', card: 'scopedog', damage: 0, loadout: [], ...over }
}
function act(t: Team, a: CampaignAction, faces: number[]) {
  expect(validateAction(t, a, catalogue, rules)).toEqual([])
  const dice = scriptedDice(faces)
  const r = resolveAction(t, a, catalogue, rules, dice)
  expect(dice.rolls.length).toBe(faces.length)
  return r
}
const rulesOf = (t: Team, a: CampaignAction, used = 0) =>
  validateAction(t, a, catalogue, rules, used).map((e) => [e.rule, e.key])

describe('a new team (RB-24.3)', () => {
  it('starts with G3,000, no debt, no AT, no pilot', () => {
    const t = newTeam('ann', rules)
    expect(t).toMatchObject({ entrant: 'ann', money: 3000, debt: 0, ats: [], weapons: [], pilots: [], field: [] })
    expect(newTeam('bob', campaignRules({ startMoney: 5000 })).money).toBe(5000)
  })
})

describe('buying (RB-24.5)', () => {
  it('buys an AT at its price when 2d6 ≤ availability', () => {
    const t = team()
    const r = act(t, { kind: 'buy-at', card: 'scopedog' }, [4, 6])
    expect(r.team.money).toBe(1800)
    expect(r.team.ats).toEqual([{ id: 'at1', card: 'scopedog', damage: 0, loadout: [] }])
    expect(r.events).toEqual([expect.objectContaining({ type: 'bought', card: 'scopedog', roll: 10, price: 1200 })])
    expect(t.money).toBe(3000) // the argument is untouched
  })

  it('wastes the action and spends nothing when 2d6 > availability', () => {
    const r = act(team(), { kind: 'buy-at', card: 'scopedog' }, [5, 6])
    expect(r.team.money).toBe(3000)
    expect(r.team.ats).toEqual([])
    expect(r.events).toEqual([expect.objectContaining({ type: 'buy-failed', roll: 11, availability: 10 })])
  })

  it('an AT with built-in weapons comes with them, full, and they never move', () => {
    const r = act(team(), { kind: 'buy-at', card: 'brutish' }, [2, 2])
    expect(r.team.money).toBe(500)
    const at = r.team.ats[0]!
    expect(at.loadout.map((w) => [w.card, w.mount, w.ammo])).toEqual([
      ['bd-gatling', 'armL', 12],
      ['bd-ml2', 'shoulderR', 2],
    ])
    expect(rulesOf(r.team, { kind: 'unmount', weapon: at.loadout[0]!.id, at: at.id })).toEqual([
      ['RB-5.6', 'realbattle.campaign.builtIn'],
    ])
  })

  it('buys a weapon into the store, full and without magazines', () => {
    const r = act(team(), { kind: 'buy-weapon', card: 'hmg' }, [5, 6])
    expect(r.team.money).toBe(2700)
    expect(r.team.weapons).toEqual([{ id: 'w1', card: 'hmg', ammo: 10, magazines: 0 }])
  })

  it('refuses a purchase the team cannot pay for, before any die', () => {
    const t = team({ money: 1100 })
    expect(rulesOf(t, { kind: 'buy-at', card: 'scopedog' })).toEqual([['RB-24.5', 'realbattle.campaign.cannotPay']])
    expect(validateAction(t, { kind: 'buy-at', card: 'scopedog' }, catalogue, rules)[0]!.message).toBe(
      'Scopedog costs G1200, but the team has G1100',
    )
    expect(() => resolveAction(t, { kind: 'buy-at', card: 'scopedog' }, catalogue, rules, scriptedDice([]))).toThrow(
      /refused/,
    )
  })

  it('refuses cards not for sale and unknown cards', () => {
    expect(rulesOf(team(), { kind: 'buy-weapon', card: 'bd-gatling' })).toEqual([
      ['RB-24.5', 'realbattle.campaign.notForSale'],
    ])
    expect(rulesOf(team(), { kind: 'buy-at', card: 'zeta' })).toEqual([['RB-24.5', 'realbattle.campaign.noCard']])
  })
})

describe('magazines (RB-24.6) and resupply (RB-24.8)', () => {
  const hmg = { id: 'w1', card: 'hmg', ammo: 3, magazines: 0 }
  const ss = { id: 'w2', card: 'ss', ammo: 1, magazines: 0 }

  it('buys a magazine for a weapon owned at the resupply price', () => {
    const t = team({ weapons: [hmg] })
    const r = act(t, { kind: 'buy-magazine', weapon: 'w1' }, [])
    expect(r.team.money).toBe(2950)
    expect(r.team.weapons[0]!.magazines).toBe(1)
  })

  it('buys a magazine for a mounted weapon too', () => {
    const t = team({ ats: [scopedog({ loadout: [{ ...hmg, mount: 'handR' }] })] })
    const r = act(t, { kind: 'buy-magazine', weapon: 'w1' }, [])
    expect(r.team.ats[0]!.loadout[0]!.magazines).toBe(1)
  })

  it('refuses a ★ magazine and a weapon not owned', () => {
    const t = team({ weapons: [ss] })
    expect(rulesOf(t, { kind: 'buy-magazine', weapon: 'w2' })).toEqual([
      ['RB-24.6', 'realbattle.campaign.magazineStar'],
    ])
    expect(rulesOf(t, { kind: 'buy-magazine', weapon: 'w9' })).toEqual([['RB-24.6', 'realbattle.campaign.noWeapon']])
  })

  it('refills to MAX for the resupply price, ★ included, whatever was used', () => {
    const t = team({ weapons: [hmg, ss] })
    const a = act(t, { kind: 'resupply', weapon: 'w1' }, [])
    expect([a.team.money, a.team.weapons[0]!.ammo]).toEqual([2950, 10])
    const b = act(t, { kind: 'resupply', weapon: 'w2' }, [])
    expect([b.team.money, b.team.weapons[1]!.ammo]).toEqual([2900, 5])
  })

  it('refuses a full weapon and a resupply the team cannot pay for', () => {
    expect(rulesOf(team({ weapons: [{ ...hmg, ammo: 10 }] }), { kind: 'resupply', weapon: 'w1' })).toEqual([
      ['RB-24.8', 'realbattle.campaign.full'],
    ])
    expect(rulesOf(team({ money: 40, weapons: [hmg] }), { kind: 'resupply', weapon: 'w1' })).toEqual([
      ['RB-24.8', 'realbattle.campaign.cannotPay'],
    ])
  })
})

describe('repair (RB-24.7)', () => {
  it('removes 2d6 of damage at G50 a point, no more than the damage', () => {
    const t = team({ ats: [scopedog({ damage: 5 })] })
    const a = act(t, { kind: 'repair', at: 'at1' }, [1, 2])
    expect([a.team.ats[0]!.damage, a.team.money]).toEqual([2, 2850])
    expect(a.events[0]).toMatchObject({ type: 'repaired', roll: 3, points: 3, cost: 150 })
    const b = act(t, { kind: 'repair', at: 'at1' }, [3, 4])
    expect([b.team.ats[0]!.damage, b.team.money]).toEqual([0, 2750])
    expect(b.events[0]).toMatchObject({ roll: 7, points: 5, cost: 250, limitedByMoney: false })
  })

  it('removes only the points the team can pay for (house reading)', () => {
    const t = team({ money: 120, ats: [scopedog({ damage: 8 })] })
    const r = act(t, { kind: 'repair', at: 'at1' }, [3, 3])
    expect([r.team.ats[0]!.damage, r.team.money]).toEqual([6, 20])
    expect(r.events[0]).toMatchObject({ roll: 6, points: 2, cost: 100, limitedByMoney: true })
  })

  it('refuses an AT with no damage, an unknown AT, and a team without G50', () => {
    expect(rulesOf(team({ ats: [scopedog()] }), { kind: 'repair', at: 'at1' })).toEqual([
      ['RB-24.7', 'realbattle.campaign.noDamage'],
    ])
    expect(rulesOf(team(), { kind: 'repair', at: 'at1' })).toEqual([['RB-24.7', 'realbattle.campaign.noAt']])
    expect(rulesOf(team({ money: 40, ats: [scopedog({ damage: 3 })] }), { kind: 'repair', at: 'at1' })).toEqual([
      ['RB-24.7', 'realbattle.campaign.cannotPay'],
    ])
  })
})

describe('scouting (RB-24.9)', () => {
  it('TV-RB-31: rolls 2, 4, 6, 9, 11, 12 find 9 PP, 7 PP, nobody, 6 PP, 8 PP, 12 PP', () => {
    const faces = [
      [1, 1, 1],
      [1, 3, 1],
      [3, 3],
      [4, 5, 1],
      [5, 6, 1],
      [6, 6, 1],
    ]
    const found = faces.map((f) => act(team({ money: 10000 }), { kind: 'scout' }, f).events[0]!.pp)
    expect(found).toEqual([9, 7, null, 6, 8, 12])
  })

  it('hires the pilot for 1d6 × G100 when the team can pay', () => {
    const r = act(team(), { kind: 'scout', name: 'Chirico', nameJa: 'キリコ' }, [4, 5, 3])
    expect(r.team.money).toBe(2700)
    expect(r.team.pilots).toEqual([{ id: 'p1', name: 'Chirico', nameJa: 'キリコ', basePp: 6, exp: 0, alive: true }])
    expect(r.events[0]).toMatchObject({ type: 'scouted', roll: 9, pp: 6, fee: 300, hired: true })
  })

  it('the order may refuse the contract beforehand: accept false, a fee above maxFee, a pilot below minPp', () => {
    const no = act(team(), { kind: 'scout', accept: false }, [1, 1, 1])
    expect([no.team.pilots.length, no.team.money, no.events[0]!.declined]).toEqual([0, 3000, 'refused'])
    const dear = act(team(), { kind: 'scout', maxFee: 300 }, [1, 1, 4])
    expect([dear.team.pilots.length, dear.events[0]!.declined]).toEqual([0, 'fee-above-max'])
    const weak = act(team(), { kind: 'scout', minPp: 7 }, [4, 5, 1])
    expect([weak.team.pilots.length, weak.events[0]!.declined]).toEqual([0, 'pp-below-min'])
  })

  it('cannot hire without the fee: the pilot walks away, no money spent', () => {
    const r = act(team({ money: 200 }), { kind: 'scout' }, [1, 1, 3])
    expect([r.team.pilots.length, r.team.money, r.events[0]!.declined]).toEqual([0, 200, 'cannot-pay'])
  })
})

describe('five actions a maintenance (RB-24.4)', () => {
  it('refuses a sixth action; free actions still go through', () => {
    const acts: CampaignAction[] = [
      ...Array.from({ length: 6 }, () => ({ kind: 'scout' }) as const),
      { kind: 'borrow', amount: 100 },
    ]
    const r = runMaintenance(team(), acts, catalogue, rules, scriptedDice([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]))
    expect(r.used).toBe(5)
    expect(r.refusals.map((e) => [e.order, e.rule, e.key])).toEqual([[5, 'RB-24.4', 'realbattle.campaign.actionsUsed']])
    expect(r.team.debt).toBe(100)
    expect(rulesOf(team(), { kind: 'scout' }, 5)).toEqual([['RB-24.4', 'realbattle.campaign.actionsUsed']])
  })

  it('a refused action uses none of the five, and each is checked against the team as it is by then', () => {
    const acts: CampaignAction[] = [
      { kind: 'buy-at', card: 'scopedog' },
      { kind: 'buy-at', card: 'scopedog' },
      { kind: 'buy-at', card: 'scopedog' },
      { kind: 'repair', at: 'at1' },
    ]
    const r = runMaintenance(team(), acts, catalogue, rules, scriptedDice([1, 1, 1, 1]))
    expect(r.team.money).toBe(600)
    expect(r.used).toBe(2)
    expect(r.refusals.map((e) => [e.order, e.rule])).toEqual([
      [2, 'RB-24.5'],
      [3, 'RB-24.7'],
    ])
  })

  it('refuses an unknown kind', () => {
    expect(rulesOf(team(), { kind: 'steal' } as unknown as CampaignAction)).toEqual([
      ['RB-24.4', 'realbattle.campaign.unknownKind'],
    ])
  })
})

describe('loans (RB-24.19–24.21)', () => {
  it('borrows in G10, repays at 105 %', () => {
    const a = act(team(), { kind: 'borrow', amount: 1000 }, [])
    expect([a.team.money, a.team.debt]).toEqual([4000, 1000])
    const b = act(a.team, { kind: 'repay', amount: 400 }, [])
    expect([b.team.money, b.team.debt]).toEqual([3580, 600])
    const c = act(b.team, { kind: 'repay', amount: 600 }, [])
    expect([c.team.money, c.team.debt]).toEqual([2950, 0])
  })

  it('rounds 105 % up to G1, and takes the whole of an odd debt', () => {
    const r = act(team({ debt: 15, money: 100 }), { kind: 'repay', amount: 15 }, [])
    expect([r.team.money, r.team.debt]).toEqual([84, 0])
  })

  it('refuses odd or non-positive amounts, more than the house limit, more than the debt, and no money', () => {
    expect(rulesOf(team(), { kind: 'borrow', amount: 15 })).toEqual([['RB-24.19', 'realbattle.campaign.amount']])
    expect(rulesOf(team(), { kind: 'borrow', amount: -10 })).toEqual([['RB-24.19', 'realbattle.campaign.amount']])
    expect(rulesOf(team({ debt: 9000 }), { kind: 'borrow', amount: 1010 })).toEqual([
      ['RB-24.19', 'realbattle.campaign.maxDebt'],
    ])
    expect(rulesOf(team({ debt: 100 }), { kind: 'repay', amount: 200 })).toEqual([
      ['RB-24.21', 'realbattle.campaign.repayTooMuch'],
    ])
    expect(rulesOf(team({ debt: 1000, money: 1000 }), { kind: 'repay', amount: 1000 })).toEqual([
      ['RB-24.21', 'realbattle.campaign.cannotPay'],
    ])
  })
})

describe('interest (RB-24.20)', () => {
  it('is 5 % of the debt rounded up to G10', () => {
    expect([0, 10, 200, 1000, 1010, 1200, 1210, 10000].map((d) => interestDue(d, rules))).toEqual([
      0, 10, 10, 50, 60, 60, 70, 500,
    ])
  })

  it('is paid from money, or borrowed when the team cannot pay it', () => {
    const paid = chargeInterest(team({ debt: 1010, money: 100 }), rules)
    expect([paid.team.money, paid.team.debt]).toEqual([40, 1010])
    expect(paid.events[0]).toMatchObject({ type: 'interest', amount: 60, paidBy: 'cash' })
    const loan = chargeInterest(team({ debt: 1000, money: 30 }), rules)
    expect([loan.team.money, loan.team.debt]).toEqual([30, 1050])
    expect(loan.events[0]).toMatchObject({ paidBy: 'loan' })
    expect(chargeInterest(team(), rules).events).toEqual([])
  })
})

describe('net worth and standings (RB-24.22, AMB-RB-17)', () => {
  it('is money less 105 % of the debt, rounded down', () => {
    expect(netWorth(team({ money: 3000, debt: 1000 }), rules)).toBe(1950)
    expect(netWorth(team({ money: 100, debt: 10 }), rules)).toBe(89)
    expect(netWorth(team({ money: 0, debt: 1000 }), rules)).toBe(-1050)
  })

  it('orders by net worth, ties share the position and are listed by entrant', () => {
    const rows = campaignStandings(
      [
        team({ entrant: 'dan', money: 2000 }),
        team({ entrant: 'cat', money: 4000, debt: 2000 }),
        team({ entrant: 'bob', money: 2000 }),
        team({ entrant: 'ann', money: 2500 }),
      ],
      rules,
    )
    expect(rows.map((r) => [r.position, r.entrant, r.netWorth])).toEqual([
      [1, 'ann', 2500],
      [2, 'bob', 2000],
      [2, 'dan', 2000],
      [4, 'cat', 1900],
    ])
  })
})

describe('mounting weapons and the show choice (free actions)', () => {
  const store = [
    { id: 'w1', card: 'hmg', ammo: 10, magazines: 1 },
    { id: 'w2', card: 'hmg', ammo: 10, magazines: 0 },
    { id: 'w3', card: 'gatling', ammo: 8, magazines: 0 },
    { id: 'w4', card: 'pile', ammo: 3, magazines: 0 },
  ]

  it('puts hand-held weapons in free hands, at most two, and takes them off again', () => {
    let t = team({ ats: [scopedog()], weapons: store })
    t = act(t, { kind: 'mount', weapon: 'w1', at: 'at1' }, []).team
    t = act(t, { kind: 'mount', weapon: 'w2', at: 'at1' }, []).team
    expect(t.ats[0]!.loadout.map((w) => [w.id, w.mount])).toEqual([
      ['w1', 'handR'],
      ['w2', 'handL'],
    ])
    expect(rulesOf(t, { kind: 'mount', weapon: 'w3', at: 'at1' })).toEqual([['GAP-RB-2', 'realbattle.campaign.noSlot']])
    t = act(t, { kind: 'mount', weapon: 'w4', at: 'at1' }, []).team
    expect(t.ats[0]!.loadout[2]!.mount).toBe('armR')
    t = act(t, { kind: 'unmount', weapon: 'w1', at: 'at1' }, []).team
    expect(t.weapons.map((w) => w.id)).toEqual(['w3', 'w1'])
    expect(t.weapons[1]).toEqual({ id: 'w1', card: 'hmg', ammo: 10, magazines: 1 })
    expect(rulesOf(t, { kind: 'mount', weapon: 'w3', at: 'at1', mount: 'handL' })).toEqual([
      ['GAP-RB-2', 'realbattle.campaign.slotTaken'],
    ])
  })

  it('refuses a wrong place, a weapon not in the store, and one not on the AT', () => {
    const t = team({ ats: [scopedog({ loadout: [{ ...store[0]!, mount: 'handR' }] })], weapons: store.slice(1) })
    expect(rulesOf(t, { kind: 'mount', weapon: 'w2', at: 'at1', mount: 'armR' })).toEqual([
      ['GAP-RB-2', 'realbattle.campaign.badMount'],
    ])
    expect(rulesOf(t, { kind: 'mount', weapon: 'w1', at: 'at1' })).toEqual([
      ['GAP-RB-2', 'realbattle.campaign.notInStore'],
    ])
    expect(rulesOf(t, { kind: 'unmount', weapon: 'w2', at: 'at1' })).toEqual([
      ['GAP-RB-2', 'realbattle.campaign.notOnAt'],
    ])
  })

  it('fields a working AT with a living pilot (RB-24.10)', () => {
    const pilots = [
      { id: 'p1', name: 'A', nameJa: 'A', basePp: 6, exp: 0, alive: true },
      { id: 'p2', name: 'B', nameJa: 'B', basePp: 7, exp: 0, alive: false },
    ]
    const t = team({ ats: [scopedog(), scopedog({ id: 'at2', damage: 16 })], pilots })
    expect(act(t, { kind: 'field', at: 'at1', pilot: 'p1' }, []).team.field).toEqual([{ at: 'at1', pilot: 'p1' }])
    expect(rulesOf(t, { kind: 'field', at: 'at2', pilot: 'p2' })).toEqual([
      ['RB-24.10', 'realbattle.campaign.atBroken'],
      ['RB-24.10', 'realbattle.campaign.deadPilot'],
    ])
  })
})
