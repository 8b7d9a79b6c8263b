// Real Battle through the server, as its four players meet it: RB-23-S3 (two teams of two Scopedogs)
// played over the HTTP API and by email until its turn limit. Chirico, Fyana and Ypsilon read English,
// 健二 Japanese. Every "your phase" email arrives through the real SMTP server with the map attached and
// the status panel of the ATs (durability, speed, ammunition), in its reader's language; orders go as
// JSON, as text and by reply; refused orders name their RB- rule and change nothing; the game-over
// email tells the draw; the SVG map draws the counters with facing and speed; the game page the panel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offsetNeighbor, reverseDirection, type Direction } from '../../../src/engine/hex/index.js'
import type { RbSeatOptions, RbView } from '../../../src/rulesets/realbattle/engine/types.js'
import { as, type User } from '../../http/helpers.js'
import { startMailStack, type MailStack } from '../../notify/stack.js'
import { waitFor, type Received } from '../../support/smtp.js'
import {
  actionCandidates,
  asText,
  attacksFrom,
  deployFor,
  flat,
  JAPANESE,
  parseStep,
  planFor,
  planOver,
  PNG_SIGNATURE,
  position,
  registerAs,
  replyTo,
  type JsonOrder,
} from './play-by-email-helpers.js'

let s: MailStack
let chirico: User
let fyana: User
let kenji: User
let ypsilon: User
let referee: User
beforeAll(async () => {
  s = await startMailStack()
  chirico = await registerAs(s.app, 'Chirico', 'chirico')
  fyana = await registerAs(s.app, 'Fyana', 'fyana')
  kenji = await registerAs(s.app, '健二', 'kenji', 'ja')
  ypsilon = await registerAs(s.app, 'Ypsilon', 'ypsilon')
  referee = await registerAs(s.app, 'Referee', 'referee')
}, 60_000)
afterAll(async () => s?.close())

interface Summary {
  logSeq: number
  status: string
  pending: Array<{ seats: string[]; step: string }>
}

interface Refusal {
  rule: string
  message: string
  line?: number
}

const EN_STEP =
  /^Arena: your (deployment and first plan|accel\/decel and action phase|attack phase|planning phase \(sealed\)), /
const JA_STEP = /^Arena：あなたの(配置と事前計画|加減速・行動フェイズ|攻撃フェイズ|計画フェイズ（非公開）)、/

/** Each step's title in the subject, as the options name the step. */
const TITLES: Record<'en' | 'ja', Record<string, string>> = {
  en: {
    deploy: 'deployment and first plan',
    action: 'accel/decel and action phase',
    attack: 'attack phase',
    plan: 'planning phase (sealed)',
  },
  ja: {
    deploy: '配置と事前計画',
    action: '加減速・行動フェイズ',
    attack: '攻撃フェイズ',
    plan: '計画フェイズ（非公開）',
  },
}

describe('Real Battle played through the API and by email', () => {
  it('RB-23-S3, four players, to its turn limit: emails with map and panel, orders every way, refusals', async () => {
    const summary = async (id: string): Promise<Summary> =>
      (await s.app.inject({ method: 'GET', url: `/games/${id}`, headers: as(chirico) })).json()

    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(chirico),
      payload: {
        ruleset: 'realbattle',
        scenario: 'RB-23-S3',
        players: 4,
        seat: 'A1',
        title: 'Arena',
        options: { turnLimit: 3 },
        gameMaster: referee.email,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const gameId = created.json().id as string
    const players: Record<string, User> = { A1: chirico, A2: fyana, B1: kenji, B2: ypsilon }
    for (const seat of ['A2', 'B1', 'B2']) {
      const joined = await s.app.inject({
        method: 'POST',
        url: `/games/${gameId}/join`,
        headers: as(players[seat]!),
        payload: { seat },
      })
      expect(joined.statusCode, joined.body).toBe(200)
    }

    const optionsOf = async (seat: string): Promise<RbSeatOptions> => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/games/${gameId}/options?seat=${seat}`,
        headers: as(players[seat]!),
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().options as RbSeatOptions
    }

    /** The your-phase email of the step the seat is to play: the newest at or before the log's head. */
    const handled: Record<string, number> = {}
    const last: Record<string, Received> = {}
    /** Seats whose step went on after a moderator's correction: no new email, the last one stands. */
    const sameStep = new Set<string>()
    const phaseMail = async (seat: string, seq: number, step: string): Promise<Received> => {
      if (sameStep.delete(seat)) return last[seat]!
      const user = players[seat]!
      const title = TITLES[user === kenji ? 'ja' : 'en'][step]!
      // The newest email of this step: an earlier step's email may still be unread (a step the moderator's
      // correction ended for the seat).
      const find = () =>
        s
          .mails(user.email, 'your-phase')
          .filter((m) => position(m) <= seq && position(m) > (handled[seat] ?? -1))
          .filter((m) => String(m.parsed.subject).includes(title))
          .sort((a, b) => position(b) - position(a))[0]
      await waitFor(`the your-phase email to ${seat} before ${seq}: ${title}`, () => find() !== undefined)
      const mail = find()!
      handled[seat] = position(mail)
      last[seat] = mail
      return mail
    }

    /** A refused submission: 4xx, the rule named (and the line for text), nothing written. */
    const refused = async (seat: string, payload: object | string, rule: string, line?: number): Promise<Refusal> => {
      const before = (await summary(gameId)).logSeq
      const text = typeof payload === 'string'
      const res = await s.app.inject({
        method: 'POST',
        url: `/games/${gameId}/orders`,
        headers: as(players[seat]!, text ? { 'content-type': 'text/plain' } : {}),
        payload,
      })
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
      const errors = res.json().errors as Refusal[]
      const hit = errors.find((e) => e.rule === rule)
      expect(hit, `${rule} in ${res.body}`).toBeDefined()
      if (line !== undefined) expect(hit!.line).toBe(line)
      if (players[seat] === kenji)
        expect(
          errors.every((e) => JAPANESE.test(e.message)),
          res.body,
        ).toBe(true)
      else expect(hit!.message).not.toMatch(JAPANESE)
      expect((await summary(gameId)).logSeq).toBe(before)
      return hit!
    }

    const submit = async (seat: string, orders: JsonOrder[], how: 'json' | 'text'): Promise<void> => {
      const res =
        how === 'json'
          ? await s.app.inject({
              method: 'POST',
              url: `/games/${gameId}/orders`,
              headers: as(players[seat]!),
              payload: { seat, orders },
            })
          : await s.app.inject({
              method: 'POST',
              url: `/games/${gameId}/orders`,
              headers: as(players[seat]!, { 'content-type': 'text/plain' }),
              payload: asText(orders),
            })
      expect(res.statusCode, `${seat} ${asText(orders)}: ${res.body}`).toBe(200)
    }

    const checkMail = (seat: string, mail: Received, step: string) => {
      const user = players[seat]!
      const text = flat(mail.parsed.text!)
      const html = String(mail.parsed.html)
      const png = mail.parsed.attachments.find((a) => a.contentType === 'image/png')
      expect(png, `the map attached to ${seat}'s email`).toBeDefined()
      expect(png!.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
      expect(html).toContain('<table')
      if (user === kenji) {
        const m = JA_STEP.exec(String(mail.parsed.subject))
        expect(m, String(mail.parsed.subject)).not.toBeNull()
        stepsSeen.ja.add(m![1]!)
        expect(m![1]).toBe(TITLES.ja[step])
        expect(text).toContain('健二 さん')
        expect(text).not.toMatch(/It is your turn|Hello|durability|ammunition/)
        // The panel in Japanese, the machines named in both scripts, the pilots in Japanese.
        expect(text).toMatch(/AT一覧（第\d+ターン）/)
        for (const col of ['パイロット', '機体', '耐久力', '速度', '残弾']) expect(text).toContain(col)
        expect(text).toContain('スコープドッグ / Scopedog')
        expect(text).toMatch(/ベテラン（7PP）/)
        expect(text).toMatch(/一般兵（6PP）/)
        expect(html).toContain('耐久力')
      } else {
        const m = EN_STEP.exec(String(mail.parsed.subject))
        expect(m, String(mail.parsed.subject)).not.toBeNull()
        stepsSeen.en.add(m![1]!)
        expect(m![1]).toBe(TITLES.en[step])
        expect(text).toContain(`Hello ${user.name},`)
        expect(text).not.toMatch(/あなたの|耐久力/)
        expect(text).toMatch(/ATs, turn \d+/)
        for (const col of ['pilot', 'machine', 'durability', 'speed', 'ammunition']) expect(text).toContain(col)
        expect(text).toContain('Veteran (7 PP)')
        expect(html).toContain('ammunition')
      }
      // Every AT's row: its durability and its weapon's rounds.
      expect(text).toMatch(/\d+\/16/)
      expect(text).toMatch(/(ss \d\/5|hmg \d+\/10)/)
    }

    const stepsSeen = { en: new Set<string>(), ja: new Set<string>() }

    // ---- the deployment: both camps, sealed ------------------------------------------------------------
    const start = await summary(gameId)
    expect(start.status).toBe('ACTIVE')
    expect(start.pending.flatMap((p) => p.seats).sort()).toEqual(['A1', 'A2', 'B1', 'B2'])
    const deployOrders: Record<string, JsonOrder[]> = {}
    const deployMails: Record<string, Received> = {}
    for (const [i, seat] of ['A1', 'A2', 'B1', 'B2'].entries()) {
      const options = await optionsOf(seat)
      expect(options.step).toBe('deploy')
      const at = options.ats[0]!
      deployMails[seat] = await phaseMail(seat, start.logSeq, 'deploy')
      checkMail(seat, deployMails[seat]!, 'deploy')
      deployOrders[seat] = [deployFor(at.at, at.deploy!, i % 2 === 0 ? 1 : 4), planFor(at.at, at.plan!)]
      // A plan over the pilot's base PP is refused, as JSON and as text (with its line), in the reader's words.
      const over = planOver(at.at, at.plan!)
      if (seat === 'A1') await refused(seat, { seat, orders: [deployOrders[seat]![0]!, over] }, 'RB-21.3.3')
      if (seat === 'A2' || seat === 'B1') await refused(seat, asText([deployOrders[seat]![0]!, over]), 'RB-21.3.3', 2)
    }
    await submit('A1', deployOrders.A1!, 'json')
    await submit('A2', [...deployOrders.A2!], 'text')
    await submit('B2', deployOrders.B2!, 'json')
    // 健二 answers his email itself, with a standing order besides.
    const inbound = await s.app.inject({
      method: 'POST',
      url: '/inbound/email',
      headers: { 'content-type': 'message/rfc822' },
      payload: await replyTo(
        kenji.email,
        deployMails.B1!,
        `${asText(deployOrders.B1!)}\nB1 policy fall reach 8`,
        `<rb-deploy@kenji.example>`,
      ),
    })
    expect(inbound.statusCode, inbound.body).toBe(200)
    expect(inbound.json()).toMatchObject({ status: 'accepted' })
    const afterDeploy = await summary(gameId)
    expect(afterDeploy.pending[0]!.step).not.toBe('deploy')

    // ---- the player-turns ------------------------------------------------------------------------------
    const refusedMove = new Set<string>()
    const counts = { action: 0, attack: 0, plan: 0, attacksDeclared: 0 }
    let emptyMagazine = false
    let replied = false
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(80)
      const g = await summary(gameId)
      if (g.status !== 'ACTIVE') break
      const seat = g.pending.flatMap((p) => p.seats)[0]!
      const options = await optionsOf(seat)
      expect(options.toAct).toBe(true)
      const mail = await phaseMail(seat, g.logSeq, String(options.step))
      checkMail(seat, mail, String(options.step))
      const how: 'json' | 'text' = seat === 'A1' || seat === 'B2' ? 'json' : 'text'
      let orders: JsonOrder[] = []

      if (options.step === 'action') {
        counts.action++
        const seen = (
          await s.app.inject({ method: 'GET', url: `/games/${gameId}/view`, headers: as(players[seat]!) })
        ).json().view as RbView
        for (const a of options.ats) {
          if (!a.action) continue
          const facing = seen.ats.find((x) => x.id === a.at)!.facing
          const { speed, programs } = actionCandidates(a.action, facing)
          // Moves the speed does not allow: one step past its MP (RB-6.2); a pattern with no table entry.
          if (!refusedMove.has('RB-6.2') && speed > 0) {
            refusedMove.add('RB-6.2')
            const steps = Array.from({ length: speed + 1 }, () => ({ op: 'F' }))
            const bad = [
              { kind: 'speed', at: a.at, speed },
              { kind: 'program', at: a.at, steps },
            ]
            if (how === 'json') await refused(seat, { seat, orders: bad }, 'RB-6.2')
            else await refused(seat, asText(bad), 'RB-6.2', 2)
          }
          const noEntry = speed >= 0 && speed <= 2 ? 'T3R' : speed >= 4 ? 'P3R' : null
          const noEntryRule = noEntry === 'T3R' ? 'RB-7.3' : 'RB-9.5'
          if (noEntry && !refusedMove.has(noEntryRule)) {
            refusedMove.add(noEntryRule)
            const bad = [
              { kind: 'speed', at: a.at, speed },
              { kind: 'program', at: a.at, steps: [parseStep(noEntry)] },
            ]
            await refused(seat, asText(bad), noEntryRule, 2)
          }
          if (a.action.speedChoices.length > 1) orders.push({ kind: 'speed', at: a.at, speed })
          for (const program of programs) {
            const order = { kind: 'program', at: a.at, steps: program.map(parseStep) }
            const preview = await s.app.inject({
              method: 'POST',
              url: `/games/${gameId}/orders/preview`,
              headers: as(players[seat]!),
              payload: { seat, orders: [...orders, order] },
            })
            expect(preview.statusCode, preview.body).toBe(200)
            if (preview.json().valid) {
              if (program.length > 0) orders.push(order)
              break
            }
          }
        }
      } else if (options.step === 'attack') {
        counts.attack++
        const gun = options.ats.flatMap((a) =>
          (a.attacks ?? []).filter((x) => x.weapon).map((x) => ({ ...x, at: a.at })),
        )[0]
        if (!emptyMagazine && gun) {
          emptyMagazine = await emptyTheMagazine(gameId, seat, gun.at, gun.weapon!, g.logSeq)
          if (emptyMagazine) {
            sameStep.add(seat)
            continue
          }
        }
        orders = attacksFrom(options)
        counts.attacksDeclared += orders.length
      } else if (options.step === 'plan') {
        counts.plan++
        orders = options.ats.filter((a) => a.plan).map((a) => planFor(a.at, a.plan!))
      }
      if (seat === 'B1' && !replied && orders.length > 0 && options.step !== 'deploy') {
        // 健二 replies to a player-turn email too.
        replied = true
        const res = await s.app.inject({
          method: 'POST',
          url: '/inbound/email',
          headers: { 'content-type': 'message/rfc822' },
          payload: await replyTo(kenji.email, mail, asText(orders), `<rb-${g.logSeq}@kenji.example>`),
        })
        expect(res.statusCode, res.body).toBe(200)
        expect(res.json(), res.body).toMatchObject({ status: 'accepted' })
      } else await submit(seat, orders, how)
      expect((await summary(gameId)).logSeq).toBeGreaterThan(g.logSeq)
    }

    /**
     * Firing with an empty magazine (RB-12.6): no magazine runs dry in three turns of one shot an AT, so the
     * game master empties the gun of an AT about to attack and puts the AT beside an enemy, facing it (a
     * melee keeps it in the step); then its player fires the empty gun anyway, as JSON and as text.
     */
    async function emptyTheMagazine(id: string, seat: string, at: string, weapon: string, seq: number) {
      const view = (await s.app.inject({ method: 'GET', url: `/games/${id}/view`, headers: as(players[seat]!) })).json()
        .view as RbView
      const camp = view.ats.find((a) => a.id === at)!.camp
      const taken = new Set(view.ats.filter((a) => a.hex).map((a) => `${a.hex!.col},${a.hex!.row}`))
      for (const enemy of view.ats.filter((a) => a.camp !== camp && a.hex && !a.destroyed)) {
        for (const d of [0, 1, 2, 3, 4, 5] as Direction[]) {
          const next = offsetNeighbor(enemy.hex!, d)
          if (taken.has(`${next.col},${next.row}`) || next.col < 1 || next.row < 1 || next.col > 18 || next.row > 12)
            continue
          const facing = ['N', 'NE', 'SE', 'S', 'SW', 'NW'][reverseDirection(d)]
          const hex = `${String(next.col).padStart(2, '0')}${String(next.row).padStart(2, '0')}`
          const body = {
            kind: 'adjust',
            text: `${at} move ${hex} facing ${facing}\n${at} ammo ${weapon} 0`,
            reason: 'RB-12.6',
          }
          const preview = await s.app.inject({
            method: 'POST',
            url: `/games/${id}/corrections/preview`,
            headers: as(referee),
            payload: body,
          })
          if (preview.statusCode !== 200) continue
          const applied = await s.app.inject({
            method: 'POST',
            url: `/games/${id}/corrections`,
            headers: as(referee, { 'if-match': `"${preview.json().seq}"` }),
            payload: body,
          })
          expect(applied.statusCode, applied.body).toBe(201)
          const after = (await optionsOf(seat)).ats.find((a) => a.at === at)!
          if (!after.attacks?.length) continue
          expect(after.attacks.some((x) => x.weapon === weapon)).toBe(false)
          const fire = { kind: 'attack', at, target: enemy.id, weapon }
          const json = seat === 'B1' ? asText([fire]) : { seat, orders: [fire] }
          await refused(seat, json, 'RB-12.6')
          await refused(seat, `# the gun is empty\n${asText([fire])}`, 'RB-12.6', 2)
          expect(seq).toBeLessThan((await summary(id)).logSeq)
          return true
        }
      }
      return false
    }

    // ---- what the game told --------------------------------------------------------------------------
    expect(replied).toBe(true)
    expect(counts.attack).toBeGreaterThan(0)
    expect(emptyMagazine).toBe(true)
    expect([...refusedMove].sort()).toEqual(expect.arrayContaining(['RB-6.2']))
    expect(refusedMove.has('RB-7.3') || refusedMove.has('RB-9.5')).toBe(true)
    expect(counts.action).toBeGreaterThanOrEqual(6)
    expect(counts.plan).toBeGreaterThanOrEqual(6)
    expect(stepsSeen.en).toEqual(
      new Set(['deployment and first plan', 'accel/decel and action phase', 'planning phase (sealed)', 'attack phase']),
    )
    expect([...stepsSeen.ja]).toEqual(
      expect.arrayContaining(['配置と事前計画', '加減速・行動フェイズ', '計画フェイズ（非公開）']),
    )

    const end = await summary(gameId)
    expect(end.status).toBe('FINISHED')
    for (const user of [chirico, fyana, kenji, ypsilon]) {
      await waitFor(`the game-over email to ${user.name}`, () => s.mails(user.email, 'game-over').length > 0)
      const over = s.mails(user.email, 'game-over')[0]!
      const text = flat(over.parsed.text!)
      if (user === kenji) expect(text).toContain('ターン制限に達しました（RB-23.7）')
      else {
        expect(over.parsed.subject).toBe('Arena: game over, a draw')
        expect(text).toContain('the turn limit was reached (RB-23.7)')
      }
    }

    // The narration: plans revealed at each phase ①, moves, attacks, in both languages, in the emails.
    const all = (user: User) =>
      [...s.mails(user.email, 'your-phase'), ...s.mails(user.email, 'phase-resolved')].map((m) => flat(m.parsed.text!))
    const en = [chirico, fyana, ypsilon].flatMap(all).join('\n')
    // Japanese lines are wrapped anywhere: read them without the spaces the wrapping put in.
    const ja = all(kenji).join('\n').replace(/\s+/g, '')
    const told = (text: string, pattern: RegExp) => expect(pattern.test(text), String(pattern)).toBe(true)
    // The other camp's steps come as "phase resolved" emails, telling the plans revealed and the moves.
    const resolved = [chirico, fyana, ypsilon].flatMap((u) => s.mails(u.email, 'phase-resolved'))
    expect(resolved.length).toBeGreaterThan(0)
    const resolvedText = resolved.map((m) => flat(m.parsed.text!)).join('\n')
    told(resolvedText, /reveals its plan: accel \d, decel \d/)
    told(resolvedText, /moved from \d{4} to \d{4}/)
    expect(
      resolved.every((m) => m.parsed.attachments.some((a) => a.content.subarray(0, 8).equals(PNG_SIGNATURE))),
    ).toBe(true)
    told(en, /reveals its plan: accel \d, decel \d, attack \d, defence \d PP; action PP \d+ \(RB-4\.2\)/)
    told(en, /moved from \d{4} to \d{4}( by (\d{4} ?)+)?, now facing (N|NE|SE|S|SW|NW)\./)
    told(en, /changes speed from 0 to \+2 \(RB-4\)/)
    told(ja, /の計画を公開：加速\d、減速\d、攻撃\d、防御\dPP。行動PP\d+（RB-4\.2）/)
    told(ja, /が\d{4}から\d{4}へ移動/)
    // Every event in the reader's words: none falls back to the generic English line.
    expect(/Event "/.test(en) || /Event"/.test(ja)).toBe(false)
    if (counts.attacksDeclared > 0) {
      told(en, /(fired its|struck) .*: (hit number \d+, rolled \d+)/)
      told(ja, /(を射撃|に一斉射撃|に格闘)：命中判定値\d+、ダイス\d+/)
    }
    if (counts.attack < 6) {
      told(en, /had no attack to make: its attack phase passed \(RB-3\.2\)/)
      told(ja, /には可能な攻撃がなく、攻撃フェイズは終わりました/)
    }

    // The SVG map: every AT's counter with its facing and its speed mark.
    const svg = await s.app.inject({ method: 'GET', url: `/games/${gameId}/map.svg`, headers: as(chirico) })
    expect(svg.statusCode, svg.body).toBe(200)
    const view = (await s.app.inject({ method: 'GET', url: `/games/${gameId}/view`, headers: as(chirico) })).json()
      .view as RbView
    for (const a of view.ats.filter((x) => x.hex && !x.destroyed)) {
      expect(svg.body).toContain(`>${a.id}<`)
      expect(svg.body).toContain(`v${a.speed}`)
    }
    expect(svg.body).toContain('facing')

    // The game page shows the status panel to a player.
    const page = await s.app.inject({ method: 'GET', url: `/g/${gameId}`, headers: as(chirico) })
    expect(page.statusCode).toBe(200)
    const panel = /<div id="status-panel">([\s\S]*?)<\/div>\s*<\/section>/.exec(page.body)?.[1] ?? ''
    expect(panel).toContain('<table class="status-panel">')
    for (const col of ['durability', 'speed', 'ammunition']) expect(panel).toContain(col)
    for (const id of ['A1', 'A2', 'B1', 'B2']) expect(panel).toContain(`<th scope="row">${id}</th>`)

    const verify = (await s.app.inject({ method: 'GET', url: `/games/${gameId}/verify`, headers: as(chirico) })).json()
    expect(verify.ok, JSON.stringify(verify)).toBe(true)
  }, 120_000)
})
