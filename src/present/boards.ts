// Which board each map hex lies on, from the board placements a view carries. The view gives
// placements but not the template size; every board of a layout is one template (src/engine/hex/
// board.ts), so its size is the distance to the next board along each axis.
import { assembleBoards, type BoardPlacement, type BoardSize } from '../engine/hex/index.js'
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

/** Placements that do not tile (bad data) draw as one plain grid rather than failing the picture. */
export function boardLookup(grid: BoardSize, placements: readonly BoardPlacement[]): BoardLookup {
  const plain: BoardLookup = { boards: [], boardOf: () => null }
  if (placements.length === 0) return plain
  const template = boardTemplate(grid, placements)
  let assembled
  try {
    assembled = assembleBoards({ grid, boardTemplate: template, boards: placements })
  } catch {
    return plain
  }
  const boards = placements
    .map((p) => ({ ...p, cols: template.cols, rows: template.rows }))
    .sort((a, b) => a.board - b.board)
  return { boards, boardOf: (col, row) => assembled.fromMap({ col, row })?.board }
}
