// The OpenAPI document: valid for an independent validator, every route with a real answer schema,
// and the client types generated from it (test/support/api-types.ts) up to date.
import SwaggerParser from '@apidevtools/swagger-parser'
import type { OpenAPI3 } from 'openapi-typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiTypes, committedApiTypes, openapiDocument } from '../support/openapi.js'

let doc: OpenAPI3
beforeAll(async () => {
  doc = await openapiDocument()
})

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>
}
const operations = () =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ route: `${method} ${path}`, op })),
  )

/** A schema that says nothing: an object with no properties open to anything, or no schema at all. */
function saysNothing(schema: Record<string, unknown> | undefined): boolean {
  if (!schema || Object.keys(schema).length === 0) return true
  const props = schema.properties as Record<string, unknown> | undefined
  return schema.type === 'object' && (!props || Object.keys(props).length === 0) && !schema.anyOf && !schema.oneOf
}

describe('the OpenAPI document', () => {
  it('validates with swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
  })

  it('gives every route an answer for success, each with a schema that says something', () => {
    const ops = operations()
    expect(ops.length).toBeGreaterThan(35)
    const vague: string[] = []
    for (const { route, op } of ops) {
      const answers = Object.entries(op.responses ?? {})
      const ok = answers.filter(([status]) => /^2/.test(status))
      if (ok.length === 0) vague.push(`${route}: no success answer`)
      for (const [status, answer] of answers) {
        // No Content and Not Modified carry no body by definition (RFC 9110).
        if (status === '204' || status === '304') continue
        const types = Object.entries(answer.content ?? {})
        if (types.length === 0) vague.push(`${route} ${status}: no content`)
        for (const [type, media] of types)
          if (saysNothing(media.schema)) vague.push(`${route} ${status} ${type}: a schema that allows anything`)
        // Refusals are problems; /readyz answers 503 with its own status report.
        if (/^4/.test(status) && !types.every(([type]) => type === 'application/problem+json'))
          vague.push(`${route} ${status}: a refusal that is not problem+json`)
      }
    }
    expect(vague).toEqual([])
  })

  it('names every rule system in the union of views, each by its own schema', () => {
    const route = operations().find((o) => o.route === 'get /games/{id}/view')!
    const view = route.op.responses?.['200']?.content?.['application/json']?.schema as {
      properties: { view: { anyOf?: Array<{ title?: string }> } }
    }
    expect(view.properties.view.anyOf?.map((s) => s.title)).toEqual([
      'AbaoaquView',
      'GreenNoaView',
      'RealBattleView',
      'MsawView',
    ])
  })

  it('generates the client types committed in test/support/api-types.ts (npm run api:types)', async () => {
    const fresh = await apiTypes(doc)
    expect(fresh).toContain("'/games/{id}/view'")
    expect((await committedApiTypes()) === fresh, 'test/support/api-types.ts is stale: run npm run api:types').toBe(
      true,
    )
  })
})
