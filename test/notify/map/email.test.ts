// The email's map: panels cropped to what matters to the reader, with every counter at least
// MIN_COUNTER_PX wide at the width the email shows it, on every scenario in mid-game, when the
// units are spread over the whole board.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { abaoaqu, type Order, type State } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/abaoaqu/engine/random-orders.js'
import {
  buildHexMapModel,
  EMAIL_DISPLAY_WIDTH,
  EMAIL_PIXEL_RATIO,
  emailColumns,
  emailMapPng,
  layoutMap,
  MIN_COUNTER_PX,
  planCrop,
  type HexMapModel,
  type MapWindow,
} from '../../../src/notify/map/index.js'
import { inWindow } from '../../../src/notify/map/layout.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { a4Position } from './fixture.js'
import { decodePng } from './png-decode.js'

const SEED = 'c3'.repeat(32)
const SCENARIOS = readdirSync(new URL('../../../scenarios/abaoaqu/', import.meta.url))
  .map((f) => /^a-s(\d+)\.yaml$/.exec(f)?.[1])
  .filter((n) => n !== undefined)
  .map((n) => `A-S${n}`)
  .sort()

/** A position from turn 4 on, after random legal play, as the seat to act sees it, with the last step's events. */
function midGame(scenario: string): { state: State; seat: string; model: HexMapModel } {
  const r = rng(11)
  let seq = 0
  let state = abaoaqu.setup(
    loadAbaoaquScenario(scenario),
    { players: 2, options: { deployment: 'auto' } },
    createDice(SEED, seq++),
  ).state
  let events: GameEvent[] = []
  for (let step = 0; step < 200 && state.step !== 'over' && state.turn < 4; step++) {
    const submissions: Record<string, Order[]> = {}
    for (const seat of abaoaqu.pending(state)[0]!.seats) submissions[seat] = randomOrders(state, seat, r, submissions)
    const resolved = abaoaqu.resolve(state, submissions, createDice(SEED, seq++))
    state = resolved.state
    events = resolved.events
  }
  const seat = abaoaqu.pending(state)[0]?.seats[0] ?? state.seats[0]!.id
  return { state, seat, model: buildHexMapModel('abaoaqu', abaoaqu.view(state, seat), events) }
}

/** Width of each counter's square as the email shows it: the drawn <rect> at the picture's scale. */
function counterWidthsShown(model: HexMapModel, panels: MapWindow[]): number[] {
  return panels.flatMap((window, i) => {
    const d = layoutMap(model, { window, header: i === 0, legend: i === panels.length - 1 })
    const perUnit = EMAIL_DISPLAY_WIDTH / d.frame.width
    const counters = d.layers.flat().filter((p) => p.svg.startsWith('<g><title>') && p.svg.includes('<rect '))
    return counters.map((p) => Number(/<rect [^>]*?\swidth="([\d.]+)"/.exec(p.svg)![1]) * perUnit)
  })
}

describe('the email map, on every scenario in mid-game', () => {
  it('finds the seven scenarios', () => {
    expect(SCENARIOS).toEqual(['A-S1', 'A-S2', 'A-S3', 'A-S4', 'A-S5', 'A-S6', 'A-S7'])
  })

  for (const scenario of SCENARIOS) {
    it(`${scenario}: counters of ${MIN_COUNTER_PX}+ px at ${EMAIL_DISPLAY_WIDTH} px, around the reader's units`, () => {
      const { state, seat, model } = midGame(scenario)
      const side = state.seats.find((s) => s.id === seat)!.side
      const mine = state.units.filter((u) => u.side === side && u.at === 'map')
      // Spread out: the reader's units span more columns than one panel shows.
      const columns = mine.map((u) => u.hex![0])
      expect(Math.max(...columns) - Math.min(...columns) + 1).toBeGreaterThan(emailColumns())

      const map = emailMapPng(model)
      const image = decodePng(map.png)
      expect(image.width).toBe(EMAIL_DISPLAY_WIDTH * EMAIL_PIXEL_RATIO)
      const widths = counterWidthsShown(model, map.panels)
      expect(widths.length).toBeGreaterThan(0)
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(MIN_COUNTER_PX)
      expect(map.counterPx).toBeGreaterThanOrEqual(MIN_COUNTER_PX)
      // Every panel shows some of the reader's units, and the count shown is the count inside the panels.
      for (const w of map.panels) expect(mine.some((u) => inWindow(w, { col: u.hex![0], row: u.hex![1] }))).toBe(true)
      expect(map.ownUnits).toBe(mine.length)
      expect(map.ownShown).toBe(
        mine.filter((u) => map.panels.some((w) => inWindow(w, { col: u.hex![0], row: u.hex![1] }))).length,
      )
      expect(map.ownShown).toBeGreaterThan(0)
      // Three panels at most: about three phone screens, title and legend included.
      expect(map.panels.length).toBeLessThanOrEqual(3)
      expect(image.height / EMAIL_PIXEL_RATIO).toBeLessThan(2000)
    }, 60_000)
  }
})

describe('the email map of the fixed A-S4 position', () => {
  const { view, events } = a4Position()
  const model = buildHexMapModel('abaoaqu', view, events)

  it("puts a panel over the fighting: the reader's units there, every attack and the nearest enemies", () => {
    // Zeon's units stand along the whole 64 columns; the fighting is in columns 4 to 10.
    const plan = planCrop(model, { cols: emailColumns(), minRows: 4, maxRows: 8, panels: 3 })
    expect(plan.panels).toHaveLength(3)
    const fight = plan.panels[0]!
    const zeonThere = model.counters.filter(
      (c) => c.side === 'ZEON' && c.hex.col >= fight.col0 && c.hex.col < fight.col0 + fight.cols,
    )
    for (const c of zeonThere) expect(inWindow(fight, c.hex), `${c.label} at ${c.hex.col},${c.hex.row}`).toBe(true)
    for (const a of model.attacks) expect(inWindow(fight, a.to)).toBe(true)
    for (const h of model.inReach.slice(0, 4)) expect(inWindow(fight, h)).toBe(true)
    expect(plan.ownShown).toBeLessThan(plan.ownUnits)
  })

  it('lists every unit of a stack on the crop, as on the full map', () => {
    const map = emailMapPng(model)
    const d = layoutMap(model, { window: map.panels[0]! })
    const stack = d.layers.flat().find((p) => p.svg.startsWith('<g><title>0805:'))!
    const texts = [...stack.svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(texts).toEqual(expect.arrayContaining(['GM1', 'GM2', 'GM3', '3']))
  })
})

describe('planCrop', () => {
  const { view, events } = a4Position()
  const base = buildHexMapModel('abaoaqu', view, events)
  const counter = (side: string, col: number, row: number) => ({
    hex: { col, row },
    side,
    label: `${side}${col}`,
    sublabel: '',
    units: [{ label: `${side}${col}`, markers: [] }],
    markers: [],
    flipped: false,
    title: '',
  })
  const bare = { ...base, arrows: [], attacks: [], losses: [], screens: [], inReach: [] }
  const limits = { cols: 10, minRows: 4, maxRows: 8, panels: 3 }

  it("puts a panel over each group of the reader's units, left to right, each as tall as it needs", () => {
    const model = {
      ...bare,
      counters: [
        counter('ZEON', 50, 2),
        counter('ZEON', 52, 3),
        counter('ZEON', 3, 9),
        counter('ZEON', 5, 10),
        counter('FED', 30, 5),
      ],
    }
    const plan = planCrop(model, limits)
    expect(plan.panels.map((p) => [p.col0 <= 3 && p.col0 + p.cols > 5, p.col0 <= 50 && p.col0 + p.cols > 52])).toEqual([
      [true, false],
      [false, true],
    ])
    expect(plan.panels.every((p) => p.cols === 10 && p.rows >= 4 && p.rows <= 8)).toBe(true)
    expect(plan).toMatchObject({ ownUnits: 4, ownShown: 4 })
  })

  it('places the panel to show the nearest enemies in reach, and no panel for enemies alone', () => {
    const model = {
      ...bare,
      counters: [counter('ZEON', 20, 5), counter('FED', 27, 5), counter('FED', 13, 5), counter('FED', 60, 5)],
      inReach: [
        { col: 27, row: 5 },
        { col: 13, row: 5 },
      ],
    }
    const plan = planCrop(model, limits)
    expect(plan.panels).toHaveLength(1)
    const [w] = plan.panels
    expect([inWindow(w!, { col: 20, row: 5 }), inWindow(w!, { col: 27, row: 5 })]).toEqual([true, true])
  })

  it('stops at the panel limit and counts the units it leaves out', () => {
    const model = { ...bare, counters: [0, 15, 30, 45, 60].map((col) => counter('ZEON', col, 5)) }
    const plan = planCrop(model, limits)
    expect(plan.panels).toHaveLength(3)
    expect(plan).toMatchObject({ ownUnits: 5, ownShown: 3 })
  })

  it('shows every counter to a viewer without units of its own, and the whole map when there are none', () => {
    const observer = {
      ...bare,
      sides: bare.sides.map((s) => ({ ...s, viewer: false })),
      counters: [counter('FED', 40, 5)],
    }
    expect(planCrop(observer, limits).panels.some((w) => inWindow(w, { col: 40, row: 5 }))).toBe(true)
    expect(planCrop({ ...bare, counters: [] }, limits).panels).toEqual([{ col0: 0, row0: 0, cols: 64, rows: 12 }])
  })
})
