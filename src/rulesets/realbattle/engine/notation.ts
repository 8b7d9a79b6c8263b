// Real Battle order notation (docs/orders-realbattle.md): one order a line, `#` comments, `pass` alone.
//   A1 deploy 0004 NE            RB-23.4: hex as CCRR or c,r; facing N NE SE S SW NW
//   A1 plan 1 0 2 2              RB-21.3: accel decel attack defence (or "plan acc 1 atk 2 def 2")
//   A1 speed 3                   RB-4.4
//   A1 F F T1R F ram B2          RB-5…11: a program (§6), optionally ending "ram [AT]" or "avoid"
//   A1 fire B2 hmg [x3]          RB-12: fire (missiles with x<n>); "A1 volley B2"; "A1 melee B2 L"
//   A1 policy avoid never fall reach 8     §6 standing orders
// Keywords in any case; full-width letters, digits and spaces read as ASCII (NFKC).
import type { Direction } from '../../../engine/hex/index.js'
import type { MessageParams } from '../../../engine/messages.js'
import type { OrderError, Parsed } from '../../../engine/ruleset.js'
import { refuse, type MessageKey } from './messages.js'
import { facingName, hexLabel } from './sequence.js'
import type { At, Policies, ProgramStep, RbOrder, RbState } from './types.js'

/** NFKC, lower case, the minus signs as "-": ＡＴ１ → at1, −2 → -2. */
export function fold(s: string): string {
  return s.normalize('NFKC').replace(/[−–]/g, '-').toLowerCase()
}

export class LineError extends Error {
  constructor(
    readonly rule: string,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key)
  }
}

const FACINGS: Record<string, Direction> = { n: 0, ne: 1, se: 2, s: 3, sw: 4, nw: 5 }

/** A hex as CCRR ("0004") or "c,r" ("0,4"); null when it is neither. */
export function readHex(word: string): [number, number] | null {
  const w = fold(word)
  let m = /^(\d{2})(\d{2})$/.exec(w)
  if (m) return [Number(m[1]), Number(m[2])]
  m = /^(\d{1,2}),(\d{1,2})$/.exec(w)
  return m ? [Number(m[1]), Number(m[2])] : null
}

export function readFacing(word: string): Direction | null {
  const w = fold(word)
  if (Object.hasOwn(FACINGS, w)) return FACINGS[w]!
  return /^[0-5]$/.test(w) ? (Number(w) as Direction) : null
}

function int(word: string | undefined, usage: () => LineError): number {
  if (word === undefined) throw usage()
  const w = fold(word)
  if (!/^[+-]?\d{1,3}$/.test(w)) throw new LineError('NOTATION', 'realbattle.notation.number', { value: word })
  return Number(w)
}

/** The AT a token names: its id, in any case. */
export function resolveAt(state: RbState, token: string): At {
  const at = state.ats.find((a) => fold(a.id) === fold(token))
  if (!at) throw new LineError('RB-23.1', 'realbattle.notation.noAt', { token })
  return at
}

/** The weapon a token names on `at` (any case); an unknown one is kept for validate to refuse. */
function weaponId(at: At, token: string): string {
  return at.weapons.find((w) => fold(w.id) === fold(token))?.id ?? fold(token)
}

const VERBS = new Set(['deploy', 'plan', 'speed', 'fire', 'volley', 'melee', 'policy', 'move', 'program'])

function parseProgram(state: RbState, at: At, words: string[]): Extract<RbOrder, { kind: 'program' }> {
  const steps: ProgramStep[] = []
  let collide: 'avoid' | 'ram' | undefined
  let target: string | undefined
  for (let i = 0; i < words.length; i++) {
    const raw = words[i]!
    const w = fold(raw).toUpperCase()
    const bad = () => new LineError('RB-5.2', 'realbattle.notation.step', { step: raw })
    if (collide) throw bad()
    let m: RegExpExecArray | null
    if (w === 'F' || w === 'B') steps.push({ op: w })
    else if ((m = /^([TOP])([123])([LR])$/.exec(w)))
      steps.push({ op: m[1] as 'T' | 'O' | 'P', n: Number(m[2]) as 1 | 2 | 3, side: m[3] as 'L' | 'R' })
    else if ((m = /^S([LR])(60|120)$/.exec(w)))
      steps.push({ op: 'S', side: m[1] as 'L' | 'R', deg: Number(m[2]) as 60 | 120 })
    else if (w === 'STAND' || w === 'SMOKE') steps.push({ op: w })
    else if (w === 'MAG' || w === 'PURGE' || w === 'RELOAD') {
      const weapon = words[++i]
      if (weapon === undefined) throw new LineError('RB-5.2', 'realbattle.notation.weapon', { step: raw })
      steps.push({ op: w, weapon: weaponId(at, weapon) })
    } else if (w === 'AVOID') collide = 'avoid'
    else if (w === 'RAM') {
      collide = 'ram'
      const t = words[i + 1]
      if (t !== undefined) {
        target = resolveAt(state, t).id
        i++
      }
    } else throw bad()
  }
  return {
    kind: 'program',
    at: at.id,
    steps,
    ...(collide ? { collide } : {}),
    ...(target ? { target } : {}),
  }
}

function parsePlan(args: string[], usage: () => LineError): { acc: number; dec: number; atk: number; def: number } {
  const plan = { acc: 0, dec: 0, atk: 0, def: 0 }
  if (args.length === 4 && args.every((a) => /^\d/.test(fold(a)))) {
    const [acc, dec, atk, def] = args.map((a) => int(a, usage)) as [number, number, number, number]
    return { acc, dec, atk, def }
  }
  if (args.length === 0 || args.length % 2 !== 0) throw usage()
  for (let i = 0; i < args.length; i += 2) {
    const name = fold(args[i]!)
    const field = name === 'acc' || name === 'dec' || name === 'atk' || name === 'def' ? name : null
    if (!field) throw usage()
    plan[field] = int(args[i + 1], usage)
  }
  return plan
}

function parsePolicy(at: At, args: string[], usage: () => LineError): Extract<RbOrder, { kind: 'policy' }> {
  const order: Extract<RbOrder, { kind: 'policy' }> = { kind: 'policy', at: at.id }
  for (let i = 0; i < args.length;) {
    const word = fold(args[i]!)
    if (word === 'avoid') {
      const v = fold(args[i + 1] ?? '')
      const avoid: Policies['avoid'] | null =
        v === 'never' ? 'never' : v === 'avoid-if-affordable' || v === 'affordable' ? 'avoid-if-affordable' : null
      if (!avoid) throw usage()
      order.avoid = avoid
      i += 2
    } else if (word === 'fall') {
      const how = fold(args[i + 1] ?? '')
      const n = int(args[i + 2], usage)
      if (how === 'spend') order.fall = { kind: 'spend', pp: n }
      else if (how === 'reach') order.fall = { kind: 'reach', value: n }
      else throw usage()
      i += 3
    } else throw usage()
  }
  if (!order.avoid && !order.fall) throw usage()
  return order
}

const USAGE: Record<string, string> = {
  deploy: 'deploy <CCRR> <N|NE|SE|S|SW|NW>',
  plan: 'plan <acc> <dec> <atk> <def>',
  speed: 'speed <n>',
  fire: 'fire <target> <weapon> [x<missiles>]',
  volley: 'volley <target>',
  melee: 'melee <target> <L|R>',
  policy: 'policy avoid never|avoid-if-affordable, fall spend <k>|reach <t>',
}

function parseLine(state: RbState, words: string[]): RbOrder {
  const [atWord, verbWord, ...rest] = words
  if (atWord === undefined) throw new LineError('NOTATION', 'realbattle.notation.empty')
  const at = resolveAt(state, atWord)
  if (verbWord === undefined) throw new LineError('NOTATION', 'realbattle.notation.alone', { at: atWord })
  const verb = fold(verbWord)
  if (!VERBS.has(verb)) return parseProgram(state, at, [verbWord, ...rest])
  const usage = () => new LineError('NOTATION', 'realbattle.notation.usage', { usage: `${at.id} ${USAGE[verb]}` })
  switch (verb) {
    case 'move':
    case 'program':
      return parseProgram(state, at, rest)
    case 'deploy': {
      if (rest.length !== 2) throw usage()
      const hex = readHex(rest[0]!)
      if (!hex) throw new LineError('NOTATION', 'realbattle.notation.hex', { hex: rest[0]! })
      const facing = readFacing(rest[1]!)
      if (facing === null) throw new LineError('NOTATION', 'realbattle.notation.facing', { facing: rest[1]! })
      return { kind: 'deploy', at: at.id, hex, facing }
    }
    case 'plan':
      return { kind: 'plan', at: at.id, ...parsePlan(rest, usage) }
    case 'speed':
      if (rest.length !== 1) throw usage()
      return { kind: 'speed', at: at.id, speed: int(rest[0], usage) }
    case 'volley': {
      if (rest.length !== 1) throw usage()
      return { kind: 'attack', at: at.id, target: resolveAt(state, rest[0]!).id, volley: true }
    }
    case 'melee': {
      const arm = fold(rest[1] ?? '').toUpperCase()
      if (rest.length !== 2 || (arm !== 'L' && arm !== 'R')) throw usage()
      return { kind: 'attack', at: at.id, target: resolveAt(state, rest[0]!).id, arm }
    }
    case 'fire': {
      if (rest.length < 1 || rest.length > 3) throw usage()
      const target = resolveAt(state, rest[0]!).id
      const order: Extract<RbOrder, { kind: 'attack' }> = { kind: 'attack', at: at.id, target }
      const more = rest.slice(1)
      const count = more.length > 0 ? /^[x×*](\d{1,2})$/.exec(fold(more[more.length - 1]!)) : null
      if (count) more.pop()
      if (more.length > 1) throw usage()
      if (more[0] !== undefined) order.weapon = weaponId(at, more[0])
      if (count) order.missiles = Number(count[1])
      return order
    }
    default:
      return parsePolicy(at, rest, usage)
  }
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s
}

/** Reads orders, one a line; never throws. Bad lines give errors with their line, the good ones their orders. */
export function parseOrders(text: string, state: RbState): Parsed<RbOrder> {
  const orders: RbOrder[] = []
  const lines: number[] = []
  const passes: number[] = []
  const errors: OrderError[] = []
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.normalize('NFKC').replace(/#.*$/, '').trim()
    if (content === '') return
    const words = content.split(/\s+/)
    if (words.length === 1 && (fold(content) === 'pass' || content === 'パス')) {
      passes.push(i + 1)
      return
    }
    try {
      orders.push(parseLine(state, words))
      lines.push(i + 1)
    } catch (e) {
      const at = { line: i + 1, text: clip(content, 80) }
      errors.push(
        e instanceof LineError
          ? refuse(e.rule, e.key, { ...at, ...e.params }, { line: i + 1 })
          : refuse(
              'NOTATION',
              'realbattle.notation.unreadable',
              { ...at, detail: e instanceof Error ? e.message : String(e) },
              { line: i + 1 },
            ),
      )
    }
  })
  return errors.length > 0 ? { ok: false, errors, orders, lines, passes } : { ok: true, orders, lines, passes }
}

export function formatStep(s: ProgramStep): string {
  switch (s.op) {
    case 'F':
    case 'B':
    case 'STAND':
    case 'SMOKE':
      return s.op
    case 'T':
    case 'O':
    case 'P':
      return `${s.op}${s.n}${s.side}`
    case 'S':
      return `S${s.side}${s.deg}`
    default:
      return `${s.op} ${s.weapon}`
  }
}

export function formatOrder(o: RbOrder): string {
  switch (o.kind) {
    case 'deploy':
      return `${o.at} deploy ${hexLabel(o.hex)} ${facingName(o.facing)}`
    case 'plan':
      return `${o.at} plan ${o.acc} ${o.dec} ${o.atk} ${o.def}`
    case 'speed':
      return `${o.at} speed ${o.speed}`
    case 'program': {
      const tail = o.collide === 'ram' ? ` ram${o.target ? ` ${o.target}` : ''}` : o.collide === 'avoid' ? ' avoid' : ''
      return `${o.at} move${o.steps.map((s) => ` ${formatStep(s)}`).join('')}${tail}`
    }
    case 'attack':
      if (o.volley) return `${o.at} volley ${o.target}`
      if (o.arm) return `${o.at} melee ${o.target} ${o.arm}`
      return [`${o.at} fire ${o.target}`, o.weapon, o.missiles === undefined ? undefined : `x${o.missiles}`]
        .filter((w) => w !== undefined)
        .join(' ')
    case 'policy': {
      const avoid = o.avoid ? ` avoid ${o.avoid}` : ''
      const fall = o.fall ? ` fall ${o.fall.kind} ${o.fall.kind === 'spend' ? o.fall.pp : o.fall.value}` : ''
      return `${o.at} policy${avoid}${fall}`
    }
  }
}

/** The orders in the notation, a line each; parseOrders reads them back to the same orders. */
export function formatOrders(orders: readonly RbOrder[]): string {
  return orders.length === 0 ? 'pass' : orders.map(formatOrder).join('\n')
}
