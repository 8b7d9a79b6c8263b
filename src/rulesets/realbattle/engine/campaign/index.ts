// Real Battle campaign (RB-24): the pure rules the league layer drives. See docs/realbattle.md.
export * from './types.js'
export * from './messages.js'
export * from './team.js'
export * from './maintenance.js'
export * from './show.js'
export * from './random.js'
