// The map model of an MS@W view (engine/types.ts MsView) and the events of the last step: the table to scale
// (GAP-M-4), its terrain pieces (GAP-M-3), the deployment zones while the sides deploy, a 1" disc per live
// suit (GAP-M-1) with its system-error and aim markers, the last step's paths (MS-2.1), attacks (MS-3) and
// losses (GAP-M-5), dropped items (MS-2.2), and on request each of the reader's suits' Move as a circle.
// Like the other systems' maps it is drawn for every reader alike, so its words are Japanese and English.
import type { GameEvent } from '../../../engine/ruleset.js'
import { formatInches, type Pt } from '../../../engine/table/index.js'
import {
  sideColours,
  type MapMarkerKey,
  type MapSide,
  type TableDisc,
  type TableFire,
  type TableMapModel,
  type TablePath,
  type TableRange,
} from '../../../present/map-model.js'
import type { MsSuitView, MsView } from '../engine/types.js'
import { asPt, isMsView, isObject, itemTypeId, maybe, placedSuits, ptLabel, seatSide, viewerSide } from './words.js'

const STEP_NAMES: Record<string, string> = {
  deploy: '配置 deployment',
  action: '行動フェイズ action phase',
  react: '応答 reaction',
}

const MARKER_KEY: MapMarkerKey[] = [
  { marker: 'E', text: 'システムエラー (system error)' },
  { marker: 'A', text: '照準 (aiming)' },
]

/** A disc's diameter: 1" (GAP-M-1). */
export const DISC = 100

const both = (ja: string | null | undefined, en: string): string => (ja && ja !== en ? `${ja} ${en}` : en)

/** A dropped item's type in both languages: "ビーム・ライフル beam rifle". */
function itemBoth(type: string): string {
  const key = `item.${itemTypeId(type)}`
  return both(maybe('ja', key, ''), maybe('en', key, type))
}

function sides(view: MsView): MapSide[] {
  const ids = view.sides.map((s) => s.id)
  const colours = sideColours(ids)
  const mine = viewerSide(view)
  return view.sides.map((s) => ({
    id: s.id,
    name: both(s.nameJa, s.name),
    colour: colours.get(s.id)!,
    viewer: mine === s.id,
  }))
}

function markersOf(s: MsSuitView): string[] {
  return [s.errorPhases > 0 ? 'E' : '', isObject(s.aim) ? 'A' : ''].filter((m) => m !== '')
}

function itemWords(s: MsSuitView): string {
  return s.items
    .filter((i) => isObject(i) && typeof i.id === 'string')
    .map((i) => {
      const where = i.place === 'stowed' ? ' (stowed)' : i.place === 'fixed' ? '' : ` (${i.place})`
      const extra = [
        typeof i.ammo === 'number' ? `ammo ${i.ammo}` : '',
        typeof i.body === 'number' ? `body ${i.body}` : '',
      ]
        .filter((x) => x !== '')
        .join(', ')
      return `${i.name || i.id}${where}${extra ? ` ${extra}` : ''}`
    })
    .join('; ')
}

/** "GM1 ジム（RGM-79 GM）" over "at 12.5,8: HP 19/20, Attack 12, Defend 10, Move 10"; items; states. */
function suitWords(s: MsSuitView & { at: Pt }): string {
  const hover = typeof s.hover === 'number' && s.hover > 0 ? ` (hover ${formatInches(s.hover)}")` : ''
  const move = `Move ${formatInches(s.move)}"${hover}`
  const facts = [
    `HP ${s.hp}/${s.maxHp}`,
    `Attack ${s.attack}`,
    `Defend ${s.defend}`,
    move,
    s.errorPhases > 0 ? `system error (${s.errorPhases})` : '',
    isObject(s.aim) ? `aiming at ${s.aim.target}` : '',
  ].filter((x) => x !== '')
  const items = itemWords(s)
  const head = `${s.id} ${s.nameJa || s.name}（${s.name}）`
  return `${head}\nat ${ptLabel(s.at)}: ${facts.join(', ')}${items ? `\n${items}` : ''}`
}

function discs(view: MsView): TableDisc[] {
  return placedSuits(view)
    .map((s) => ({
      at: { x: s.at.x, y: s.at.y },
      diameter: DISC,
      side: s.side,
      label: s.id,
      sublabel: s.nameJa && s.nameJa !== s.name ? `${s.nameJa}\n${s.name}` : s.name,
      markers: markersOf(s),
      title: suitWords(s),
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }))
}

const asString = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

function pathOf(e: GameEvent): { from: Pt; path: Pt[] } | null {
  const from = asPt(e.from)
  if (!from || !Array.isArray(e.path)) return null
  const path = e.path.map(asPt)
  if (path.length === 0 || path.some((p) => p === null)) return null
  return { from, path: path as Pt[] }
}

/**
 * Where a suit stood at event `i`: where its next move in these events began; else where it stopped after its
 * last move before `i`; else where the view has it now.
 */
function positionAt(events: readonly GameEvent[], i: number, ms: string, now: Pt | null): Pt | null {
  for (let j = i + 1; j < events.length; j++) {
    const e = events[j]
    if (isObject(e) && e.type === 'moved' && e.ms === ms) {
      const p = pathOf(e)
      if (p) return p.from
    }
  }
  if (now) return now
  for (let j = i - 1; j >= 0; j--) {
    const e = events[j]
    if (isObject(e) && e.type === 'moved' && e.ms === ms) {
      const p = pathOf(e)
      if (p) return p.path.at(-1)!
    }
    if (isObject(e) && e.type === 'deployed' && e.ms === ms) return asPt(e.at)
  }
  return null
}

/** "miss"; "hit 3" with the damage that followed; "hit" when none did; "kill" for a one-hit kill. */
function fireLabel(events: readonly GameEvent[], i: number, target: string): string {
  const e = events[i]!
  if (e.hit !== true) return 'miss'
  for (let j = i + 1; j < events.length; j++) {
    const x = events[j]
    if (!isObject(x)) continue
    if (x.type === 'attack') break
    if (x.type === 'one-hit-kill' && x.target === target) return 'kill'
    if (x.type === 'defend' && x.ms === target && x.result === 'dodged') return 'hit, dodged'
    if (x.type === 'damage' && x.ms === target && typeof x.total === 'number') return `hit ${x.total}`
  }
  return 'hit'
}

interface Marks {
  paths: TablePath[]
  fire: TableFire[]
  losses: Array<{ at: Pt; side: string }>
}

function eventMarks(view: MsView, events: readonly GameEvent[]): Marks {
  const suits = new Map(view.suits.map((s) => [s.id, s]))
  const now = (s: MsSuitView | undefined) => (s ? asPt(s.at) : null)
  const paths: TablePath[] = []
  const fire: TableFire[] = []
  const losses = new Map<string, { at: Pt; side: string }>()
  events.forEach((e, i) => {
    if (!isObject(e)) return
    const id = asString(e.ms)
    const suit = id ? suits.get(id) : undefined
    if (!id || !suit) return
    if (e.type === 'moved') {
      const p = pathOf(e)
      if (p) paths.push({ from: p.from, path: p.path, side: suit.side })
    } else if (e.type === 'attack') {
      const target = asString(e.target)
      const victim = target ? suits.get(target) : undefined
      if (!target || !victim) return
      const from = positionAt(events, i, id, now(suit))
      const to = positionAt(events, i, target, now(victim))
      if (from && to) fire.push({ from, to, side: suit.side, label: fireLabel(events, i, target), hit: e.hit === true })
    } else if (e.type === 'destroyed') {
      const at = positionAt(events, i, id, now(suit))
      if (at) losses.set(id, { at, side: suit.side })
    }
  })
  return { paths, fire, losses: [...losses.values()] }
}

function ranges(view: MsView): TableRange[] {
  if (!view.viewer) return []
  const out: TableRange[] = []
  for (const s of placedSuits(view).filter((x) => x.seat === view.viewer)) {
    out.push({ at: { ...s.at }, radius: s.move, side: s.side, label: `${s.id} ${formatInches(s.move)}"` })
    if (typeof s.hover === 'number' && s.hover > s.move)
      out.push({ at: { ...s.at }, radius: s.hover, side: s.side, label: `${s.id} hover ${formatInches(s.hover)}"` })
  }
  return out
}

function subtitle(view: MsView): string {
  const when = view.step === 'deploy' || view.round < 1 ? '' : `第${view.round}ラウンド Round ${view.round}`
  const step = STEP_NAMES[view.step] ?? String(view.step)
  const acting = view.active ? `${view.active}: ` : ''
  const winner = view.winner ? `${view.winner} won` : 'a draw'
  const now = view.reason ? `${winner} (${view.reason})` : `${acting}${step}`
  const side = view.viewer ? seatSide(view, view.viewer) : null
  const seen = view.viewer ? `seen by ${view.viewer}${side && side !== view.viewer ? ` (${side})` : ''}` : 'observer'
  return [when, now, seen].filter((s) => s !== '').join(' · ')
}

/** The table map of a view and the last step's events; each of the reader's Move circles when asked. */
export function msawMapModel(view: MsView, events: readonly GameEvent[], opts?: { ranges?: boolean }): TableMapModel {
  const scenario = isObject(view.scenario) ? view.scenario : { id: '', title: '' }
  const title = scenario.title || scenario.id
  const round = view.step === 'deploy' || view.round < 1 ? '' : ` · Round ${view.round}`
  return {
    kind: 'table',
    title: `MS@W ${title}${round} · ${STEP_NAMES[view.step] ?? view.step}`,
    subtitle: subtitle(view),
    width: view.table.width,
    height: view.table.height,
    terrain: view.terrain
      .filter((p) => isObject(p) && Array.isArray(p.polygon))
      .map((p) => ({
        polygon: p.polygon.map((q) => ({ x: q.x, y: q.y })),
        move: p.move,
        blocksLOS: p.blocksLOS === true,
        label: both(p.nameJa, p.name || p.id),
      })),
    zones:
      view.step === 'deploy' ? view.sides.filter((s) => isObject(s.zone)).map((s) => ({ side: s.id, ...s.zone })) : [],
    sides: sides(view),
    discs: discs(view),
    ranges: opts?.ranges === true ? ranges(view) : [],
    ...eventMarks(view, events),
    objects: (Array.isArray(view.dropped) ? view.dropped : [])
      .filter((d) => isObject(d) && asPt(d.at) !== null && isObject(d.item))
      .map((d) => ({
        at: { x: d.at.x, y: d.at.y },
        label: `${d.id} ${itemBoth(String(d.item.type))}`,
      })),
    markerKey: MARKER_KEY,
  }
}

/** The map hook: an MS@W view and the last step's events, or an error naming what is missing. */
export function msawMap(view: unknown, events: readonly GameEvent[], opts?: { ranges?: boolean }): TableMapModel {
  if (!isMsView(view)) throw new Error('not an MS@W view: its table, sides or suits are missing')
  return msawMapModel(view, events, opts)
}
