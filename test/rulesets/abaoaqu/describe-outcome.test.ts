// Why an A-Bao-A-Qu game ended, in the reader's language: every reason the engine writes (engine/victory.ts)
// reads in Japanese with its numbers and names kept; English is the engine's own words; a reason of
// another shape is shown as it is.
import { describe, expect, it } from 'vitest'
import { ruleSystem } from '../../../src/rulesets/index.js'

const abaoaqu = ruleSystem('abaoaqu')!
const ended = (reason: string, winner: string | null = 'FED') => ({ winner, reason, ref: 'A-S4 [H]' })

describe('A-Bao-A-Qu describeOutcome', () => {
  const cases: Array<[string, string]> = [
    ['both sides were destroyed', '両軍とも全滅した'],
    ['every unit of Zeon was destroyed', 'Zeonのユニットがすべて撃破された'],
    ['3 units held the objective hexes for 2 turns', '3ユニットがobjective hexesを2ターン確保した'],
    ['both fleets were forced to retreat', '両軍の艦隊がともに撤退に追い込まれた'],
    ['Federation was forced to retreat', 'Federationが撤退に追い込まれた'],
    ['the turn limit (8) was reached', '規定ターン数（8）に達した'],
    ['the turn limit (8) was reached: ships destroyed 3–1', '規定ターン数（8）に達した：撃沈した艦艇数 3–1'],
  ]
  for (const [english, japanese] of cases)
    it(`"${english}"`, () => {
      expect(abaoaqu.describeOutcome!(ended(english), 'ja')).toBe(japanese)
      expect(abaoaqu.describeOutcome!(ended(english), 'en')).toBe(english)
    })

  it('a reason of another shape is shown as it is, in either language', () => {
    expect(abaoaqu.describeOutcome!(ended('ZEON resigned'), 'ja')).toBe('ZEON resigned')
    expect(abaoaqu.describeOutcome!(ended('the moderator ended it', null), 'en')).toBe('the moderator ended it')
  })
})
