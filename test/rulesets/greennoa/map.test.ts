// The GREEN NOA map hook: the model of a GN-S1 game after some steps (counters with facing, names in
// Japanese and English, states, arcs; moves, attacks and losses of the last step), its SVG (noses, fire
// arcs shown on hover) and its PNG (Japanese names drawn from the bundled Noto Sans JP cut).
import { Resvg } from '@resvg/resvg-js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDice, scriptedDice, type Dice } from '../../../src/engine/dice.js'
import type { GameEvent } from '../../../src/engine/ruleset.js'
import { inFireArc } from '../../../src/rulesets/greennoa/engine/direction.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import type { GnOrder, GnState } from '../../../src/rulesets/greennoa/engine/types.js'
import { greennoaMapModel, isGreennoaView, nameLines } from '../../../src/rulesets/greennoa/present/map/index.js'
import { defaultGreenNoaDir, loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'
import { mapModelToPng, renderSvg, svgToPng } from '../../../src/notify/map/index.js'
import { readFontMetrics } from '../../../src/notify/map/font-metrics.js'
import { CJK_FONT_FILE, fonts } from '../../../src/notify/map/png.js'
import { decodePng, darkPixels, pngSize } from '../../notify/map/png-decode.js'
import { roster } from './fixture.js'

function s1(): GnState {
  const entry = loadGreenNoa().find((e) => e.scenario.id === 'GN-S1')
  if (!entry) throw new Error('GN-S1 missing')
  // Initiative: AEUG 6, TITANS 1, so AEUG moves first.
  return greennoa.setup(entry.scenario, { players: 2 }, scriptedDice([6, 1])).state
}

/** GN-S1 played through its first inning; `events` holds each step's events, in order. */
function playInning(): { states: GnState[]; events: GameEvent[][] } {
  let state = s1()
  const states: GnState[] = [state]
  const events: GameEvent[][] = []
  const step = (seat: string, orders: GnOrder[], dice: Dice = createDice('5a'.repeat(32), events.length)) => {
    const r = greennoa.resolve(state, { [seat]: orders }, dice)
    state = r.state
    states.push(state)
    events.push(r.events)
  }
  // ② AEUG moves: MK2 four hexes NE, RD1 turns NE and runs three.
  step('AEUG', [
    { kind: 'move', unit: 'MK2', steps: ['F', 'F', 'F', 'F'] },
    { kind: 'move', unit: 'RD1', steps: ['L', 'F', 'F', 'F'] },
  ]) // ③ and ④ pass by themselves: nothing in reach (GN-3-2)
  // ⑥ TITANS close in; MR1 turns on the spot before running.
  step('TITANS', [
    { kind: 'move', unit: 'MK1', steps: ['F', 'F', 'F', 'F'] },
    { kind: 'move', unit: 'HZ1', steps: ['F', 'F', 'F'] },
    { kind: 'move', unit: 'MR1', steps: ['R', 'F', 'F'] },
  ])
  step('TITANS', [{ kind: 'fire', unit: 'MK1', target: 'MK2' }]) // ⑦ declared
  // ⑧ AEUG fires at once: MK2 rolls 12 (E on MK1), RD1's fire lapses; ⑨ MK1's declared fire rolls 2;
  // then the initiative of inning 2 (3–3 re-rolled, 5–2).
  step(
    'AEUG',
    [
      { kind: 'fire', unit: 'MK2', target: 'MK1' },
      { kind: 'fire', unit: 'RD1', target: 'MK1' },
    ],
    scriptedDice([6, 6, 1, 1, 3, 3, 5, 2]),
  )
  return { states, events }
}

const game = playInning()
const model = (i: number, viewer: string | null = 'AEUG') =>
  greennoaMapModel(greennoa.view(game.states[i + 1]!, viewer), game.events[i]!)

describe('the GREEN NOA map model', () => {
  it('knows a GREEN NOA view, and nothing else', () => {
    expect(isGreennoaView(greennoa.view(s1(), 'AEUG'))).toBe(true)
    expect(isGreennoaView(JSON.parse(JSON.stringify(greennoa.view(s1(), null))))).toBe(true)
    expect(isGreennoaView({ system: 'abaoaqu', units: [] })).toBe(false)
    expect(isGreennoaView({ ...greennoa.view(s1(), null), map: { cols: 0, rows: 5 } })).toBe(false)
    expect(isGreennoaView(null)).toBe(false)
  })

  it('draws the scenario map and a counter per unit: id, Japanese and English names, facing', () => {
    const m = greennoaMapModel(greennoa.view(s1(), 'TITANS'), [])
    expect(m.cols * m.rows).toBe(18 * 12)
    expect(m.hexes).toHaveLength(18 * 12)
    expect(m.hexes.find((h) => h.col === 7 && h.row === 10)).toMatchObject({ label: '0710', tags: [] })
    expect(m.sides).toEqual([
      expect.objectContaining({ id: 'AEUG', name: 'エゥーゴ', viewer: false }),
      expect.objectContaining({ id: 'TITANS', name: 'ティターンズ', viewer: true }),
    ])
    const mk2 = m.counters.find((c) => c.label === 'MK2')
    expect(mk2).toMatchObject({ hex: { col: 2, row: 5 }, side: 'AEUG', facing: 1, markers: [] })
    expect(mk2?.sublabel).toBe('ガンダム\nMkⅡ\nGundam MkII')
    expect(m.counters.find((c) => c.label === 'RD1')?.sublabel).toBe('リック・\nディアス\nRick Dias')
    expect(m.counters.map((c) => [c.label, c.facing])).toEqual([
      ['HZ1', 5],
      ['MK2', 1],
      ['MK1', 5],
      ['RD1', 2],
      ['MR1', 4],
    ])
    expect(mk2?.title).toMatch(/^0205: MK2 ガンダムMkⅡ Gundam MkII, form normal, facing NE, pilot kamille \(P1\)/)
    expect(m.arrows).toEqual([])
    expect(m.attacks).toEqual([])
    expect(m.losses).toEqual([])
  })

  it('gives each unit its fire arc within reach: the front hexes only, out to FP − DEF + 2', () => {
    const m = greennoaMapModel(greennoa.view(s1(), 'AEUG'), [])
    const mk2 = m.counters.find((c) => c.label === 'MK2')!
    // MK2 (FP 10) faces NE; the weakest enemy has DEF 3: reach 9 hexes.
    expect(mk2.arc!.length).toBeGreaterThan(20)
    for (const h of mk2.arc!) expect(inFireArc({ col: 2, row: 5 }, 1, 'front', h)).toBe(true)
    expect(mk2.arc).toContainEqual({ col: 3, row: 4 }) // the hex ahead (NE)
    expect(mk2.arc).not.toContainEqual({ col: 1, row: 5 }) // behind (SW)
    expect(mk2.arc).not.toContainEqual({ col: 2, row: 5 }) // its own hex
    expect(mk2.arc).not.toContainEqual({ col: 12, row: 1 }) // ten hexes out
  })

  it('shows the moves of a movement step as arrows, and a turn on the spot as no arrow', () => {
    const m = model(0)
    expect(m.arrows).toEqual([
      { from: { col: 2, row: 5 }, to: { col: 6, row: 3 }, side: 'AEUG' },
      { from: { col: 1, row: 7 }, to: { col: 4, row: 6 }, side: 'AEUG' },
    ])
    expect(m.counters.find((c) => c.label === 'RD1')?.facing).toBe(1) // turned left, from SE to NE
    const titans = model(1)
    expect(titans.arrows.map((a) => a.to)).toEqual([
      { col: 11, row: 3 },
      { col: 13, row: 1 },
      { col: 14, row: 7 },
    ])
  })

  it('shows a declared attack with its difference and "?", then the results of fire, and the loss', () => {
    expect(model(2).attacks).toEqual([
      { from: [{ col: 11, row: 3 }], to: { col: 6, row: 3 }, side: 'TITANS', kind: 'attack', label: '+1 ?' },
    ])
    const m = model(3)
    expect(m.attacks).toEqual([
      { from: [{ col: 6, row: 3 }], to: { col: 11, row: 3 }, side: 'AEUG', kind: 'attack', label: '+1 E' },
      { from: [{ col: 4, row: 6 }], to: { col: 11, row: 3 }, side: 'AEUG', kind: 'attack', label: '−2 lapsed' },
      { from: [{ col: 11, row: 3 }], to: { col: 6, row: 3 }, side: 'TITANS', kind: 'attack', label: '+1 no effect' },
    ])
    expect(m.losses).toEqual([{ hex: { col: 11, row: 3 }, side: 'TITANS' }])
    expect(m.counters.map((c) => c.label)).not.toContain('MK1')
    expect(m.subtitle).toBe('Inning 2 of 8, ② P1 movement · AEUG 3 – TITANS 0 · to act: AEUG · seen by AEUG')
    // The enemies in the reader's arcs, nearest first: what an email's crop keeps.
    expect(m.inReach).toEqual([
      { col: 13, row: 1 },
      { col: 14, row: 7 },
    ])
    expect(model(3, null).inReach).toEqual([])
  })

  it('marks S, M, F and C and the second form (MA, launcher); F leaves no arc', () => {
    const state = structuredClone(game.states[4]!)
    const mk2 = state.units.find((u) => u.id === 'MK2')!
    mk2.s = { inning: 3, phase: 8 }
    mk2.m = true
    const hz = state.units.find((u) => u.id === 'HZ1')!
    hz.f = true
    hz.c = true
    const m = greennoaMapModel(greennoa.view(state, 'AEUG'), [])
    expect(m.counters.find((c) => c.label === 'MK2')).toMatchObject({ markers: ['S', 'M'] })
    expect(m.counters.find((c) => c.label === 'MK2')?.title).toMatch(/S \(cannot act\) until inning 3 phase ⑧/)
    expect(m.counters.find((c) => c.label === 'HZ1')).toMatchObject({ markers: ['F', 'C'], arc: [] })

    const duel = loadGreenNoa().find((e) => e.scenario.id === 'GN-D1')!.scenario
    let d = greennoa.setup(duel, { players: 2 }, scriptedDice([6, 1])).state
    d = greennoa.resolve(d, { AEUG: [{ kind: 'transform', unit: 'HS1', form: 'launcher' }] }, scriptedDice([])).state
    const dm = greennoaMapModel(greennoa.view(d, null), [])
    const hs = dm.counters.find((c) => c.label === 'HS1')!
    expect(hs.markers).toEqual(['L'])
    expect(hs.sublabel).toBe('百式\nHyaku-Shiki')
    expect(nameLines('ハイザック')).toEqual(['ハイザック'])
    expect(nameLines('ガルバルディβ')).toEqual(['ガルバルディβ'])
    // The launcher fires into its FF sector only: every arc hex is FF, and it is narrower than the front arc.
    const at = d.units.find((u) => u.id === 'HS1')!
    for (const h of hs.arc!) expect(inFireArc(at.hex, at.facing, 'ff', h)).toBe(true)
    expect(hs.arc!.length).toBeGreaterThan(0)
  })
})

describe('the GREEN NOA map drawn', () => {
  it('writes a nose per counter and each fire arc hidden, shown while the counter is hovered or focused', () => {
    const m = model(3)
    const svg = renderSvg(m)
    expect(svg).toContain('<style>.hm-unit{cursor:pointer;outline:none}')
    expect(svg).toContain('.hm-unit:hover .hm-arc,.hm-unit:focus .hm-arc{display:inline}')
    const units = svg.match(/<g class="hm-unit" tabindex="0">/g) ?? []
    expect(units).toHaveLength(m.counters.length)
    expect(svg.match(/<g class="hm-arc" display="none" pointer-events="none">/g)).toHaveLength(m.counters.length)
    expect(svg).toContain('>ガンダム</text>')
    expect(svg).toContain('>MkⅡ</text>')
    expect(svg).toContain('>Gundam MkII</text>')
    expect(svg).toContain('stroke-linejoin="round"') // the noses
    // resvg leaves the hidden arcs out: the PNG of the SVG equals that of the SVG without them.
    const bare = svg.replace(/<g class="hm-arc"[^]*?<\/g>/g, '')
    expect(svgToPng(svg).equals(svgToPng(bare))).toBe(true)
  })

  it('turns into a PNG of the SVG size through the raster layer, Japanese names included', () => {
    const m = model(3)
    const png = mapModelToPng(m)
    const size = /width="(\d+)" height="(\d+)"/.exec(renderSvg(m))!
    expect(pngSize(png)).toEqual({ width: Number(size[1]), height: Number(size[2]) })
  })
})

describe('Japanese glyphs in the PNG', () => {
  const names = Object.values(roster.types).map((t) => t.nameJa)
  const scenarioText = loadGreenNoa()
    .map((e) => readFileSync(join(defaultGreenNoaDir(), `${e.scenario.id.toLowerCase()}.yaml`), 'utf8'))
    .join('')

  it('has every character of the roster and scenario names in DejaVu Sans or in the Noto Sans JP cut', () => {
    const cjk = readFontMetrics(CJK_FONT_FILE)
    const dejavu = readFontMetrics(fonts().fontFiles![0]!)
    const text = names.join('') + [...scenarioText.matchAll(/titleJa: (.*)/g)].map((m) => m[1]).join('')
    const lacking = [...new Set(text)].filter((ch) => {
      const cp = ch.codePointAt(0)!
      return cjk.glyph(cp) === 0 && dejavu.glyph(cp) === 0
    })
    expect(lacking).toEqual([])
    // Kana, common kanji and punctuation came along: a name the roster does not have yet is drawn too.
    for (const ch of 'あアン漢字戦艦、。「」・ー') expect(cjk.glyph(ch.codePointAt(0)!)).not.toBe(0)
  })

  it('draws each roster name as its own shapes, not as missing-glyph boxes', () => {
    const page = (text: string) =>
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" font-family="DejaVu Sans">' +
      '<rect width="200" height="40" fill="#ffffff"/>' +
      `<text x="4" y="28" font-size="22" fill="#000000">${text}</text></svg>`
    // DejaVu alone: what the picture would be without the Japanese face.
    const dejavuOnly = (text: string) =>
      Buffer.from(new Resvg(page(text), { font: fonts(), logLevel: 'off' }).render().pixels)
    const drawn = new Map<string, string>()
    for (const name of names) {
      const png = decodePng(svgToPng(page(name)))
      expect(darkPixels(png), name).toBeGreaterThan(40)
      expect(Buffer.from(png.data).equals(dejavuOnly(name)), name).toBe(false)
      drawn.set(Buffer.from(png.data).toString('base64'), name)
    }
    // Every name its own picture: no two drawn alike (boxes for every glyph would make equal lengths alike).
    expect(drawn.size).toBe(names.length)
  })
})
