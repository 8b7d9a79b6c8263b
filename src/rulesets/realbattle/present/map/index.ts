// The map model of a Real Battle view (engine/types.ts RbView) and the events of the last step: the house
// map (GAP-RB-7, 20×14 flat-topped odd-q) with its obstacle hexes shaded (RB-2.3; not in S1, AMB-RB-14) and
// its yellow deployment hexes tagged while the camps deploy (RB-23.4); smoke as screens (GAP-RB-8); a
// counter per AT in play with its facing (RB-13), its speed ("v3", "v-1": RB-6.3), fallen (RB-19) and heavy
// damage (RB-20) markers, and its fire arcs; the last step's moves, attacks and losses; and the enemy ATs
// within the longest reach of the viewer's ATs.
import { offsetDistance, offsetSector, type RelativeSector } from '../../../../engine/hex/index.js'
import type { GameEvent } from '../../../../engine/ruleset.js'
import {
  compareHexRefs,
  hexRefKey,
  sideColours,
  type HexMapModel,
  type HexRef,
  type MapCounter,
  type MapHex,
  type MapMarkerKey,
  type MapScreen,
  type MapSide,
} from '../../../../present/map-model.js'
import type { AtView, Camp, Mount, RbView } from '../../engine/types.js'
import { asHex, FACINGS, hexLabel, isRbView, speedMark } from '../words.js'
import { eventMarks } from './events.js'

export { isRbView }

const CAMPS: readonly Camp[] = ['A', 'B']

const STEP_NAMES: Record<string, string> = {
  deploy: '配置と事前計画 deployment and first plan',
  action: '加減速・行動フェイズ accel/decel and action phase',
  attack: '攻撃フェイズ attack phase',
  plan: '計画フェイズ planning phase',
}

const MARKER_KEY: MapMarkerKey[] = [
  { marker: 'F', text: '転倒 (fallen)' },
  { marker: 'H', text: '大破 (heavily damaged)' },
]

/**
 * T5 fire arcs of the house data (GAP-RB-6), for the arc a counter shows while hovered: the directions a
 * mount may fire into. The view carries no table; a club's own cards change only this picture's hint.
 */
const ARCS: Record<Exclude<Mount, 'none'>, readonly RelativeSector[]> = {
  handR: ['FF', 'FR', 'FL'],
  handL: ['FF', 'FR', 'FL'],
  armR: ['FF', 'FR', 'FL'],
  armL: ['FF', 'FR', 'FL'],
  shoulderR: ['FF', 'FR'],
  shoulderL: ['FF', 'FL'],
  torsoR: ['FF', 'FR'],
  torsoL: ['FF', 'FL'],
}

type Weapon = AtView['weapons'][number]

/** A weapon's longest range, as the view gives it from the card (0 for equipment that does not fire). */
export function weaponReach(w: Weapon): number {
  return typeof w.maxRange === 'number' && Number.isFinite(w.maxRange) ? w.maxRange : 0
}

function usable(w: Weapon): boolean {
  return !w.purged && w.mount !== 'none' && (w.ammoMax === null || w.ammo > 0)
}

/** How far an AT can attack: its longest usable weapon, at least melee's adjacent hex (RB-12.8). */
export function reachOf(a: AtView): number {
  return Math.max(1, ...a.weapons.filter(usable).map(weaponReach))
}

type Placed = AtView & { hex: HexRef }

const inPlay = (a: AtView): a is Placed => !a.destroyed && asHex(a.hex) !== null

const label = (h: HexRef): string => hexLabel(h)!
const pad = (n: number) => String(n).padStart(2, '0')

function campName(view: RbView, camp: Camp): string {
  const c = view.camps?.[camp]
  if (!c) return camp
  return c.nameJa && c.nameJa !== c.name ? `${c.nameJa} ${c.name}` : c.name || camp
}

function mapHexes(view: RbView): MapHex[] {
  const obstacles = new Set(view.ignoreObstacles ? [] : view.map.obstacles)
  const deploy = new Map<string, string>()
  if (view.step === 'deploy')
    for (const end of ['a', 'b'] as const) for (const k of view.map.deploy?.[end] ?? []) deploy.set(k, end)
  const hexes: MapHex[] = []
  for (let col = 0; col < view.map.cols; col++)
    for (let row = 0; row < view.map.rows; row++) {
      const key = `${col},${row}`
      const end = deploy.get(key)
      const tags = [...(obstacles.has(key) ? ['obstacle'] : []), ...(end ? ['deploy', `deploy-${end}`] : [])]
      hexes.push({ col, row, label: label({ col, row }), board: null, tags })
    }
  return hexes
}

function sides(view: RbView): MapSide[] {
  const colours = sideColours(CAMPS)
  return CAMPS.map((id) => ({
    id,
    name: campName(view, id),
    colour: colours.get(id)!,
    viewer: view.viewer?.camp === id,
  }))
}

function markersOf(a: AtView): string[] {
  return [a.fallen ? 'F' : '', a.heavy ? 'H' : ''].filter((m) => m !== '')
}

/** "A1 キリコ（スコープドッグ）" over "Chirico (Scopedog): speed v3 (max 5), durability 12/16, …". */
function atWords(a: AtView): string {
  const ja = `${a.id} ${a.pilot.nameJa || a.pilot.name}（${a.nameJa || a.name}）`
  const weapons = a.weapons
    .filter((w) => w.ammoMax !== null && !w.purged)
    .map((w) => `${w.id} ${w.ammo}/${w.ammoMax}${w.magazines > 0 ? ` +${w.magazines} mag` : ''}`)
  const facts = [
    `speed ${speedMark(a.speed)} (max ${a.maxSpeed})`,
    `facing ${FACINGS[a.facing] ?? a.facing}`,
    `durability ${a.durability}/${a.durabilityMax}`,
    a.heavy ? 'heavily damaged' : '',
    a.fallen ? 'fallen' : '',
    typeof a.actionPp === 'number' ? `action PP ${a.actionPp}` : 'action PP sealed',
    ...weapons,
  ].filter((s) => s !== '')
  return `${ja}\n${a.pilot.name} (${a.name}): ${facts.join(', ')}`
}

/** The hexes an AT can attack into: each usable weapon's arc (T5) within its range, and melee's reach. */
function arcOf(view: RbView, a: Placed): HexRef[] {
  if (a.fallen) return []
  const facing = a.facing
  const out: HexRef[] = []
  for (let col = 0; col < view.map.cols; col++)
    for (let row = 0; row < view.map.rows; row++) {
      const hex = { col, row }
      const d = offsetDistance(a.hex, hex)
      if (d === 0) continue
      const sector = offsetSector(a.hex, facing, hex)
      const melee = d === 1 && ['FF', 'FR', 'FL'].includes(sector)
      const fire = a.weapons
        .filter(usable)
        .some((w) => d <= weaponReach(w) && (ARCS[w.mount as Exclude<Mount, 'none'>] ?? []).includes(sector))
      if (melee || fire) out.push(hex)
    }
  return out
}

function counters(view: RbView): MapCounter[] {
  const groups = new Map<string, Placed[]>()
  for (const a of view.ats.filter(inPlay)) {
    const key = `${a.camp}|${hexRefKey(a.hex)}`
    groups.set(key, [...(groups.get(key) ?? []), a])
  }
  const out = [...groups.values()].map((stack): MapCounter => {
    const sorted = [...stack].sort((x, y) => x.id.localeCompare(y.id))
    const top = sorted[0]!
    const hex = { col: top.hex.col, row: top.hex.row }
    return {
      hex,
      side: top.camp,
      label: top.id,
      sublabel: sorted.length === 1 ? speedMark(top.speed) : sorted.map((a) => a.id).join(' '),
      units: sorted.map((a) => ({ label: a.id, markers: markersOf(a) })),
      markers: markersOf(top),
      flipped: top.fallen,
      title: `${label(hex)}: ${sorted.map(atWords).join('\n')}`,
      facing: top.facing,
      arc: arcOf(view, top),
    }
  })
  return out.sort((a, b) => compareHexRefs(a.hex, b.hex) || a.side.localeCompare(b.side))
}

function screens(view: RbView): MapScreen[] {
  return view.smoke
    .map((s) => ({ s, hex: asHex(s?.hex) }))
    .filter((x): x is { s: RbView['smoke'][number]; hex: HexRef } => x.hex !== null)
    .map(({ s, hex }) => ({
      centre: hex,
      hexes: [hex],
      label: '煙幕',
      title: `煙幕 smoke at ${label(hex)}, laid by camp ${s.camp} (RB-12.13.7, 12.13.8)`,
    }))
}

/** Enemy ATs within the longest reach of one of the viewer's ATs, nearest first, once each. */
function inReach(view: RbView): HexRef[] {
  const viewer = view.viewer
  if (!viewer) return []
  const live = view.ats.filter(inPlay)
  const own = live.filter((a) => a.mine)
  const mine = own.length > 0 ? own : live.filter((a) => a.camp === viewer.camp)
  const found = new Map<string, { hex: HexRef; d: number }>()
  for (const e of live.filter((a) => a.camp !== viewer.camp))
    for (const m of mine) {
      const d = offsetDistance(m.hex, e.hex)
      if (d > reachOf(m)) continue
      const seen = found.get(hexRefKey(e.hex))
      if (!seen || d < seen.d) found.set(hexRefKey(e.hex), { hex: { ...e.hex }, d })
    }
  return [...found.values()].sort((a, b) => a.d - b.d || compareHexRefs(a.hex, b.hex)).map((f) => f.hex)
}

function subtitle(view: RbView): string {
  const when = view.step === 'deploy' || view.turn < 1 ? '' : `Turn ${view.turn}`
  const step = view.step ? (STEP_NAMES[view.step] ?? view.step) : ''
  const acting = view.active ? `camp ${view.active}` : ''
  const now = view.ended
    ? view.ended.winner === null
      ? `a draw (${view.ended.reason})`
      : `camp ${view.ended.winner} won (${view.ended.reason})`
    : [acting, step].filter((s) => s !== '').join(': ')
  const seen = view.viewer ? `seen by ${view.viewer.seat} (camp ${view.viewer.camp})` : 'observer'
  return [when, now, seen].filter((s) => s !== '').join(' · ')
}

export function realbattleMapModel(view: RbView, events: readonly GameEvent[]): HexMapModel {
  const { cols, rows } = view.map
  const mapName =
    view.map.nameJa && view.map.nameJa !== view.map.name ? `${view.map.nameJa} ${view.map.name}` : view.map.name
  return {
    title: `リアルバトル Real Battle ${view.scenario}${mapName ? ` · ${mapName}` : ''}`,
    subtitle: subtitle(view),
    cols,
    rows,
    hexes: mapHexes(view),
    boards: [],
    colLabels: Array.from({ length: cols }, (_, i) => pad(i)),
    rowLabels: Array.from({ length: rows }, (_, i) => pad(i)),
    sides: sides(view),
    counters: counters(view),
    screens: screens(view),
    ...eventMarks(events, new Map(view.ats.map((a) => [a.id, a]))),
    inReach: inReach(view),
    markerKey: MARKER_KEY,
  }
}

/** The map hook: a Real Battle view and the last step's events, or an error naming what is missing. */
export function realbattleMap(view: unknown, events: readonly GameEvent[]): HexMapModel {
  if (!isRbView(view)) throw new Error('not a Real Battle view: its map or ATs are missing')
  return realbattleMapModel(view, events)
}
