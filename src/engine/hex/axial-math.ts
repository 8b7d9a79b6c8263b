import type { AxialHex } from './types.js'

// Vector arithmetic on axial coordinates; the `+ 0` turns −0 into 0 so results compare cleanly.

export function axialAdd(a: AxialHex, b: AxialHex): AxialHex {
  return { q: a.q + b.q + 0, r: a.r + b.r + 0 }
}

export function axialSubtract(a: AxialHex, b: AxialHex): AxialHex {
  return { q: a.q - b.q + 0, r: a.r - b.r + 0 }
}

export function axialScale(a: AxialHex, factor: number): AxialHex {
  return { q: a.q * factor + 0, r: a.r * factor + 0 }
}

export function axialEquals(a: AxialHex, b: AxialHex): boolean {
  return a.q === b.q && a.r === b.r
}
