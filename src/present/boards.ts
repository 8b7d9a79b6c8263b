// Which board each map hex lies on, from the board placements a view carries. The view gives
// placements but not the template size; every board of a layout is one template (src/engine/hex/
// board.ts), so its size is the distance to the next board along each axis.
import { assembleBoards, BoardLayoutError, type BoardPlacement, type BoardSize } from '../engine/hex/index.js'
import type { MapBoard } from './map-model.js'

function stride(starts: readonly number[], limit: number): number {
  return Math.min(...starts.map((s) => Math.min(limit, ...starts.filter((t) => t > s)) - s))
}

export function boardTemplate(grid: BoardSize, placements: readonly BoardPlacement[]): BoardSize {
  return {
    cols: stride(
      placements.map((p) => p.col0),
      grid.cols,
    ),
    rows: stride(
      placements.map((p) => p.row0),
      grid.rows,
    ),
  }
}

export interface BoardLookup {
  boards: MapBoard[]
  /** The board of a map hex; undefined in a gap between boards; null when the map has no boards. */
  boardOf(col: number, row: number): number | null | undefined
}

/**
 * Placements that do not tile (bad data: the scenario loaders check their layouts) draw as one plain grid
 * rather than failing the picture, and `warn` says why.
 */
export function boardLookup(
  grid: BoardSize,
  placements: readonly BoardPlacement[],
  warn: (message: string) => void = (message) => console.warn(message),
): BoardLookup {
  const plain: BoardLookup = { boards: [], boardOf: () => null }
  if (placements.length === 0) return plain
  const template = boardTemplate(grid, placements)
  let assembled
  try {
    assembled = assembleBoards({ grid, boardTemplate: template, boards: placements })
  } catch (e) {
    if (!(e instanceof BoardLayoutError)) throw e
    warn(`map: the boards do not tile the ${grid.cols}×${grid.rows} map (${e.message}); drawn as one plain grid`)
    return plain
  }
  const boards = placements
    .map((p) => ({ ...p, cols: template.cols, rows: template.rows }))
    .sort((a, b) => a.board - b.board)
  return { boards, boardOf: (col, row) => assembled.fromMap({ col, row })?.board }
}
