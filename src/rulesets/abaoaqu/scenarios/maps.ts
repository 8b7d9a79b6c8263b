// maps.yaml: board-template tags placed onto each map layout's boards.
import type { Hex, MapData, Status } from '../engine/types.js'
import { fail, readData } from '../../../scenarios/read-data.js'

type Area = { cols: [number, number]; rows: [number, number] } | { hexes: Hex[] }
type BoardPlacement = MapData['boards'][number]

interface MapsFile {
  status: Status
  boardTemplate: { cols: number; rows: number; tags: Record<string, Area[]> }
  layouts: Array<{ id: string; cols: number; rows: number; boards: BoardPlacement[] }>
}

export function loadMaps(file: string): Map<string, MapData> {
  const data = readData<MapsFile>(file, 'abaoaqu-maps.schema.json')
  const board = data.boardTemplate
  const local: Record<string, Hex[]> = {}
  for (const [tag, areas] of Object.entries(data.boardTemplate.tags)) {
    local[tag] = areas.flatMap((area, i) => areaHexes(file, `/boardTemplate/tags/${tag}/${i}`, area, board))
  }
  const maps = new Map<string, MapData>()
  data.layouts.forEach((layout, i) => {
    const at = `/layouts/${i}`
    if (maps.has(layout.id)) fail(file, `${at}/id`, `duplicate layout id ${layout.id}`)
    layout.boards.forEach((b, j) => checkPlacement(file, `${at}/boards/${j}`, b, layout, board))
    const tags: Record<string, Hex[]> = {}
    for (const [tag, hexes] of Object.entries(local)) {
      tags[tag] = sortHexes(layout.boards.flatMap((b) => hexes.map((h) => placeHex(h, b, board))))
    }
    maps.set(layout.id, {
      id: layout.id,
      status: data.status,
      cols: layout.cols,
      rows: layout.rows,
      tags,
      boards: layout.boards.map((b) => ({ board: b.board, col0: b.col0, row0: b.row0, rotate180: b.rotate180 })),
    })
  })
  return maps
}

function areaHexes(file: string, at: string, area: Area, board: { cols: number; rows: number }): Hex[] {
  const inside = ([c, r]: Hex) => c >= 0 && c < board.cols && r >= 0 && r < board.rows
  if ('hexes' in area) {
    area.hexes.forEach((h, k) => {
      if (!inside(h)) fail(file, `${at}/hexes/${k}`, `[${h.join(',')}] is off the ${board.cols}x${board.rows} board`)
    })
    return area.hexes.map(([c, r]) => [c, r])
  }
  const [c0, c1] = area.cols
  const [r0, r1] = area.rows
  if (c0 > c1 || !inside([c0, 0]) || !inside([c1, 0]))
    fail(file, `${at}/cols`, `columns ${c0}-${c1} do not fit the board`)
  if (r0 > r1 || !inside([0, r0]) || !inside([0, r1])) fail(file, `${at}/rows`, `rows ${r0}-${r1} do not fit the board`)
  const hexes: Hex[] = []
  for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) hexes.push([c, r])
  return hexes
}

function checkPlacement(
  file: string,
  at: string,
  b: BoardPlacement,
  layout: MapsFile['layouts'][number],
  board: { cols: number; rows: number },
): void {
  if (b.col0 % 2 !== 0) fail(file, `${at}/col0`, 'must be even: an odd column shift breaks the odd-q layout')
  if (b.col0 + board.cols > layout.cols || b.row0 + board.rows > layout.rows) {
    fail(file, at, `board ${b.board} at (${b.col0},${b.row0}) does not fit the ${layout.cols}x${layout.rows} map`)
  }
  for (const other of layout.boards) {
    if (other === b) break
    if (other.board === b.board) fail(file, `${at}/board`, `board ${b.board} is placed twice`)
    const apart =
      b.col0 + board.cols <= other.col0 ||
      other.col0 + board.cols <= b.col0 ||
      b.row0 + board.rows <= other.row0 ||
      other.row0 + board.rows <= b.row0
    if (!apart) fail(file, at, `board ${b.board} overlaps board ${other.board}`)
  }
}

/** Board-local hex to map hex; a board turned 180° maps (c, r) to (cols-1-c, rows-1-r) (GAP-A-6). */
function placeHex([c, r]: Hex, b: BoardPlacement, board: { cols: number; rows: number }): Hex {
  return b.rotate180 ? [b.col0 + board.cols - 1 - c, b.row0 + board.rows - 1 - r] : [b.col0 + c, b.row0 + r]
}

function sortHexes(hexes: Hex[]): Hex[] {
  const unique = new Map(hexes.map((h) => [`${h[0]},${h[1]}`, h]))
  return [...unique.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])
}
