// Email pictures drawn once per distinct picture (map-cache.ts emailPicture), and the worker's warm-up
// (map-warm.ts): readers who see the same map share one picture, and readers who see another get theirs.
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { loadAbaoaquScenario } from '../../../src/rulesets/abaoaqu/scenarios/index.js'
import { emailPicture } from '../../../src/notify/map-cache.js'
import { warmMaps } from '../../../src/notify/map-warm.js'
import { buildHexMapModel, emailMapPng } from '../../../src/notify/map/index.js'

function opening(seed: string, seat: string) {
  const state = abaoaqu.setup(loadAbaoaquScenario('A-S4'), { players: 2 }, createDice(seed, 0)).state
  return buildHexMapModel('abaoaqu', abaoaqu.view(state, seat), [])
}

describe('email pictures', () => {
  it('two games at the same opening, read by the same side: one picture, the one drawing it anew gives', () => {
    const first = emailPicture(opening('aa'.repeat(32), 'ZEON'))
    const second = emailPicture(opening('bb'.repeat(32), 'ZEON'))
    expect(second).toBe(first)
    expect(first.png.equals(emailMapPng(opening('cc'.repeat(32), 'ZEON')).png)).toBe(true)
  })

  it('the other side, or the same map with a unit framed, is another picture', () => {
    const zeon = emailPicture(opening('aa'.repeat(32), 'ZEON'))
    const fed = emailPicture(opening('aa'.repeat(32), 'FED'))
    expect(fed).not.toBe(zeon)
    expect(fed.png.equals(zeon.png)).toBe(false)
    const model = opening('aa'.repeat(32), 'ZEON')
    const unit = model.counters[0]!.units[0]!.label
    const framed = emailPicture({ ...model, highlight: { units: [unit], text: 'changed' } })
    expect(framed.png.equals(zeon.png)).toBe(false)
  })
})

describe('the map warm-up', () => {
  it('draws scenario openings until told to stop, without failing on any', async () => {
    const stop = new AbortController()
    const done = await warmMaps({ signal: stop.signal, onPicture: (n) => n === 2 && stop.abort() })
    expect(done.skipped).toEqual([])
    expect(done.pictures).toBe(2)
  })

  it('counts its pictures when nobody listens to them', async () => {
    // A signal that says stop the third time it is asked, which is before the third picture.
    let asked = 0
    const signal = {
      get aborted() {
        return ++asked > 2
      },
    } as AbortSignal
    const done = await warmMaps({ signal })
    expect(done.skipped).toEqual([])
    expect(done.pictures).toBe(2)
  })
})
