// The email composer of each notification kind. A kind with no composer here has no email.
import { campaignPeriod, campaignSettled } from './campaign.js'
import type { Composer } from './core.js'
import { deadline } from './deadline.js'
import { digest } from './digest.js'
import { dispute } from './dispute.js'
import { drawOffer } from './draw-offer.js'
import { gameMessage } from './game-message.js'
import { gameOver } from './game-over.js'
import { invite } from './invite.js'
import { clubInvite } from './club-invite.js'
import { magicLink } from './magic-link.js'
import { moderation } from './moderation.js'
import { phaseResolved } from './phase-resolved.js'
import { proposal } from './proposal.js'
import { reminder } from './reminder.js'
import { reply } from './reply.js'
import { seasonClosed, seasonFixture, seasonStandings } from './season.js'
import { verifyEmail } from './verify-email.js'
import { yourPhase } from './your-phase.js'

const COMPOSERS = new Map<string, Composer>([
  ['verify-email', verifyEmail],
  ['magic-link', magicLink],
  ['invite', invite],
  ['digest', digest],
  ['deadline', deadline],
  ['reply', reply],
  ['your-phase', yourPhase],
  ['reminder', reminder],
  ['phase-resolved', phaseResolved],
  ['game-over', gameOver],
  ['moderation', moderation],
  ['dispute-raised', dispute],
  ['dispute-message', dispute],
  ['dispute-ruled', dispute],
  ['proposal', proposal],
  ['game-message', gameMessage],
  ['draw-offer', drawOffer],
  ['season-fixture', seasonFixture],
  ['season-standings', seasonStandings],
  ['season-closed', seasonClosed],
  ['campaign-period', campaignPeriod],
  ['campaign-settled', campaignSettled],
  ['club-invite', clubInvite],
])

export function composerFor(kind: string): Composer {
  const composer = COMPOSERS.get(kind)
  if (!composer) throw new Error(`no email for notification kind "${kind}"`)
  return composer
}

export * from './core.js'
