import type { AxialHex, OffsetHex } from './types.js'

/** 1 for odd columns, 0 for even; the double modulo keeps it right for negatives (−1 % 2 is −1). */
export function offsetColParity(col: number): 0 | 1 {
  return ((col % 2) + 2) % 2 === 1 ? 1 : 0
}

/** Odd-q: odd columns sit half a hex lower, so the row shifts by half the even part of col. `+ 0` drops −0. */
export function offsetToAxial(hex: OffsetHex): AxialHex {
  const q = hex.col + 0
  return { q, r: hex.row - (q - offsetColParity(q)) / 2 + 0 }
}

export function axialToOffset(hex: AxialHex): OffsetHex {
  return { col: hex.q + 0, row: hex.r + (hex.q - offsetColParity(hex.q)) / 2 + 0 }
}
