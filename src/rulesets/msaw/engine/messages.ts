// The English of every refused order of MS@W (keys of locales/<locale>/orders.json): each part keeps its
// own table (messages-frame.ts, -move.ts, -combat.ts, -notation.ts) and MESSAGES merges them.
import { refusals } from '../../../engine/messages.js'
import { COMBAT_MESSAGES } from './messages-combat.js'
import { FRAME_MESSAGES } from './messages-frame.js'
import { MOVE_MESSAGES } from './messages-move.js'
import { NOTATION_MESSAGES } from './messages-notation.js'

export const MESSAGES = { ...FRAME_MESSAGES, ...MOVE_MESSAGES, ...COMBAT_MESSAGES, ...NOTATION_MESSAGES } as const

export type MessageKey = keyof typeof MESSAGES

/** A refused order: `refuse(rule, key, params, { order, field, line })`. */
export const refuse = refusals<MessageKey>(MESSAGES)
