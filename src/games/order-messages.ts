// The English of the server's own refusals (rule ids ORDER, NOTATION, PASS, STEP): keys of
// locales/<locale>/orders.json, like the rule systems' (test/i18n checks the English catalogue holds them).
import { refusals } from '../engine/messages.js'

export const SERVER_MESSAGES = {
  'server.step': 'not your step',
  'server.moreErrors': 'and {{count}} more errors, not listed: correct these and send the orders again',
  'server.noOrders': 'no orders found: write one order per line, or "pass" to pass this step',
  'server.noOrdersOneIgnored':
    'no orders found (one line was not orders: line {{lines}}): write one order per line, or "pass" to pass this step',
  'server.noOrdersIgnored':
    'no orders found ({{n}} lines were not orders: line {{lines}}): ' +
    'write one order per line, or "pass" to pass this step',
  'server.onlyStandingText':
    'only standing orders: they are kept for later phases and decide nothing in this step. ' +
    'Add your orders for the step, or, to set them and pass, write "pass" on a line of its own',
  'server.onlyStandingJson':
    'only standing orders: they are kept for later phases and decide nothing in this step. ' +
    'Add your orders for the step, or, to set them and pass, send "pass": true with them',
  'server.order.at.list': 'a submission is a list of orders: ',
  'server.order.at.order': 'order {{n}}: ',
  'server.order.unknownField': '$t(server.order.at.{{at}})"{{name}}" is not a field of this order',
  'server.order.missingField': '$t(server.order.at.{{at}})"{{name}}" is missing',
  'server.order.unknownKind': '$t(server.order.at.{{at}})unknown order kind {{kind}}; the kinds are {{kinds}}',
  'server.order.fieldMustBe': '$t(server.order.at.{{at}})"{{name}}" must be {{description}}',
  'server.order.mustBe': '$t(server.order.at.{{at}})must be {{description}}',
  'server.order.fieldInvalid': '$t(server.order.at.{{at}})"{{name}}" {{detail}}',
  'server.order.invalid': '$t(server.order.at.{{at}}){{detail}}',
} as const

export type ServerMessageKey = keyof typeof SERVER_MESSAGES

export const refuse = refusals<ServerMessageKey>(SERVER_MESSAGES)
