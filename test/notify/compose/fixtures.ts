// Realistic data for each email kind. The your-phase data comes from a real engine position
// (game.ts): its narration and option lines are what a player of that position would get.
import { abaoaqu } from '../../../src/rulesets/abaoaqu/engine/index.js'
import { ruleSystem } from '../../../src/rulesets/index.js'
import { abaoaquStepTitle } from '../../../src/rulesets/abaoaqu/present/narrate.js'
import { compactOptions, orderExamples } from '../../../src/rulesets/abaoaqu/present/options-compact.js'
import {
  enemiesNear,
  narrate,
  type DeadlineNoticeData,
  type DisputeData,
  type GameOverData,
  type GameRef,
  type InviteData,
  type Links,
  type ModerationData,
  type ProposalData,
  type GameMessageData,
  type DrawOfferData,
  type SeasonFixtureData,
  type SeasonStandingsData,
  type SeasonClosedData,
  type ClubInviteData,
  type CampaignPeriodData,
  type CampaignSettledData,
  type PhaseResolvedData,
  type Recipient,
  type ReminderData,
  type MagicLinkData,
  type VerifyEmailData,
  type YourPhaseData,
} from '../../../src/notify/compose/index.js'
import { contact, skirmish } from './game.js'

export const BASE = 'https://hexmail.example.org'
/** Saturday 5 December 2026, 12:00 UTC: 21:00 in Tokyo, 12:00 in London (no summer time). */
export const DEADLINE = '2026-12-05T12:00:00Z'

export const char: Recipient = { name: 'Char', email: 'char@example.org', timeZone: 'Asia/Tokyo' }
export const amuro: Recipient = { name: 'Amuro', email: 'amuro@example.org', timeZone: 'Europe/London' }

export const game: GameRef = {
  id: 'g_7f3a',
  title: 'Solomon Cup, round 3',
  url: `${BASE}/games/g_7f3a`,
  ruleset: 'A-Bao-A-Qu',
  scenario: 'A-S4 Battle of S Field',
  receipt: '42:9f86d081884c7d65',
  receiptUrl: `${BASE}/games/g_7f3a/verify?receipt=42%3A9f86d081884c7d65`,
}

export const links: Links = {
  unsubscribeUrl: `${BASE}/unsubscribe?t=u.char.sig`,
  preferencesUrl: `${BASE}/me/preferences`,
}

const reply = {
  replyAddress: 'orders+g_7f3a.ZEON.42.sig@hexmail.example.org',
  notationUrl: `${BASE}/docs/orders-abaoaqu`,
}

/** Zeon's movement phase after the Federation's turn-1 attack (skirmish in game.ts). */
export function yourPhase(recipient: Recipient = char): YourPhaseData {
  const played = skirmish()
  const pending = abaoaqu.pending(played.state)[0]!
  const options = abaoaqu.options(played.state, pending.seats[0]!)
  return {
    ...links,
    ...reply,
    recipient,
    game,
    side: 'Zeon',
    seat: 'ZEON',
    step: {
      title: abaoaquStepTitle(pending.step),
      description: pending.description,
      turn: played.state.turn,
      half: played.state.half,
    },
    deadline: { at: DEADLINE, ifMissed: 'your phase is passed (no moves)' },
    happened: narrate('abaoaqu', played.events, played.view, 'en'),
    options: {
      ...compactOptions(options),
      legend: ruleSystem('abaoaqu')!.optionsLegend?.('en'),
      url: `${game.url}/options`,
    },
    orderExamples: orderExamples(options),
    enemiesNear: enemiesNear('abaoaqu', contact().view, 'en'),
    panel: null,
    mapCid: 'map-g_7f3a-42@hexmail',
    mapUrl: `${game.url}/map.png?at=42&seat=ZEON&key=k3y`,
    mapNote:
      'The picture shows the part of the board around your units (all 2), ' +
      "the enemies near them and the last phase's moves and fire.",
  }
}

export function reminder(): ReminderData {
  const {
    happened: _h,
    options: _o,
    mapCid: _m,
    mapUrl: _u,
    mapNote: _n,
    enemiesNear: _e,
    panel: _p,
    ...rest
  } = yourPhase()
  return { ...rest, hoursLeft: 4 }
}

export function phaseResolved(): PhaseResolvedData {
  const played = skirmish()
  return {
    ...links,
    recipient: amuro,
    game,
    played: {
      side: 'Federation',
      step: { title: 'combat phase', description: 'attack declarations', turn: 1, half: 1 },
    },
    happened: narrate('abaoaqu', played.events, played.view, 'en'),
    panel: null,
    next: {
      side: 'Zeon',
      step: { title: 'movement phase', description: 'move or enter units', turn: 1, half: 2 },
      deadline: DEADLINE,
    },
  }
}

export function gameOver(): GameOverData {
  return {
    ...links,
    recipient: amuro,
    game,
    winner: 'Zeon',
    reason: 'the turn limit (12) was reached',
    yourSide: 'Federation',
    turn: 12,
    happened: ['Turn 12 ended.', 'The game is over: Zeon wins; the turn limit (12) was reached.'],
    seed: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
    seedCommitment: '5d1a3b0c2f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29181716151413121110',
    verifyUrl: `${BASE}/games/g_7f3a/verify`,
  }
}

export function invite(): InviteData {
  return {
    ...links,
    recipient: { name: 'Sayla', email: 'sayla@example.org', timeZone: 'Europe/Paris' },
    from: 'Amuro',
    game,
    side: 'Zeon',
    message: 'One phase a day, like last season?',
    acceptUrl: `${BASE}/games/g_7f3a/join?invite=K7P2Q`,
    expiresAt: '2026-12-12T00:00:00Z',
    phaseHours: 24,
  }
}

export function verifyEmail(): VerifyEmailData {
  return {
    recipient: amuro,
    verifyUrl: `${BASE}/verify-email?token=vt_9c2e41`,
    token: 'vt_9c2e41',
    expiresAt: '2026-12-06T12:00:00Z',
  }
}

export function magicLink(): MagicLinkData {
  return {
    recipient: amuro,
    signInUrl: 'http://hexmail.test/auth/magic?token=ml_4b7d01',
    expiresAt: '2026-12-06T12:15:00Z',
    validFor: '15 minutes',
  }
}

export function moderation(): ModerationData {
  return {
    ...links,
    recipient: char,
    game,
    moderator: 'Kycilia',
    action: 'rolled the game back to entry 40',
    reason: 'a disputed BD launch: the Public was confused',
    changes: ['Public (BD) PB1 is back on its front side.', 'The BD screen at 1207 is removed.'],
    at: '2026-12-04T09:30:00Z',
    entry: 43,
    logUrl: `${BASE}/games/g_7f3a/log`,
  }
}

export function deadlineNotice(): DeadlineNoticeData {
  return {
    ...links,
    recipient: amuro,
    game,
    headline: 'the deadline is extended once',
    lines: [
      'The deadline passed with Zeon (ZEON) still to act.',
      'It is extended once, to Sunday 6 December 2026 at 12:00 (Europe/London, UTC); after that, those seats pass.',
    ],
  }
}

export function dispute(): DisputeData {
  return {
    ...links,
    recipient: char,
    game,
    event: 'ruled',
    entry: 12,
    entryLabel: 'orders of FED',
    by: 'Kycilia',
    byModerator: true,
    text: ['The BD launch was legal: the Public was adjacent to the enemy when it launched.'],
    disputeText: ['The Public launched its BD from 1207, which was not adjacent to any enemy.'],
    at: '2026-12-04T09:30:00Z',
    disputeUrl: 'http://hexmail.test/g/g_7f3a#dispute-7d1c0a4e-0000-4000-8000-000000000001',
    disputeApiUrl: `${BASE}/disputes/7d1c0a4e-0000-4000-8000-000000000001`,
  }
}

export function proposal(): ProposalData {
  return {
    ...links,
    recipient: char,
    game,
    event: 'proposed',
    proposer: 'Amuro',
    seat: 'FED',
    toSeq: 41,
    atSeq: 43,
    reason: 'I sent the move for the wrong stack',
    acceptUrl: `${BASE}/games/g_7f3a/corrections/p_1/accept`,
    rejectUrl: `${BASE}/games/g_7f3a/corrections/p_1/reject`,
    logUrl: `${BASE}/games/g_7f3a/log`,
  }
}

export function gameMessage(): GameMessageData {
  return {
    ...links,
    recipient: char,
    game,
    author: 'Amuro',
    authorSide: 'E.F.S.F.',
    byModerator: false,
    audience: 'all',
    side: null,
    text: ['Good game so far.', 'ジオンの反撃が楽しみです。'],
    at: '2026-11-30T09:00:00.000Z',
    replyAddress: 'play+abcdefghijklmnopqrstuvwxyz234567abcdef@hexmail.test',
    messagesUrl: `${BASE}/games/g_7f3a/messages`,
  }
}

export function drawOffer(): DrawOfferData {
  return {
    ...links,
    recipient: char,
    game,
    event: 'offered',
    offerer: 'Amuro',
    side: 'E.F.S.F.',
    note: ['Neither of us can take the bridge.'],
    atSeq: 43,
    acceptUrl: `${BASE}/games/g_7f3a/draw-offers/d_1/accept`,
    declineUrl: `${BASE}/games/g_7f3a/draw-offers/d_1/decline`,
    offersUrl: `${BASE}/games/g_7f3a/draw-offers`,
  }
}

const standings = [
  { position: 1, name: 'Amuro', played: 3, won: 2, drawn: 1, lost: 0, points: '2.5' },
  { position: 2, name: 'シャア・アズナブル', played: 3, won: 1, drawn: 1, lost: 1, points: '1.5' },
  { position: 3, name: 'Sayla', played: 3, won: 0, drawn: 0, lost: 3, points: '0' },
]
const table = [
  'Pos  Name                P  W  D  L  Pts',
  '  1  Amuro               3  2  1  0  2.5',
  '  2  シャア・アズナブル  3  1  1  1  1.5',
  '  3  Sayla               3  0  0  3    0',
]
const seasonRef = { season: 'Autumn 2026', club: 'Side 3 Wargamers', seasonUrl: `${BASE}/s/s_1` }

export function seasonFixture(): SeasonFixtureData {
  return {
    ...links,
    recipient: char,
    ...seasonRef,
    game,
    round: 2,
    opponent: 'Amuro',
    side: 'Zeon',
    deadline: DEADLINE,
  }
}

export function seasonStandings(): SeasonStandingsData {
  return { ...links, recipient: char, ...seasonRef, week: 3, standings, table }
}

export function seasonClosed(): SeasonClosedData {
  return {
    ...links,
    recipient: char,
    ...seasonRef,
    standings,
    table,
    divisions: [{ name: 'Premier', promoted: [], relegated: ['Sayla'] }],
  }
}

/** Char's team in a Real Battle campaign, maintenance period 2 of 3 (the lines as the hooks write them). */
export function campaignPeriod(): CampaignPeriodData {
  return {
    ...links,
    recipient: char,
    ...seasonRef,
    round: 2,
    shows: 3,
    deadline: { at: DEADLINE, ifMissed: 'the actions you have not sent are simply not taken' },
    team: ['Money G1,450, debt G0, net worth G1,450', 'at1 Scopedog: damage 3/16; heavy machine gun (w2) 20 rounds'],
    actions: {
      lines: ['repair at1  # G150', 'buy-weapon hmg  # G300', 'scout  # a pilot, fee by the dice'],
      omitted: 2,
    },
    actionsPerPeriod: 5,
    actionsUrl: `${BASE}/seasons/s_1/teams/e_1/actions`,
    teamUrl: `${BASE}/seasons/s_1/teams/e_1`,
    example: '{"text":"buy-weapon hmg\\nrepair at1","done":true}',
  }
}

/** Show 2 of 3 settled; Char's team second. */
export function campaignSettled(): CampaignSettledData {
  return {
    ...links,
    recipient: char,
    ...seasonRef,
    round: 2,
    shows: 3,
    gameUrl: game.url,
    noShow: false,
    noShowReason: null,
    finished: false,
    happened: ['Amuro survives the show and earns G400.', 'シャア・アズナブル pays G25 of interest.'],
    standings: [
      { position: 1, name: 'Amuro', netWorth: 'G3,400', withdrawn: false, you: false },
      { position: 2, name: 'シャア・アズナブル', netWorth: 'G2,975', withdrawn: false, you: true },
      { position: 3, name: 'Sayla', netWorth: '-G120', withdrawn: true, you: false },
    ],
    table: [
      'Pos  Team                       Net worth',
      '  1  Amuro                         G3,400',
      '  2  シャア・アズナブル (you)      G2,975',
      '  3  Sayla (withdrawn)              -G120',
    ],
  }
}

export function clubInvite(): ClubInviteData {
  return {
    ...links,
    recipient: { name: 'Sayla', email: 'sayla@example.org', timeZone: 'Europe/Paris' },
    club: 'Side 3 Wargamers',
    inviter: 'Amuro',
    role: 'a member',
    acceptUrl: `${BASE}/c/c_1?invite=K7P2Q`,
  }
}
