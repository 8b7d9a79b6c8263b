// Sealed information (docs/realbattle.md): a plan, the action PP drawn from it and its defence are the
// owner's seat's alone until the owner's phase ① reveals them; a defence turned up by an attack is seen
// alone; standing orders are the owner's; no event carries a sealed value.
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/engine/dice.js'
import { realbattle } from '../../../src/rulesets/realbattle/engine/index.js'
import type { RbOrder, RbState } from '../../../src/rulesets/realbattle/engine/types.js'
import { started, team } from './fixture-frame.js'

// Distinctive values: 4 (accel) and 3 (defence) appear in no other field of these ATs.
const plans = { A1: [0, 0, 1, 1], A2: [0, 0, 0, 0], B1: [4, 0, 0, 3], B2: [0, 0, 0, 0] }
const atView = (state: RbState, viewer: string | null, id: string) =>
  realbattle.view(state, viewer).ats.find((a) => a.id === id)!

function step(state: RbState, orders: Record<string, RbOrder[]> = {}) {
  const seats = realbattle.pending(state).flatMap((p) => p.seats)
  return realbattle.resolve(state, Object.fromEntries(seats.map((s) => [s, orders[s] ?? []])), scriptedDice([]))
}

describe('the view of a sealed plan', () => {
  const { state } = started(team(), 4, plans) // camp A first: B's plans stay sealed

  it('hides it from the opponent, from a teammate’s seat and from an observer', () => {
    for (const viewer of ['A-1', 'B-2', null]) {
      const b1 = atView(state, viewer, 'B1')
      expect(b1, String(viewer)).toMatchObject({ plan: null, actionPp: null, defence: null, planSealed: true })
      expect(b1.policies).toBeUndefined()
    }
  })

  it('shows it to its own seat, with action PP and standing orders', () => {
    const b1 = atView(state, 'B-1', 'B1')
    expect(b1).toMatchObject({
      mine: true,
      plan: { acc: 4, dec: 0, atk: 0, def: 3 },
      actionPp: 7,
      defence: 3,
      planSealed: false,
    })
    expect(b1.policies).toEqual({ avoid: 'avoid-if-affordable', fall: { kind: 'reach', value: 7 } })
    expect(atView(state, 'B-2', 'B1').mine).toBe(false)
  })

  it('shows a revealed plan to everyone (the active camp’s, after its phase ①)', () => {
    for (const viewer of ['A-1', 'B-1', null])
      expect(atView(state, viewer, 'A1'), String(viewer)).toMatchObject({
        plan: { acc: 0, dec: 0, atk: 1, def: 1 },
        actionPp: 5,
        defence: 1,
        planSealed: false,
      })
    // B's player-turn: its plans are revealed in turn.
    const bTurn = step(step(state).state).state
    expect(bTurn.active).toBe('B')
    expect(atView(bTurn, 'A-1', 'B1')).toMatchObject({ plan: { acc: 4, dec: 0, atk: 0, def: 3 }, actionPp: 0 })
    expect(atView(bTurn, null, 'B1').defence).toBe(3)
  })

  it('shows the defence alone once an attack has turned it up (RB-12.11)', () => {
    const hit = structuredClone(state)
    hit.ats.find((a) => a.id === 'B1')!.defRevealed = true
    for (const viewer of ['A-1', 'B-2', null])
      expect(atView(hit, viewer, 'B1'), String(viewer)).toMatchObject({
        plan: null,
        actionPp: null,
        defence: 3,
        planSealed: true,
      })
  })

  it('names the viewer’s seat and camp, or none for an observer or a stranger', () => {
    expect(realbattle.view(state, 'B-2').viewer).toEqual({ seat: 'B-2', camp: 'B' })
    expect(realbattle.view(state, null).viewer).toBeNull()
    expect(realbattle.view(state, 'nobody').viewer).toBeNull()
    expect(atView(state, 'nobody', 'B1').plan).toBeNull()
  })
})

describe('events of sealed steps', () => {
  it('the deployment and the planning phase give no plan value of a camp not yet revealed', () => {
    const { events, state } = started(team(), 4, plans)
    const sealedB = JSON.stringify(events.filter((e) => e.at === 'B1' || e.at === 'B2'))
    for (const field of ['"acc"', '"dec"', '"atk"', '"def"', '"actionPp"']) expect(sealedB).not.toContain(field)
    // B1's accel 4 and defence 3 nowhere but in the public hexes and facings of the deployment.
    const beyondDeploy = JSON.stringify(events.filter((e) => (e.at === 'B1' || e.at === 'B2') && e.type !== 'deployed'))
    expect(beyondDeploy).not.toMatch(/\b[34]\b/)
    expect(beyondDeploy).toContain('plan-sealed')
    const atPlan = step(state).state
    const orders: Record<string, RbOrder[]> = {
      'A-1': [{ kind: 'plan', at: 'A1', acc: 4, dec: 0, atk: 0, def: 2 }],
      'A-2': [{ kind: 'plan', at: 'A2', acc: 0, dec: 4, atk: 0, def: 2 }],
    }
    const { events: planEvents } = step(atPlan, orders)
    const aJson = JSON.stringify(planEvents.filter((e) => e.at === 'A1' || e.at === 'A2'))
    expect(aJson).toBe(
      JSON.stringify([
        { type: 'plan-sealed', ref: 'RB-21.3', at: 'A1' },
        { type: 'plan-sealed', ref: 'RB-21.3', at: 'A2' },
      ]),
    )
  })
})
