// The table of unit states under the map (RuleSystem.statusPanel): shown in the HTML as a table and in
// the text as aligned lines, Japanese included; absent when the system gives none.
import { describe, expect, it } from 'vitest'
import { composeEmail } from '../../../src/notify/compose/index.js'
import { statusPanel } from '../../../src/notify/compose/panel.js'
import { registerRuleSystem, ruleSystem } from '../../../src/rulesets/index.js'
import { hexRace } from '../../support/tiny-system/index.js'
import * as fixtures from './fixtures.js'

describe('the status panel of an email', () => {
  it('is drawn as a table in HTML and as aligned columns in text, wide characters counted twice', () => {
    const panel = {
      title: 'Your ATs',
      columns: ['AT', 'Durability', 'Ammo'],
      rows: [
        ['A1 キリコ', '16/16', 'hmg 10/10'],
        ['A2 Grégory', '7/16 heavy', 'hrl 3/4'],
      ],
      text: ['AT          Durability  Ammo', 'A1 キリコ   16/16       hmg 10/10', 'A2 Grégory  7/16 heavy  hrl 3/4'],
    }
    const email = composeEmail('your-phase', { ...fixtures.yourPhase(), panel })
    expect(email.html).toContain(
      '<th align="left" style="padding:3px 6px;border-bottom:1px solid #d8dde3;">Durability</th>',
    )
    expect(email.html).toContain('>A1 キリコ</td>')
    expect(email.html).toContain('>7/16 heavy</td>')
    expect(email.text).toContain('Your ATs')
    expect(email.text).toContain('A1 キリコ   16/16       hmg 10/10')
  })

  it('aligns the text columns by display width', () => {
    const name = 'panel-test-system'
    if (!ruleSystem(name))
      registerRuleSystem({
        ...hexRace,
        id: name,
        ruleset: { ...hexRace.ruleset, id: name },
        statusPanel: () => ({
          title: 'T',
          columns: ['AT', 'HP'],
          rows: [
            ['キリコ', '16'],
            ['Fiana', '9'],
          ],
        }),
      })
    const panel = statusPanel(name, {}, 'en')!
    expect(panel.text).toEqual(['AT      HP', 'キリコ  16', 'Fiana   9'])
  })

  it('is left out for a system without one', () => {
    expect(statusPanel('abaoaqu', {}, 'en')).toBeNull()
    const email = composeEmail('your-phase', fixtures.yourPhase())
    expect(email.html).not.toContain('padding:3px 6px')
  })
})
