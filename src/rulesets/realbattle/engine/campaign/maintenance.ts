// Real Battle campaign (RB-24.4–24.9, 24.19, 24.21): the maintenance. Five actions a period (buy an AT, a
// weapon, a magazine, repair, resupply, scout), each checked then resolved with the dice, and the free
// actions: loans, mounting weapons, and the choice of what to field in the next show.
import type { Dice } from '../../../../engine/dice.js'
import type { GameEvent, OrderError } from '../../../../engine/ruleset.js'
import type { Mount, WeaponCard } from '../types.js'
import { refuseCampaign as refuse } from './messages.js'
import { cloneTeam, findWeapon, ownedWeapons, repayCost, takeId } from './team.js'
import type { CampaignAction, CampaignRules, Catalogue, OwnedAt, OwnedWeapon, Team } from './types.js'
import { COUNTED_KINDS } from './types.js'

const KINDS: ReadonlyArray<CampaignAction['kind']> = [...COUNTED_KINDS, 'borrow', 'repay', 'mount', 'unmount', 'field']

/** RB-24.4: whether the action takes one of the maintenance's five (loans, mounting and fielding are free). */
export function isCounted(action: CampaignAction): boolean {
  return COUNTED_KINDS.includes(action.kind)
}

// ---------------------------------------------------------------------------------------------------
// Mounting (T5 mounts, GAP-RB-2): a weapon goes in one of the two places of its card's kind of mount
// ---------------------------------------------------------------------------------------------------

/** The places a weapon of this default mount may take: either hand, either arm, either shoulder, … */
export function mountPlaces(mount: Mount): Mount[] {
  if (mount === 'handR' || mount === 'handL') return ['handR', 'handL']
  if (mount === 'armR' || mount === 'armL') return ['armR', 'armL']
  if (mount === 'shoulderR' || mount === 'shoulderL') return ['shoulderR', 'shoulderL']
  if (mount === 'torsoR' || mount === 'torsoL') return ['torsoR', 'torsoL']
  return ['none']
}

/**
 * The place a weapon would take on the AT: the one asked for, else the card's default when free, else the
 * other side. A place holds one weapon (so at most two hand-held weapons, one a hand); `none` (FCS, spare
 * sets) holds any number. Returns the place or a refusal.
 */
export function mountPlace(
  at: OwnedAt,
  weapon: OwnedWeapon,
  card: WeaponCard,
  asked: Mount | undefined,
): { mount: Mount } | { error: OrderError } {
  const places = mountPlaces(card.mount)
  const takenBy = (m: Mount) => (m === 'none' ? undefined : at.loadout.find((w) => w.mount === m && w.id !== weapon.id))
  const params = { weapon: weapon.id, card: card.id, at: at.id, allowed: places.join(' or ') }
  if (asked !== undefined) {
    if (!places.includes(asked))
      return {
        error: refuse('GAP-RB-2', 'realbattle.campaign.badMount', { ...params, mount: asked }, { field: 'mount' }),
      }
    const other = takenBy(asked)
    if (other)
      return {
        error: refuse(
          'GAP-RB-2',
          'realbattle.campaign.slotTaken',
          { at: at.id, other: other.id, mount: asked },
          {
            field: 'mount',
          },
        ),
      }
    return { mount: asked }
  }
  const order = [card.mount, ...places.filter((p) => p !== card.mount)]
  const free = order.find((p) => !takenBy(p))
  if (free === undefined) return { error: refuse('GAP-RB-2', 'realbattle.campaign.noSlot', params, { field: 'at' }) }
  return { mount: free }
}

// ---------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------

function priceOf(card: { price: number | null; availability: number | null; builtIn?: boolean }): number | null {
  if (card.price === null || card.availability === null || card.builtIn === true) return null
  return card.price
}

function cannotPay(rule: string, what: string, price: number, money: number): OrderError {
  return refuse(rule, 'realbattle.campaign.cannotPay', { what, price, money })
}

function isWholeTens(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n % 10 === 0
}

/**
 * Why the team may not take this action now (empty: it may). `usedActions`: how many of the maintenance's
 * five the team has already taken (RB-24.4); free actions never count. Money is checked against what the
 * team has now: an action the team cannot pay for is refused, before any die is rolled.
 */
export function validateAction(
  team: Team,
  action: CampaignAction,
  catalogue: Catalogue,
  rules: CampaignRules,
  usedActions = 0,
): OrderError[] {
  const errors: OrderError[] = []
  const kind = (action as { kind?: unknown }).kind
  if (typeof kind !== 'string' || !KINDS.includes(kind as CampaignAction['kind']))
    return [refuse('RB-24.4', 'realbattle.campaign.unknownKind', { kind: String(kind) }, { field: 'kind' })]
  if (isCounted(action) && usedActions >= rules.actionsPerMaintenance)
    errors.push(refuse('RB-24.4', 'realbattle.campaign.actionsUsed', { limit: rules.actionsPerMaintenance }))
  switch (action.kind) {
    case 'buy-at':
    case 'buy-weapon': {
      const card = action.kind === 'buy-at' ? catalogue.cards[action.card] : catalogue.weapons[action.card]
      if (!card) {
        errors.push(refuse('RB-24.5', 'realbattle.campaign.noCard', { card: action.card }, { field: 'card' }))
        break
      }
      const price = priceOf(card)
      if (price === null)
        errors.push(refuse('RB-24.5', 'realbattle.campaign.notForSale', { card: card.id }, { field: 'card' }))
      else if (team.money < price) errors.push(cannotPay('RB-24.5', card.name, price, team.money))
      break
    }
    case 'buy-magazine':
    case 'resupply': {
      const rule = action.kind === 'buy-magazine' ? 'RB-24.6' : 'RB-24.8'
      const weapon = findWeapon(team, action.weapon)
      if (!weapon) {
        errors.push(refuse(rule, 'realbattle.campaign.noWeapon', { weapon: action.weapon }, { field: 'weapon' }))
        break
      }
      const card = catalogue.weapons[weapon.card]
      if (!card) {
        errors.push(refuse(rule, 'realbattle.campaign.noCard', { card: weapon.card }, { field: 'weapon' }))
        break
      }
      if (card.resupply === null) {
        errors.push(refuse(rule, 'realbattle.campaign.noResupply', { card: card.id }, { field: 'weapon' }))
        break
      }
      if (action.kind === 'buy-magazine') {
        // RB-24.6: the ★ in the resupply box forbids it (RB-11.3: a weapon without magazine change).
        if (card.resupply.star || !card.magazine.allowed) {
          errors.push(refuse(rule, 'realbattle.campaign.magazineStar', { card: card.id }, { field: 'weapon' }))
          break
        }
      } else {
        if (card.ammo === null) {
          errors.push(refuse(rule, 'realbattle.campaign.noAmmo', { card: card.id }, { field: 'weapon' }))
          break
        }
        if (weapon.ammo >= card.ammo) {
          errors.push(refuse(rule, 'realbattle.campaign.full', { weapon: weapon.id, ammo: weapon.ammo }))
          break
        }
      }
      if (team.money < card.resupply.price)
        errors.push(cannotPay(rule, `${card.name} ${action.kind}`, card.resupply.price, team.money))
      break
    }
    case 'repair': {
      const at = team.ats.find((a) => a.id === action.at)
      if (!at) errors.push(refuse('RB-24.7', 'realbattle.campaign.noAt', { at: action.at }, { field: 'at' }))
      else if (at.damage <= 0) errors.push(refuse('RB-24.7', 'realbattle.campaign.noDamage', { at: at.id }))
      else if (team.money < rules.repairPerPoint)
        errors.push(cannotPay('RB-24.7', 'one point of repair', rules.repairPerPoint, team.money))
      break
    }
    case 'scout': {
      if (action.maxFee !== undefined && !(Number.isSafeInteger(action.maxFee) && action.maxFee >= 0))
        errors.push(refuse('RB-24.9', 'realbattle.campaign.scoutFee', { fee: String(action.maxFee) }))
      break
    }
    case 'borrow': {
      if (!isWholeTens(action.amount))
        errors.push(refuse('RB-24.19', 'realbattle.campaign.amount', { amount: String(action.amount) }))
      else if (team.debt + action.amount > rules.maxDebt)
        errors.push(
          refuse('RB-24.19', 'realbattle.campaign.maxDebt', {
            amount: action.amount,
            total: team.debt + action.amount,
            limit: rules.maxDebt,
          }),
        )
      break
    }
    case 'repay': {
      // Whole G10 like loans, or the whole debt at once.
      const ok =
        isWholeTens(action.amount) ||
        (typeof action.amount === 'number' && action.amount === team.debt && team.debt > 0)
      if (!ok) errors.push(refuse('RB-24.21', 'realbattle.campaign.amount', { amount: String(action.amount) }))
      else if (action.amount > team.debt)
        errors.push(refuse('RB-24.21', 'realbattle.campaign.repayTooMuch', { debt: team.debt, amount: action.amount }))
      else {
        const cost = repayCost(action.amount, rules)
        if (team.money < cost) errors.push(cannotPay('RB-24.21', `repaying G${action.amount}`, cost, team.money))
      }
      break
    }
    case 'mount':
    case 'unmount': {
      const at = team.ats.find((a) => a.id === action.at)
      if (!at) {
        errors.push(refuse('RB-24.4', 'realbattle.campaign.noAt', { at: action.at }, { field: 'at' }))
        break
      }
      const weapon =
        action.kind === 'mount'
          ? team.weapons.find((w) => w.id === action.weapon)
          : at.loadout.find((w) => w.id === action.weapon)
      if (!weapon) {
        if (action.kind === 'unmount')
          errors.push(refuse('GAP-RB-2', 'realbattle.campaign.notOnAt', { weapon: action.weapon, at: at.id }))
        else if (findWeapon(team, action.weapon))
          errors.push(refuse('GAP-RB-2', 'realbattle.campaign.notInStore', { weapon: action.weapon }))
        else errors.push(refuse('GAP-RB-2', 'realbattle.campaign.noWeapon', { weapon: action.weapon }))
        break
      }
      const card = catalogue.weapons[weapon.card]
      if (!card) {
        errors.push(refuse('GAP-RB-2', 'realbattle.campaign.noCard', { card: weapon.card }))
        break
      }
      // RB-5.6 [H]: a built-in weapon cannot be purged, and so never leaves its AT.
      if (card.builtIn) {
        errors.push(refuse('RB-5.6', 'realbattle.campaign.builtIn', { weapon: weapon.id }))
        break
      }
      if (action.kind === 'mount') {
        const place = mountPlace(at, weapon, card, action.mount)
        if ('error' in place) errors.push(place.error)
      }
      break
    }
    case 'field': {
      const at = team.ats.find((a) => a.id === action.at)
      if (!at) errors.push(refuse('RB-24.10', 'realbattle.campaign.noAt', { at: action.at }, { field: 'at' }))
      else {
        const durability = catalogue.cards[at.card]?.durability ?? 0
        if (at.damage >= durability)
          errors.push(refuse('RB-24.10', 'realbattle.campaign.atBroken', { at: at.id, damage: at.damage, durability }))
      }
      const pilot = team.pilots.find((p) => p.id === action.pilot)
      if (!pilot)
        errors.push(refuse('RB-24.10', 'realbattle.campaign.noPilot', { pilot: action.pilot }, { field: 'pilot' }))
      else if (!pilot.alive) errors.push(refuse('RB-24.10', 'realbattle.campaign.deadPilot', { pilot: pilot.id }))
      break
    }
  }
  return errors
}

// ---------------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------------

function roll2d6(dice: Dice, purpose: string, ref: string): number {
  return dice.roll(6, purpose, ref) + dice.roll(6, purpose, ref)
}

/** RB-24.9: the scouting table, 2d6 → the pilot's PP, or null (nobody). */
export function scoutPp(roll: number): number | null {
  if (roll <= 2) return 9
  if (roll <= 4) return 7
  if (roll <= 6) return null
  if (roll <= 10) return 6
  if (roll === 11) return 8
  return 12
}

/** A new weapon as bought: full, no magazines (a spare set is one set). */
function newWeapon(team: Team, card: WeaponCard, mount?: Mount): OwnedWeapon {
  const w: OwnedWeapon = {
    id: takeId(team, 'w'),
    card: card.id,
    ammo: card.ammo ?? 0,
    magazines: card.kind === 'spareSet' ? 1 : 0,
  }
  if (mount !== undefined) w.mount = mount
  return w
}

/**
 * Resolves one action the team may take (validate it first: this throws on a refused one). Returns the team
 * after it (a copy: the argument is untouched) and the events, with every roll.
 */
export function resolveAction(
  team: Team,
  action: CampaignAction,
  catalogue: Catalogue,
  rules: CampaignRules,
  dice: Dice,
): { team: Team; events: GameEvent[] } {
  const refused = validateAction(team, action, catalogue, rules, 0)
  if (refused.length > 0) throw new Error(`campaign: refused action: ${refused.map((e) => e.message).join('; ')}`)
  const t = cloneTeam(team)
  const entrant = t.entrant
  const events: GameEvent[] = []
  switch (action.kind) {
    case 'buy-at':
    case 'buy-weapon': {
      const isAt = action.kind === 'buy-at'
      const card = isAt ? catalogue.cards[action.card]! : catalogue.weapons[action.card]!
      const price = card.price!
      const availability = card.availability!
      const roll = roll2d6(dice, isAt ? 'buy AT' : 'buy weapon', 'RB-24.5')
      if (roll > availability) {
        events.push({ type: 'buy-failed', ref: 'RB-24.5', entrant, card: card.id, roll, availability })
        break
      }
      t.money -= price
      let id: string
      if (isAt) {
        id = takeId(t, 'at')
        const loadout = (catalogue.builtIn?.[card.id] ?? []).map((b) => {
          const wcard = catalogue.weapons[b.weapon]
          if (!wcard) throw new Error(`campaign: no weapon card ${b.weapon} built into ${card.id}`)
          return newWeapon(t, wcard, b.mount ?? wcard.mount)
        })
        t.ats.push({ id, card: card.id, damage: 0, loadout })
      } else {
        const w = newWeapon(t, card as WeaponCard)
        id = w.id
        t.weapons.push(w)
      }
      events.push({ type: 'bought', ref: 'RB-24.5', entrant, card: card.id, id, roll, availability, price })
      break
    }
    case 'buy-magazine': {
      const w = findWeapon(t, action.weapon)!
      const price = catalogue.weapons[w.card]!.resupply!.price
      t.money -= price
      w.magazines += 1
      events.push({ type: 'magazine-bought', ref: 'RB-24.6', entrant, weapon: w.id, price, magazines: w.magazines })
      break
    }
    case 'repair': {
      const at = t.ats.find((a) => a.id === action.at)!
      const roll = roll2d6(dice, 'repair', 'RB-24.7')
      // RB-24.7 [R]: no more than the damage. House reading: when the points rolled cost more than the team
      // has, it removes only the points it can pay for (G50 each), and says so in the event.
      const affordable = Math.floor(t.money / rules.repairPerPoint)
      const points = Math.min(roll, at.damage, affordable)
      const cost = points * rules.repairPerPoint
      at.damage -= points
      t.money -= cost
      const limitedByMoney = affordable < Math.min(roll, at.damage + points)
      events.push({
        type: 'repaired',
        ref: 'RB-24.7',
        entrant,
        at: at.id,
        roll,
        points,
        cost,
        damage: at.damage,
        limitedByMoney,
      })
      break
    }
    case 'resupply': {
      const w = findWeapon(t, action.weapon)!
      const card = catalogue.weapons[w.card]!
      const price = card.resupply!.price
      const from = w.ammo
      w.ammo = card.ammo!
      t.money -= price
      events.push({ type: 'resupplied', ref: 'RB-24.8', entrant, weapon: w.id, from, to: w.ammo, price })
      break
    }
    case 'scout': {
      const roll = roll2d6(dice, 'scout', 'RB-24.9')
      const pp = scoutPp(roll)
      if (pp === null) {
        events.push({ type: 'scouted', ref: 'RB-24.9', entrant, roll, pp: null, fee: null, hired: false })
        break
      }
      const fee = dice.roll(6, 'contract fee', 'RB-24.9') * 100
      // House reading of "the player may refuse the contract" (the order says beforehand, see CampaignAction).
      const declined =
        action.accept === false
          ? 'refused'
          : action.maxFee !== undefined && fee > action.maxFee
            ? 'fee-above-max'
            : action.minPp !== undefined && pp < action.minPp
              ? 'pp-below-min'
              : fee > t.money
                ? 'cannot-pay'
                : null
      const event: GameEvent = { type: 'scouted', ref: 'RB-24.9', entrant, roll, pp, fee, hired: declined === null }
      if (declined === null) {
        const id = takeId(t, 'p')
        const n = id.slice(1)
        t.money -= fee
        t.pilots.push({
          id,
          name: action.name ?? `Drifter ${n}`,
          nameJa: action.nameJa ?? action.name ?? `流れ者${n}`,
          basePp: pp,
          exp: 0,
          alive: true,
        })
        event.pilot = id
      } else event.declined = declined
      events.push(event)
      break
    }
    case 'borrow': {
      t.money += action.amount
      t.debt += action.amount
      events.push({ type: 'borrowed', ref: 'RB-24.19', entrant, amount: action.amount, debt: t.debt })
      break
    }
    case 'repay': {
      const cost = repayCost(action.amount, rules)
      t.money -= cost
      t.debt -= action.amount
      events.push({ type: 'repaid', ref: 'RB-24.21', entrant, amount: action.amount, cost, debt: t.debt })
      break
    }
    case 'mount': {
      const at = t.ats.find((a) => a.id === action.at)!
      const index = t.weapons.findIndex((w) => w.id === action.weapon)
      const w = t.weapons[index]!
      const place = mountPlace(at, w, catalogue.weapons[w.card]!, action.mount) as { mount: Mount }
      t.weapons.splice(index, 1)
      at.loadout.push({ ...w, mount: place.mount })
      events.push({ type: 'mounted', ref: 'GAP-RB-2', entrant, weapon: w.id, at: at.id, mount: place.mount })
      break
    }
    case 'unmount': {
      const at = t.ats.find((a) => a.id === action.at)!
      const index = at.loadout.findIndex((w) => w.id === action.weapon)
      const { mount: _mount, ...w } = at.loadout[index]!
      at.loadout.splice(index, 1)
      t.weapons.push(w)
      events.push({ type: 'unmounted', ref: 'GAP-RB-2', entrant, weapon: w.id, at: at.id })
      break
    }
    case 'field': {
      // A choice replaces any earlier one for the same AT or pilot; the latest `atsPerShow` choices stand.
      const kept = t.field.filter((f) => f.at !== action.at && f.pilot !== action.pilot)
      t.field = [...kept, { at: action.at, pilot: action.pilot }].slice(-rules.atsPerShow)
      events.push({ type: 'field', ref: 'RB-24.10', entrant, at: action.at, pilot: action.pilot })
      break
    }
  }
  return { team: t, events }
}

/**
 * A whole maintenance period: the actions in order, each checked against the team as it is by then (money
 * spent, things bought) and the actions used so far; a refused action is skipped, uses none of the five,
 * and comes back in `refusals` with its index as `order`.
 */
export function runMaintenance(
  team: Team,
  actions: readonly CampaignAction[],
  catalogue: Catalogue,
  rules: CampaignRules,
  dice: Dice,
): { team: Team; events: GameEvent[]; refusals: OrderError[]; used: number } {
  let t = cloneTeam(team)
  const events: GameEvent[] = []
  const refusals: OrderError[] = []
  let used = 0
  actions.forEach((action, order) => {
    const errors = validateAction(t, action, catalogue, rules, used)
    if (errors.length > 0) {
      refusals.push(...errors.map((e) => ({ ...e, order })))
      return
    }
    const r = resolveAction(t, action, catalogue, rules, dice)
    t = r.team
    events.push(...r.events)
    if (isCounted(action)) used += 1
  })
  return { team: t, events, refusals, used }
}

/** Every weapon of the team, for readers (id, card, where it is). */
export function weaponList(team: Team): Array<{ id: string; card: string; at: string | null; mount: Mount | null }> {
  return ownedWeapons(team).map(({ weapon, at }) => ({
    id: weapon.id,
    card: weapon.card,
    at: at?.id ?? null,
    mount: weapon.mount ?? null,
  }))
}
