// Hand-made Real Battle views (engine/types.ts RbView, AtView) for the presentation tests: ATs with their
// pilots, machines and weapons as a view shows them to one seat, on house Map A (fixture.ts).
import type { AtView, RbSeatOptions, RbView } from '../../../src/rulesets/realbattle/engine/types.js'
import { mapA } from './fixture.js'

type WeaponView = AtView['weapons'][number]

export function hmg(ammo = 10, magazines = 0): WeaponView {
  return {
    id: 'hmg',
    card: 'hmg',
    name: 'Heavy Machine Gun',
    nameJa: 'ヘビーマシンガン',
    mount: 'handR',
    ammo,
    ammoMax: 10,
    magazines,
    purged: false,
    maxRange: 12,
  }
}

export function solidShooter(ammo = 5): WeaponView {
  return {
    id: 'ss',
    card: 'ss',
    name: 'Solid Shooter',
    nameJa: 'ソリッドシューター',
    mount: 'handR',
    ammo,
    ammoMax: 5,
    magazines: 0,
    purged: false,
    maxRange: 14,
  }
}

export function fcs(): WeaponView {
  return {
    id: 'fcs',
    card: 'fcs',
    name: 'Fire-Control System',
    nameJa: '火器管制装置',
    mount: 'none',
    ammo: 0,
    ammoMax: null,
    magazines: 0,
    purged: false,
    maxRange: 0,
  }
}

const PILOTS: Record<string, { name: string; nameJa: string; basePp: number }> = {
  A1: { name: 'Chirico', nameJa: 'キリコ', basePp: 9 },
  A2: { name: 'Vanilla', nameJa: 'バニラ', basePp: 6 },
  B1: { name: 'Fiana', nameJa: 'フィアナ', basePp: 12 },
  B2: { name: 'Ypsilon', nameJa: 'イプシロン', basePp: 13 },
}

/** An AT as a view shows it; the seat of camp A ("A") is the viewer unless `mine` says otherwise. */
export function atView(spec: Partial<AtView> & { id: string }): AtView {
  const camp = spec.camp ?? (spec.id.startsWith('B') ? 'B' : 'A')
  const pilot = PILOTS[spec.id] ?? { name: 'Regular', nameJa: '一般兵', basePp: 6 }
  const mine = spec.mine ?? camp === 'A'
  return {
    camp,
    seat: camp,
    mine,
    card: 'scopedog',
    name: 'Scopedog',
    nameJa: 'スコープドッグ',
    pilot,
    hex: { col: 5, row: 5 },
    facing: camp === 'A' ? 2 : 5,
    speed: 0,
    maxSpeed: 5,
    minSpeed: -2,
    durability: 16,
    durabilityMax: 16,
    heavy: false,
    fallen: false,
    destroyed: false,
    actionPp: mine ? 3 : null,
    plan: mine ? { acc: 1, dec: 0, atk: 2, def: 2 } : null,
    defence: mine ? 2 : null,
    planSealed: !mine,
    weapons: [hmg()],
    ...spec,
  }
}

/** A view for the seat of camp A (`viewer: null` for an observer). */
export function rbView(ats: AtView[], over: Partial<RbView> = {}): RbView {
  return {
    system: 'realbattle',
    scenario: 'RB-23-S5',
    map: mapA,
    ignoreObstacles: false,
    camps: {
      A: { name: 'Red Shoulder', nameJa: 'レッドショルダー' },
      B: { name: 'Secret Society', nameJa: '秘密結社' },
    },
    viewer: { seat: 'A', camp: 'A' },
    turn: 2,
    step: 'attack',
    active: 'A',
    first: 'A',
    ats,
    smoke: [],
    ended: null,
    ...over,
  }
}

export function seatOptions(over: Partial<RbSeatOptions>): RbSeatOptions {
  return { seat: 'A', step: 'attack', toAct: true, ats: [], ...over }
}
