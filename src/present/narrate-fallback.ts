// The line for an event no narrator knows: its type and its simple fields, so a new engine event
// shows up readable (if plain) in emails instead of being dropped or crashing the worker.
import type { GameEvent } from '../engine/ruleset.js'

// Bookkeeping every event carries; it says nothing to a player.
const SKIP = new Set(['type', 'ref', 'turn', 'half', 'rollIndex'])

function show(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(' ')
  return null
}

export function fallbackLine(event: unknown): string {
  if (typeof event !== 'object' || event === null) return 'Something happened that this email cannot describe.'
  const e = event as GameEvent
  const type = typeof e.type === 'string' && e.type ? e.type : 'unknown event'
  const fields = Object.entries(e)
    .filter(([key]) => !SKIP.has(key))
    .map(([key, value]) => [key, show(value)] as const)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key} ${value}`)
  const rule = typeof e.ref === 'string' ? ` (${e.ref})` : ''
  return `Event "${type}"${rule}${fields.length ? `: ${fields.join(', ')}` : ''}.`
}
