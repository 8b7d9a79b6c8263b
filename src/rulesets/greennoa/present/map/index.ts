// The map model of a GREEN NOA view (engine/view.ts) and the events of the last step. Nothing is hidden
// (GN §6), so every seat sees every unit: its counter with its facing (GN-4-3), its names in Japanese and
// English, its states S, M, F, C and its second form, and the fire arc (GN-7-1, GAP-GN-1) within reach.
import { offsetDistance } from '../../../../engine/hex/index.js'
import type { GameEvent } from '../../../../engine/ruleset.js'
import { inFireArc } from '../../engine/direction.js'
import type { PhaseNo, Side } from '../../engine/types.js'
import type { GnView, UnitView } from '../../engine/view.js'
import { eventMarks } from './events.js'
import {
  compareHexRefs,
  hexRefKey,
  sideColours,
  type HexMapModel,
  type HexRef,
  type MapCounter,
  type MapHex,
  type MapSide,
} from '../../../../present/map-model.js'

const SIDE_NAMES: Record<Side, string> = { AEUG: 'エゥーゴ', TITANS: 'ティターンズ' }
const SIDE_ORDER: readonly Side[] = ['AEUG', 'TITANS']

const PHASE_MARK: Record<PhaseNo, string> = { 1: '①', 2: '②', 3: '③', 4: '④', 5: '⑤', 6: '⑥', 7: '⑦', 8: '⑧', 9: '⑨' }
// GN-3-2: P1 is the inning's first player.
const PHASE_NAMES: Record<PhaseNo, string> = {
  1: 'initiative',
  2: 'P1 movement',
  3: 'P1 declarations',
  4: 'P2 combat',
  5: 'damage confirmation',
  6: 'P2 movement',
  7: 'P2 declarations',
  8: 'P1 combat',
  9: 'damage confirmation',
}

const FACING_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const

/** The second forms' markers (GN-11): Messala's MA form, Hyaku-Shiki's Mega Bazooka Launcher. */
const FORM_MARKERS: Record<string, string> = { ma: 'MA', launcher: 'L' }

// GN-2a states, GN-11 forms.
const MARKER_KEY = [
  { marker: 'S', text: '行動不能 (cannot act)' },
  { marker: 'M', text: '移動不能 (cannot move)' },
  { marker: 'F', text: '射撃不能 (cannot fire)' },
  { marker: 'C', text: '格闘不能 (cannot melee)' },
  { marker: 'MA', text: 'MA形態 (MA form)' },
  { marker: 'L', text: 'メガ・バズーカ・ランチャー (launcher)' },
]

/** Just enough shape to trust the rest of the view: it comes from a JSON column or an HTTP body. */
export function isGreennoaView(v: unknown): v is GnView {
  if (v === null || typeof v !== 'object') return false
  const view = v as Partial<GnView>
  const map = view.map
  return (
    view.system === 'greennoa' &&
    typeof view.scenario === 'string' &&
    Array.isArray(view.units) &&
    Array.isArray(view.pending) &&
    Number.isInteger(view.inning) &&
    Number.isInteger(view.phase) &&
    map !== undefined &&
    map !== null &&
    Number.isInteger(map.cols) &&
    Number.isInteger(map.rows) &&
    map.cols > 0 &&
    map.rows > 0
  )
}

const pad = (n: number) => String(n).padStart(2, '0')
const label = (h: HexRef): string => `${pad(h.col)}${pad(h.row)}`

function mapHexes(view: GnView): MapHex[] {
  const hexes: MapHex[] = []
  for (let col = 0; col < view.map.cols; col++)
    for (let row = 0; row < view.map.rows; row++)
      hexes.push({ col, row, label: label({ col, row }), board: null, tags: [] })
  return hexes
}

function sides(view: GnView): MapSide[] {
  const colours = sideColours(SIDE_ORDER)
  return SIDE_ORDER.map((id) => ({ id, name: SIDE_NAMES[id], colour: colours.get(id)!, viewer: id === view.side }))
}

/**
 * A long Japanese name on two lines, so that it is set larger on the small counter: broken after a
 * middle dot (リック・/ディアス) or where kana meet Latin letters (ガンダム/MkⅡ); a name without such a
 * place stays whole.
 */
export function nameLines(nameJa: string): string[] {
  const chars = [...nameJa]
  if (chars.length <= 5) return [nameJa]
  const dot = chars.indexOf('・')
  if (dot > 0 && dot < chars.length - 1) return [chars.slice(0, dot + 1).join(''), chars.slice(dot + 1).join('')]
  const latin = chars.findIndex((ch, i) => i > 0 && /[A-Za-z]/.test(ch) && !/[A-Za-z]/.test(chars[i - 1]!))
  if (latin > 0) return [chars.slice(0, latin).join(''), chars.slice(latin).join('')]
  return [nameJa]
}

function markersOf(u: UnitView): string[] {
  const states = [u.s ? 'S' : '', u.m ? 'M' : '', u.f ? 'F' : '', u.c ? 'C' : ''].filter((m) => m !== '')
  const form = FORM_MARKERS[u.form]
  return form === undefined ? states : [...states, form]
}

function unitWords(u: UnitView): string {
  const states = [
    u.s ? `S (cannot act) until inning ${u.s.inning} phase ${PHASE_MARK[u.s.phase as PhaseNo] ?? u.s.phase}` : '',
    u.m ? 'M (cannot move)' : '',
    u.f ? 'F (cannot fire)' : '',
    u.c ? 'C (cannot melee)' : '',
  ]
  const v = u.values
  return [
    `${u.id} ${u.nameJa} ${u.name}`,
    `form ${u.form}`,
    `facing ${FACING_NAMES[u.facing] ?? u.facing}`,
    `pilot ${u.pilot} (P${u.pilotSkill})`,
    `DEF ${v.def} FP ${v.fp} MEL ${v.mel} MP ${v.mp}`,
    `turns ${u.turnsUsed}/${u.turnLimit}`,
    ...states,
  ]
    .filter((w) => w !== '')
    .join(', ')
}

/**
 * GN-7-1 and GN-7-3: the hexes a unit can fire into: in its arc, and near enough that its fire on the
 * weakest enemy on the map (the least DEF) reaches the table (FP − d − DEF ≥ −2, AMB-GN-3). None for a
 * unit with F, or with no enemy left.
 */
function fireArc(view: GnView, u: UnitView, enemies: readonly UnitView[]): HexRef[] {
  if (u.f || enemies.length === 0) return []
  const reach = u.values.fp - Math.min(...enemies.map((e) => e.values.def)) + 2
  const out: HexRef[] = []
  for (let col = 0; col < view.map.cols; col++)
    for (let row = 0; row < view.map.rows; row++) {
      const hex = { col, row }
      if (offsetDistance(u.hex, hex) <= reach && inFireArc(u.hex, u.facing, u.values.arc, hex)) out.push(hex)
    }
  return out
}

function onMap(view: GnView): UnitView[] {
  return view.units.filter((u) => !u.removed)
}

function counters(view: GnView): MapCounter[] {
  const units = onMap(view)
  const out = units.map((u): MapCounter => {
    const hex = { ...u.hex }
    return {
      hex,
      side: u.side,
      label: u.id,
      sublabel: [...nameLines(u.nameJa), u.name].join('\n'),
      units: [{ label: u.id, markers: markersOf(u) }],
      markers: markersOf(u),
      flipped: false,
      title: `${label(hex)}: ${unitWords(u)}`,
      facing: u.facing,
      arc: fireArc(
        view,
        u,
        units.filter((e) => e.side !== u.side),
      ),
    }
  })
  return out.sort(
    (a, b) => compareHexRefs(a.hex, b.hex) || SIDE_ORDER.indexOf(a.side as Side) - SIDE_ORDER.indexOf(b.side as Side),
  )
}

function subtitle(view: GnView): string {
  const phase = view.phase
  const when = `Inning ${view.inning} of ${view.innings}, ${PHASE_MARK[phase] ?? ''} ${PHASE_NAMES[phase] ?? ''}`.trim()
  const score = `AEUG ${view.points.AEUG} – TITANS ${view.points.TITANS}`
  const acting = view.pending.map((p) => p.side)
  const now = view.outcome
    ? view.outcome.winner === null
      ? `a draw (${view.outcome.reason})`
      : `${view.outcome.winner} won (${view.outcome.reason})`
    : acting.length > 0
      ? `to act: ${acting.join(', ')}`
      : ''
  const seen = view.side === null ? 'observer' : view.side
  return [when, score, now, `seen by ${seen}`].filter((s) => s !== '').join(' · ')
}

/** Hexes of the enemies in the viewer's units' arcs, nearest first, once each: what an email's crop must show. */
function inReach(view: GnView, list: readonly MapCounter[]): HexRef[] {
  if (view.side === null) return []
  const mine = list.filter((c) => c.side === view.side)
  const found = new Map<string, { hex: HexRef; d: number }>()
  for (const enemy of list) {
    if (enemy.side === view.side) continue
    for (const c of mine) {
      if (!(c.arc ?? []).some((h) => hexRefKey(h) === hexRefKey(enemy.hex))) continue
      const d = offsetDistance(c.hex, enemy.hex)
      const seen = found.get(hexRefKey(enemy.hex))
      if (!seen || d < seen.d) found.set(hexRefKey(enemy.hex), { hex: enemy.hex, d })
    }
  }
  return [...found.values()].sort((a, b) => a.d - b.d || compareHexRefs(a.hex, b.hex)).map((f) => f.hex)
}

export function greennoaMapModel(view: GnView, events: readonly GameEvent[]): HexMapModel {
  const { cols, rows } = view.map
  const list = counters(view)
  return {
    title: `GREEN NOA ${view.scenario}`,
    subtitle: subtitle(view),
    cols,
    rows,
    hexes: mapHexes(view),
    boards: [],
    colLabels: Array.from({ length: cols }, (_, i) => pad(i)),
    rowLabels: Array.from({ length: rows }, (_, i) => pad(i)),
    sides: sides(view),
    counters: list,
    screens: [],
    ...eventMarks(events, new Map(view.units.map((u) => [u.id, u]))),
    inReach: inReach(view, list),
    markerKey: MARKER_KEY,
  }
}
