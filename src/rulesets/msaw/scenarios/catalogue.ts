// The MS@W unit catalogue (scenarios/msaw/catalogue.yaml, rules/msaw.md §7 MS-6): suit and item types as the
// engine takes them, checked against msaw-catalogue.schema.json and then for what a schema cannot see; the
// items a fielded suit carries and what it costs (MS-5.1).
import { fail, readData } from '../../../scenarios/index.js'
import type { Hand, ItemType, SquadSuit, SuitType } from '../engine/types.js'

type Flagged<T> = T & { house?: boolean; houseNote?: string }
type ItemEntry = Flagged<ItemType & { where?: string; ammoNote?: string }>
type SuitEntry = Flagged<SuitType>

interface CatalogueFile {
  status: 'S' | 'D' | 'R' | 'H'
  source?: string
  items: ItemEntry[]
  suits: SuitEntry[]
}

/** The catalogue as loaded: the engine's types, and the HOUSE readings (houseNote by id) for the notes. */
export interface Catalogue {
  file: string
  items: Record<string, ItemType>
  suits: Record<string, SuitType>
  house: { items: Record<string, string>; suits: Record<string, string> }
}

/** The catalogue file's name in a data folder. */
export const CATALOGUE_FILE = 'catalogue.yaml'

function itemType(e: ItemEntry): ItemType {
  return {
    id: e.id,
    name: e.name,
    nameJa: e.nameJa,
    kind: e.kind,
    carry: e.carry,
    ...(e.hands !== undefined ? { hands: e.hands } : {}),
    ...(e.stowable !== undefined ? { stowable: e.stowable } : {}),
    ...(e.range !== undefined ? { range: e.range === 'close' ? 'close' : { ...e.range } } : {}),
    ...(e.damage !== undefined ? { damage: { ...e.damage } } : {}),
    ...(e.ammo !== undefined ? { ammo: e.ammo } : {}),
    ...(e.body !== undefined ? { body: e.body } : {}),
    ...(e.recharge !== undefined ? { recharge: e.recharge } : {}),
    ...(e.hp !== undefined ? { hp: e.hp } : {}),
    ...(e.disables !== undefined ? { disables: [...e.disables] } : {}),
  }
}

function suitType(e: SuitEntry): SuitType {
  return {
    id: e.id,
    name: e.name,
    nameJa: e.nameJa,
    era: e.era,
    faction: e.faction,
    cost: e.cost,
    attack: e.attack,
    defend: e.defend,
    move: e.move,
    ...(e.hover !== undefined ? { hover: e.hover } : {}),
    hp: e.hp,
    builtIn: [...e.builtIn],
    optional: e.optional.map((o) => ({ item: o.item, cost: o.cost })),
    ...(e.alternatives !== undefined ? { alternatives: e.alternatives.map((a) => ({ ...a })) } : {}),
    ...(e.blockedHands !== undefined ? { blockedHands: [...e.blockedHands] } : {}),
  }
}

function checkItem(file: string, at: string, e: ItemEntry): void {
  if (e.carry === 'hand') {
    if (e.hands === undefined) fail(file, `${at}/hands`, 'a hand item says how many hands it takes (1 or 2)')
    if (e.stowable === undefined) fail(file, `${at}/stowable`, 'a hand item says whether it can be stowed (MS-2.2)')
  } else {
    if (e.hands !== undefined) fail(file, `${at}/hands`, 'a fixed item takes no hands')
    if (e.stowable !== undefined) fail(file, `${at}/stowable`, 'a fixed item is never stowed')
  }
  if (e.kind === 'weapon') {
    if (e.range === undefined) fail(file, `${at}/range`, 'a weapon needs a range (MS-3.2)')
    if (e.damage === undefined) fail(file, `${at}/damage`, 'a weapon needs a damage (MS-3.6)')
    if (e.range !== 'close' && e.range.min > e.range.max)
      fail(file, `${at}/range`, `min ${e.range.min} exceeds max ${e.range.max}`)
  } else {
    for (const k of ['range', 'damage', 'ammo', 'recharge'] as const)
      if (e[k] !== undefined) fail(file, `${at}/${k}`, `only a weapon has ${k}`)
  }
  if ((e.kind === 'shield') !== (e.body !== undefined))
    fail(file, `${at}/body`, e.kind === 'shield' ? 'a shield needs a body (MS-3.7)' : 'only a shield has a body')
  if (e.kind !== 'armour' && (e.hp !== undefined || e.disables !== undefined))
    fail(file, `${at}/${e.hp !== undefined ? 'hp' : 'disables'}`, 'only armour has hp and disables')
  if (e.kind === 'armour' && e.hp === undefined) fail(file, `${at}/hp`, 'armour gives the suit its HP (GAP-M-10)')
  if (e.house === true && e.houseNote === undefined) fail(file, `${at}/houseNote`, 'say which value is HOUSE')
}

function checkSuit(file: string, at: string, e: SuitEntry, items: Record<string, ItemType>): void {
  const known = (id: string, path: string) => {
    if (!(id in items)) fail(file, path, `no item ${id} in items`)
  }
  e.builtIn.forEach((id, j) => known(id, `${at}/builtIn/${j}`))
  const bought = new Set<string>()
  e.optional.forEach((o, j) => {
    known(o.item, `${at}/optional/${j}/item`)
    if (e.builtIn.includes(o.item)) fail(file, `${at}/optional/${j}/item`, `${o.item} is already built in`)
    bought.add(o.item)
  })
  ;(e.alternatives ?? []).forEach((a, j) => {
    known(a.replace, `${at}/alternatives/${j}/replace`)
    known(a.with, `${at}/alternatives/${j}/with`)
    if (!e.builtIn.includes(a.replace))
      fail(file, `${at}/alternatives/${j}/replace`, `${a.replace} is not one of its built-in items`)
  })
  for (const [j, o] of e.optional.entries()) {
    const disables = items[o.item]?.disables ?? []
    disables.forEach((d) => {
      if (!e.builtIn.includes(d) && !bought.has(d))
        fail(file, `${at}/optional/${j}/item`, `${o.item} disables ${d}, which the ${e.name} does not carry`)
    })
  }
  // MS-2.2 [H] legality: the built-ins alone must fit (what cannot be stowed is held, in the hands it has).
  const free = 2 - (e.blockedHands ?? []).length
  const must = e.builtIn.filter((id) => items[id]?.carry === 'hand' && items[id]?.stowable !== true)
  if (must.reduce((n, id) => n + (items[id]?.hands ?? 1), 0) > free)
    fail(file, `${at}/builtIn`, `${must.join(' and ')} cannot be stowed and need more than ${free} free hands`)
  e.builtIn.forEach((id, j) => {
    if (free === 0 && items[id]?.carry === 'hand')
      fail(file, `${at}/builtIn/${j}`, `the ${e.name}'s hands hold nothing, so ${id} could never be used`)
  })
  if (e.hover !== undefined && e.hover <= e.move) fail(file, `${at}/hover`, 'hover Move must exceed Move (AMB-M-3)')
  if (e.house === true && e.houseNote === undefined) fail(file, `${at}/houseNote`, 'say which value is HOUSE')
}

/** The catalogue file, checked: ids unique, every item a suit names known, each item's fields fit its kind. */
export function loadCatalogue(file: string): Catalogue {
  const data = readData<CatalogueFile>(file, 'msaw-catalogue.schema.json')
  const items: Record<string, ItemType> = {}
  const house: Catalogue['house'] = { items: {}, suits: {} }
  data.items.forEach((e, i) => {
    const at = `/items/${i}`
    if (e.id in items) fail(file, `${at}/id`, `item ${e.id} is listed twice`)
    checkItem(file, at, e)
    items[e.id] = itemType(e)
    if (e.house === true && e.houseNote !== undefined) house.items[e.id] = e.houseNote
  })
  data.items.forEach((e, i) =>
    (e.disables ?? []).forEach((d, j) => {
      if (!(d in items)) fail(file, `/items/${i}/disables/${j}`, `no item ${d} in items`)
    }),
  )
  const suits: Record<string, SuitType> = {}
  data.suits.forEach((e, i) => {
    const at = `/suits/${i}`
    if (e.id in suits) fail(file, `${at}/id`, `suit ${e.id} is listed twice`)
    checkSuit(file, at, e, items)
    suits[e.id] = suitType(e)
    if (e.house === true && e.houseNote !== undefined) house.suits[e.id] = e.houseNote
  })
  return { file, items, suits, house }
}

/**
 * The items a fielded suit carries, in order: its built-ins (an alternative taken replaces its built-in in
 * place), then what it bought. Each has an id unique in the suit: the type id, then `-2`, `-3` for a second
 * and third of one type (docs/msaw.md).
 */
export function suitItems(
  type: SuitType,
  suit: Pick<SquadSuit, 'bought' | 'alternatives'>,
): Array<{ id: string; type: string }> {
  const taken = new Set(suit.alternatives ?? [])
  const swap = new Map((type.alternatives ?? []).filter((a) => taken.has(a.with)).map((a) => [a.replace, a.with]))
  const types = [...type.builtIn.map((t) => swap.get(t) ?? t), ...suit.bought]
  const seen = new Map<string, number>()
  return types.map((t) => {
    const n = (seen.get(t) ?? 0) + 1
    seen.set(t, n)
    return { id: n === 1 ? t : `${t}-${n}`, type: t }
  })
}

/** MS-5.1: a suit's cost and each bought item at the cost its suit type lists (TV-M-02: 100 + 25 + 25 = 150). */
export function suitCost(type: SuitType, suit: Pick<SquadSuit, 'bought'>): number {
  return suit.bought.reduce((sum, item) => sum + (type.optional.find((o) => o.item === item)?.cost ?? 0), type.cost)
}

/** The hands a suit type can hold items in (GAP-M-2: the Gouf's left and the Z'Gok's hands hold nothing). */
export function freeHands(type: SuitType): Hand[] {
  return (['L', 'R'] as const).filter((h) => !(type.blockedHands ?? []).includes(h))
}
