// PLACEHOLDER (frame branch): replaced by the movement/combat branch at merge
import { offsetDistance, type OffsetHex } from '../../../engine/hex/index.js'

export function distance(a: OffsetHex, b: OffsetHex): number {
  return offsetDistance(a, b)
}
