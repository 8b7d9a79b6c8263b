// GREEN NOA's API schemas: through random games, every view, every seat's options and every preview fits
// its schema closed (a field the schema does not name fails).
import { Ajv, type ValidateFunction } from 'ajv'
import type { TSchema } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { createDice } from '../../../src/engine/dice.js'
import { greennoa } from '../../../src/rulesets/greennoa/engine/index.js'
import { randomOrders, rng } from '../../../src/rulesets/greennoa/engine/random-orders.js'
import type { GnState } from '../../../src/rulesets/greennoa/engine/types.js'
import { loadGreenNoa } from '../../../src/rulesets/greennoa/scenarios/load.js'

const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true })

function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'const' || k === 'enum' ? v : closed(v)
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false
  return out
}

const validators = new Map<TSchema, ValidateFunction>()
function expectFits(schema: TSchema | undefined, body: unknown, what: string): void {
  if (!schema) throw new Error(`no schema for ${what}`)
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(closed(schema) as object)))
  const ok = validate(JSON.parse(JSON.stringify(body)))
  expect(ok ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message}`), what).toEqual([])
}

describe('GREEN NOA API schemas', () => {
  it.each(['GN-D1', 'GN-S1'])('fit every view, options and preview of a game of %s', (id) => {
    const scenario = loadGreenNoa().find((e) => e.scenario.id === id)?.scenario
    if (!scenario) throw new Error(`${id} missing`)
    const schemas = greennoa.schemas
    let state: GnState = greennoa.setup(scenario, { players: 2 }, createDice('cd'.repeat(32), 0)).state
    const r = rng(11)
    for (let n = 1; greennoa.pending(state).length > 0 && n < 60; n++) {
      for (const viewer of ['AEUG', 'TITANS', null]) expectFits(schemas?.view, greennoa.view(state, viewer), 'view')
      for (const seat of ['AEUG', 'TITANS']) expectFits(schemas?.options, greennoa.options(state, seat), 'options')
      const seat = greennoa.pending(state)[0]?.seats[0] ?? ''
      const orders = randomOrders(state, seat, r)
      expectFits(schemas?.preview, greennoa.preview?.(state, seat, orders), 'preview')
      state = greennoa.resolve(state, { [seat]: orders }, createDice('cd'.repeat(32), n)).state
    }
    expectFits(schemas?.view, greennoa.view(state, null), 'view')
  })
})
