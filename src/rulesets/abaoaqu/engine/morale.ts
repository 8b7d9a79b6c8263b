// A-10 Morale recovery.
import { emit, rollD6, type Ctx } from './context.js'
import { isOnMap } from './units.js'

/** A-10-3: C recovers on less than 5, D on less than 4. */
export function recoversOn(morale: 'C' | 'D', face: number): boolean {
  return morale === 'C' ? face < 5 : face < 4
}

export function recoveryPhase(ctx: Ctx): void {
  for (const u of ctx.s.units) {
    if (!isOnMap(u) || u.morale === 'N') continue
    const before = u.morale
    const roll = rollD6(ctx, `morale recovery ${u.id}`, 'A-10-3')
    const recovered = recoversOn(before, roll.face)
    if (recovered) u.morale = 'N'
    emit(ctx, {
      type: 'recovery',
      ref: 'A-10-3',
      unit: u.id,
      from: before,
      roll: roll.face,
      rollIndex: roll.index,
      recovered,
    })
  }
}
