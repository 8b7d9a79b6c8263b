// The map model of an A-Bao-A-Qu view (engine/view.ts) and the events of
// the last phase. A-Bao-A-Qu hides nothing on the map (§8), so every seat sees every unit.
import { offsetNeighbors } from '../../../../engine/hex/index.js'
import type { GameEvent } from '../../../../engine/ruleset.js'
import { BD_LIFETIME } from '../../engine/bd-screen.js'
import { hexLabel } from '../../engine/geometry.js'
import type { Unit } from '../../engine/types.js'
import type { View } from '../../engine/view.js'
import { eventMarks } from './events.js'
import { enemiesInReach } from './reach.js'
import { boardLookup, type BoardLookup } from '../../../../present/boards.js'
import {
  compareHexRefs,
  hexRefKey,
  sideColours,
  type HexMapModel,
  type HexRef,
  type MapCounter,
  type MapHex,
  type MapScreen,
  type MapSide,
} from '../../../../present/map-model.js'

const STEP_NAMES: Record<View['step'], string> = {
  deploy: 'deployment',
  move: 'movement',
  'attack-lead': 'lead-off combat',
  'attack-follow': 'follow-up combat',
  over: 'game over',
}

/** Just enough shape to trust the rest of the view: it comes from a JSON column or an HTTP body. */
export function isAbaoaquView(v: unknown): v is View {
  if (v === null || typeof v !== 'object') return false
  const view = v as Partial<View>
  const map = view.scenario?.map
  return (
    view.system === 'abaoaqu' &&
    Array.isArray(view.units) &&
    Array.isArray(view.scenario?.sides) &&
    Array.isArray(view.seats) &&
    Array.isArray(view.pending) &&
    typeof view.options === 'object' &&
    view.options !== null &&
    map !== undefined &&
    Number.isInteger(map.cols) &&
    Number.isInteger(map.rows) &&
    map.cols > 0 &&
    map.rows > 0
  )
}

const label = (h: HexRef): string => hexLabel([h.col, h.row])

function mapHexes(view: View, lookup: BoardLookup): MapHex[] {
  const { cols, rows, fortress } = view.scenario.map
  const fortressKeys = new Set((fortress ?? []).map((h) => `${h[0]},${h[1]}`))
  const hexes: MapHex[] = []
  for (let col = 0; col < cols; col++) {
    for (let row = 0; row < rows; row++) {
      const board = lookup.boardOf(col, row)
      if (board === undefined) continue
      const tags = fortressKeys.has(`${col},${row}`) ? ['fortress'] : []
      hexes.push({ col, row, label: label({ col, row }), board, tags })
    }
  }
  return hexes
}

function viewerSide(view: View): string | null {
  return view.seats.find((s) => s.id === view.viewer)?.side ?? null
}

function sides(view: View): MapSide[] {
  const colours = sideColours(view.scenario.sides.map((s) => s.id))
  const mine = viewerSide(view)
  return view.scenario.sides.map((s) => ({ id: s.id, name: s.name, colour: colours.get(s.id)!, viewer: s.id === mine }))
}

function unitWords(u: Unit): string {
  const notes = [
    u.morale === 'N' ? '' : `morale ${u.morale}`,
    u.face === 'back' ? 'flipped' : '',
    u.pilot ? `pilot ${u.pilot}` : '',
  ]
  return [`${u.id} ${u.type}`, ...notes].filter((w) => w !== '').join(', ')
}

/**
 * One counter per side and hex: the first unit of the roster on top, the stack's size and every morale marker
 * in it.
 */
function counters(view: View): MapCounter[] {
  const sideOrder = new Map(view.scenario.sides.map((s, i) => [s.id, i]))
  const stacks = new Map<string, Unit[]>()
  for (const u of view.units) {
    if (u.at !== 'map' || !u.hex) continue
    const key = `${u.hex[0]},${u.hex[1]}|${u.side}`
    const stack = stacks.get(key)
    if (stack) stack.push(u)
    else stacks.set(key, [u])
  }
  const out = [...stacks.values()].map((stack): MapCounter => {
    const top = stack[0]!
    const hex = { col: top.hex![0], row: top.hex![1] }
    return {
      hex,
      side: top.side,
      label: top.id,
      sublabel: top.type,
      units: stack.map((u) => ({ label: u.id, markers: u.morale === 'N' ? [] : [u.morale] })),
      markers: (['C', 'D'] as const).filter((m) => stack.some((u) => u.morale === m)),
      flipped: top.face === 'back',
      title: `${label(hex)}: ${stack.map(unitWords).join('; ')}`,
    }
  })
  return out.sort(
    (a, b) => compareHexRefs(a.hex, b.hex) || (sideOrder.get(a.side) ?? 99) - (sideOrder.get(b.side) ?? 99),
  )
}

/** A-18-4, AMB-A-20: the target hex (unless bdCoversCentre is false) and the six around it. */
function screens(view: View, existing: ReadonlySet<string>): MapScreen[] {
  const centreCovered = view.options.bdCoversCentre !== false
  return (view.bd ?? []).map((m) => {
    const centre = { col: m.hex[0], row: m.hex[1] }
    const around = offsetNeighbors(centre).filter((h) => existing.has(hexRefKey(h)))
    return {
      centre,
      hexes: centreCovered ? [centre, ...around] : around,
      label: 'BD',
      title:
        `BD screen on ${label(centre)}, placed in turn ${m.turn}, ` +
        `gone at the start of turn ${m.turn + BD_LIFETIME}`,
    }
  })
}

function sideName(view: View, id: string | null): string {
  return view.scenario.sides.find((s) => s.id === id)?.name ?? id ?? ''
}

function subtitle(view: View): string {
  const when = `Turn ${view.turn}, half ${view.half}: ${STEP_NAMES[view.step] ?? view.step}`
  const acting = view.pending.map((p) => sideName(view, p.side))
  const now = view.outcome
    ? `${view.outcome.winner === null ? 'a draw' : `${sideName(view, view.outcome.winner)} won`} ` +
      `(${view.outcome.reason})`
    : acting.length > 0
      ? `to act: ${acting.join(', ')}`
      : ''
  const side = viewerSide(view)
  const seen =
    view.viewer === null || side === null
      ? 'observer'
      : view.viewer === side
        ? sideName(view, side)
        : `${view.viewer} (${sideName(view, side)})`
  return [when, now, `seen by ${seen}`].filter((s) => s !== '').join(' · ')
}

export function abaoaquMapModel(view: View, events: readonly GameEvent[]): HexMapModel {
  const { cols, rows } = view.scenario.map
  const lookup = boardLookup({ cols, rows }, view.scenario.map.boards ?? [])
  const hexes = mapHexes(view, lookup)
  const existing = new Set(hexes.map(hexRefKey))
  const units = new Map(view.units.map((u) => [u.id, u]))
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    title: `${view.scenario.id} ${view.scenario.title}`,
    subtitle: subtitle(view),
    cols,
    rows,
    hexes,
    boards: lookup.boards,
    colLabels: Array.from({ length: cols }, (_, i) => pad(i)),
    rowLabels: Array.from({ length: rows }, (_, i) => pad(i)),
    sides: sides(view),
    counters: counters(view),
    screens: screens(view, existing),
    ...eventMarks(events, units),
    inReach: inReach(view),
  }
}

/** Hexes of the enemies in reach of the viewer's units (reach.ts), nearest first, once each. */
function inReach(view: View): HexRef[] {
  const seen = new Map<string, HexRef>()
  for (const e of enemiesInReach(view)) {
    const hex = { col: e.hex[0], row: e.hex[1] }
    if (!seen.has(hexRefKey(hex))) seen.set(hexRefKey(hex), hex)
  }
  return [...seen.values()]
}
