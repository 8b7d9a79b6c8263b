// The answer to a player's email (orders accepted, or why not): written whole by reply.ts when the
// email was read, and sent as it is.
import type { Composer } from './core.js'

export const reply: Composer = async (_env, n) => ({
  composed: { subject: String(n.payload.subject), text: String(n.payload.text), html: String(n.payload.html ?? '') },
})
