// A game moved to other rules tells every player by email: from which version to which, who decided, and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateRules } from '../../src/games/rules-migration.js'
import { register, type User } from '../http/helpers.js'
import { waitFor } from '../support/smtp.js'
import { startGame, startMailStack, type MailStack } from './stack.js'

let s: MailStack
let alice: User
let bob: User
beforeAll(async () => {
  s = await startMailStack()
  alice = await register(s.app, 'Alice')
  bob = await register(s.app, 'Bob')
}, 60_000)
afterAll(async () => s?.close())

const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('a rules migration by email', () => {
  it('tells each player the versions, who decided and why, with the log entry that records it', async () => {
    const { gameId } = await startGame(s, alice, bob, 'Moved')
    const done = await migrateRules(s.t.db, gameId, {
      to: 'abaoaqu-1',
      reason: 'the club plays the first edition',
      userId: null,
      allowDowngrade: true,
    })
    await waitFor(
      'both notices',
      () => s.mails(alice.email, 'moderation').length === 1 && s.mails(bob.email, 'moderation').length === 1,
    )
    for (const who of [alice, bob]) {
      const mail = s.mails(who.email, 'moderation')[0]!.parsed
      expect(mail.subject).toBe('Moved: a moderator moved the game to rules version abaoaqu-1')
      const text = flat(mail.text!)
      expect(text).toContain("Who: the server's operator")
      expect(text).toContain('Why: the club plays the first edition')
      expect(text).toContain(
        `The game played rules version abaoaqu-2; from log entry ${done.seq} on, it plays abaoaqu-1.`,
      )
      expect(text).toContain(`this correction is entry ${done.seq}`)
      expect(mail.html as string).toMatch(new RegExp(`/g/${gameId}\\?login&#x3D;[\\w.-]+#log"`))
    }
  }, 60_000)
})
