// An invitation to join a club (src/leagues/clubs.ts writes the row): to a player, or to an address with
// no account yet (greeted by its local part, given the preferences page in place of an unsubscribe link).
import { translate } from '../../i18n/index.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { EMAIL_NS } from '../compose/helpers.js'
import { composeEmail } from '../compose/index.js'
import { readerLocale, type Composer } from './core.js'

const ROLES = new Set(['member', 'moderator', 'owner'])

export const clubInvite: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'club-invite'>
  const name = n.userId ? env.recipient.name : n.toAddress.split('@')[0]!
  const role = ROLES.has(p.role) ? translate(readerLocale(env), EMAIL_NS, `clubInvite.role.${p.role}`) : p.role
  const composed = composeEmail('club-invite', {
    ...env.links,
    ...(n.userId ? {} : { unsubscribeUrl: env.links.preferencesUrl }),
    recipient: { ...env.recipient, name },
    club: p.clubName,
    inviter: p.inviterName,
    role,
    // Never signed: the invitee may have no account, and may pass the invitation on.
    acceptUrl: `${env.ctx.publicUrl}/c/${encodeURIComponent(p.clubId)}?invite=${encodeURIComponent(p.token)}`,
  })
  return { composed }
}
