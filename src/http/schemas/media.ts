// Answers that are not JSON: images, pages, raw email. Fastify sends them as they are (a Buffer or a
// string with its own content type); the schema documents the type.
import { Type } from '@sinclair/typebox'

/** Bytes of this content type. */
export const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: Type.Unsafe<Buffer>(Type.String({ format: 'binary' })) } },
})

/** Text of this content type (an SVG, an HTML page). */
export const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: Type.String() } },
})

export const htmlPage = (description: string) => text('text/html', description)
