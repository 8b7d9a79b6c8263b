// POST /games/:id/orders/preview shows the column the roll is read on: an attack that names fewer
// ranks than its newtype has (A-11-2) previews the smaller shift, and resolution agrees with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offsetDistance } from '../../src/engine/hex/index.js'
import { as, register, startApp, type TestApp, type User } from './helpers.js'

let h: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  h = await startApp()
  ;[alice, bob] = await Promise.all([register(h.app, 'Alice'), register(h.app, 'Bob')])
})
afterAll(async () => h?.close())

type Hex = [number, number]
interface UnitOption {
  id: string
  type: string
  pilot: string | null
  moves: Array<Hex | string>
  attacks: Array<{ order: Record<string, unknown>; shift: number; column: string | null }>
}
interface GameEvent {
  type: string
  attack?: string
  shift?: number
  column?: string | null
  [k: string]: unknown
}

const toHex = (h: Hex | string): Hex => (typeof h === 'string' ? [Number(h.slice(0, 2)), Number(h.slice(2))] : h)
const dist = (a: Hex, b: Hex) => offsetDistance({ col: a[0], row: a[1] }, { col: b[0], row: b[1] })
/** A newtype or elite that may choose its ranks on attack (White Base's N2 counts only on defence). */
const choosesRanks = (u: UnitOption) => u.type !== 'WB' && /^(N\d|E)$/.test(u.pilot ?? '')

describe('the preview counts the ranks an attack names', () => {
  it('"ranks 0" lowers the previewed shift, and the attack resolves on the previewed shift and column', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', options: { deployment: 'auto' } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id as string
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/games/${id}/join`,
          headers: as(bob),
          payload: { invite: created.json().invite },
        })
      ).statusCode,
    ).toBe(200)
    const players: Record<string, User> = { FED: alice, ZEON: bob }
    const post = (user: User, path: string, payload: unknown) =>
      h.app.inject({
        method: 'POST',
        url: `/games/${id}/${path}`,
        headers: as(user),
        payload: payload as Record<string, unknown>,
      })
    const acting = async () => {
      const pending = (await h.app.inject({ method: 'GET', url: `/games/${id}` })).json().pending as Array<{
        step: string
        seats: string[]
      }>
      return { seat: pending[0]!.seats[0]!, step: pending[0]!.step }
    }

    // Each side moves its newtypes toward the nearest enemy and passes otherwise, until one can shoot.
    let checked: { declared: string; preview: { shift: number; column: string | null } } | null = null
    for (let guard = 0; guard < 60 && !checked; guard++) {
      const { seat, step } = await acting()
      const user = players[seat]!
      const units = (await h.app.inject({ method: 'GET', url: `/games/${id}/options`, headers: as(user) })).json()
        .options.units as UnitOption[]
      const pilots = units.filter(choosesRanks)
      if (step === 'move') {
        const view = (await h.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(user) })).json().view
        const enemies: Hex[] = view.units
          .filter((u: { side: string; at: string }) => u.side !== seat && u.at === 'map')
          .map((u: { hex: Hex }) => u.hex)
        const orders = pilots
          .filter((u) => u.moves.length > 0)
          .map((u) => {
            const to = u.moves
              .map(toHex)
              .sort(
                (a, b) => Math.min(...enemies.map((e) => dist(a, e))) - Math.min(...enemies.map((e) => dist(b, e))),
              )[0]!
            return { kind: 'move', units: [u.id], to }
          })
        const res = await post(user, 'orders', { orders })
        expect(res.statusCode, res.body).toBe(200)
        continue
      }
      const shooter = pilots.find((u) => u.attacks.some((a) => a.order.mode === 'shoot'))
      if (!shooter) {
        expect((await post(user, 'orders', { orders: [] })).statusCode).toBe(200)
        continue
      }
      const offered = shooter.attacks.find((a) => a.order.mode === 'shoot')!
      const order = { ...offered.order, ranks: 0 }
      const preview = await post(user, 'orders/preview', { orders: [order] })
      expect(preview.statusCode, preview.body).toBe(200)
      expect(preview.json()).toMatchObject({ valid: true, errors: [] })
      const odds = preview.json().odds[0] as { shift: number; column: string | null; text: string }
      expect(odds.shift, `${shooter.id} (${shooter.pilot}) naming 0 ranks`).toBeLessThan(offered.shift)
      expect(odds.text).toContain(' ranks 0')
      const sent = await post(user, 'orders', { orders: [order] })
      expect(sent.statusCode, sent.body).toBe(200)
      const declared = (sent.json().events as GameEvent[]).find((e) => e.type === 'declare')!.attack!
      checked = { declared, preview: odds }
      // Lead-off attacks resolve in the damage check, after the other side's step: it passes.
      let events = sent.json().events as GameEvent[]
      for (let more = 0; more < 4 && !events.some((e) => e.type === 'attack' && e.attack === declared); more++) {
        const next = await acting()
        const res = await post(players[next.seat]!, 'orders', { orders: [] })
        expect(res.statusCode, res.body).toBe(200)
        events = res.json().events as GameEvent[]
      }
      const attack = events.find((e) => e.type === 'attack' && e.attack === declared)!
      expect(attack, `attack ${declared} resolved`).toBeDefined()
      expect({ shift: attack.shift, column: attack.column }).toEqual({
        shift: odds.shift,
        column: odds.column ?? 'below 1:4',
      })
    }
    expect(checked, 'a newtype got a shot within 60 steps').not.toBeNull()
  })
})
