// Orders by reply from a player who reads Japanese: the answer to accepted orders, and to a reply sent to
// an address too old to take orders, is in Japanese (rule ids, receipts and links as they are), while the
// result the server logs keeps its English words.
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDice } from '../../src/engine/dice.js'
import { handleInbound, replyContext } from '../../src/notify/reply.js'
import { abaoaqu } from '../../src/rulesets/abaoaqu/engine/index.js'
import { randomOrders, rng } from '../../src/rulesets/abaoaqu/engine/random-orders.js'
import { loadAbaoaquScenario } from '../../src/rulesets/abaoaqu/scenarios/index.js'
import { as, register, type User } from '../http/helpers.js'
import { waitFor, type Received } from '../support/smtp.js'
import { startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
  for (const user of [alice, bob]) {
    const res = await s.app.inject({
      method: 'PATCH',
      url: '/me/preferences',
      headers: as(user),
      payload: { locale: 'ja' },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
}, 60_000)
afterAll(async () => s?.close())

const replyTo = (mail: Received) => String(mail.parsed.replyTo?.value[0]?.address)

function compose(from: string, to: string, text: string, messageId: string, subject = ''): Promise<Buffer> {
  return new MailComposer({ from, to, subject, text, messageId }).compile().build()
}

describe('orders by reply, answered in Japanese', () => {
  it('accepted orders and a reply to an expired address are answered in Japanese', async () => {
    const created = await s.app.inject({
      method: 'POST',
      url: '/games',
      headers: as(alice),
      payload: { ruleset: 'abaoaqu', scenario: 'A-S4', seat: 'FED', title: '返信テスト' },
    })
    const gameId = created.json().id as string
    await s.app.inject({ method: 'POST', url: `/games/${gameId}/join`, headers: as(bob), payload: {} })
    const { seed } = await s.t.db.game.findUniqueOrThrow({ where: { id: gameId } })
    const state = abaoaqu.setup(loadAbaoaquScenario('A-S4'), { players: 2, options: {} }, createDice(seed, 1)).state
    const seat = abaoaqu.pending(state)[0]!.seats[0]!
    const player = seat === 'FED' ? alice : bob
    await waitFor('the your-phase email', () => s.mails(player.email, 'your-phase').length > 0)
    const address = replyTo(s.mails(player.email, 'your-phase')[0]!)
    const answers = () => s.mails(player.email, 'reply')

    // Accepted orders (no subject: the answer's subject is the reader's words too).
    const text = abaoaqu.formatOrders(randomOrders(state, seat, rng(3)), state) || 'pass'
    const accepted = await handleInbound(
      replyContext(s.config, s.t.db),
      await compose(player.email, address, text, '<ja-good@client.example>'),
    )
    expect(accepted).toMatchObject({ status: 'accepted', answered: true, reason: 'orders accepted' })
    await waitFor('the answer to the accepted orders', () => answers().length === 1)
    const ok = answers()[0]!.parsed
    expect(ok.subject).toBe('Re: 命令')
    expect(ok.text).toContain(`返信テスト の命令を受け付けました（席 ${seat}、ログ記録 ${accepted.seq}）:`)
    for (const line of text.split('\n')) expect(ok.text).toContain(line)
    expect(ok.text).toMatch(/このステップは(そろったので、解決されました|、あなたの陣営のすべての席)/)
    expect(ok.text).toContain('受領証: ')
    expect(ok.text).toContain(`/g/${gameId}/verify?receipt=`)
    expect(ok.text).not.toMatch(/accepted|Receipt|The game/)

    // An old email's address (its token expired): refused, answered in Japanese; the result stays English.
    const later = { ...replyContext(s.config, s.t.db), now: () => new Date(Date.now() + 400 * 86_400_000) }
    const expired = await handleInbound(
      later,
      await compose(player.email, address, 'pass', '<ja-expired@client.example>', 'Re: 古い通知'),
    )
    expect(expired).toMatchObject({ status: 'refused', answered: true })
    expect(expired.reason).toMatch(/too old/)
    await waitFor('the answer to the expired reply', () => answers().length === 2)
    const old = answers()[1]!.parsed
    expect(old.subject).toBe('Re: 古い通知')
    expect(old.text).toContain('あなたのメールは適用されませんでした: 返信したメールが古すぎます。')
    expect(old.text).toContain('ゲームには何の変更もありません。')
    expect(old.text).toContain(`ゲーム: ${s.config.publicUrl}/g/${gameId}`)
    expect(old.text).not.toMatch(/too old|Nothing in the game/)
  }, 120_000)
})
