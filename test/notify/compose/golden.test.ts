// Every email kind, rendered from fixed data, must match the files in golden/ byte for byte: the
// subject and text part in <case>.txt, the HTML part in <case>.html. Regenerate after an intended
// change to a template: UPDATE_GOLDEN=1 npx vitest run test/notify/compose/golden.test.ts
import { fileURLToPath } from 'node:url'
import { describe, it } from 'vitest'
import { composeEmail, type EmailDataByKind, type EmailKind } from '../../../src/notify/compose/index.js'
import { campaignTable } from '../../../src/notify/kinds/campaign.js'
import { standingsTable } from '../../../src/notify/kinds/season.js'
import { expectGolden } from '../../support/golden.js'
import * as fixtures from './fixtures.js'

type Case = { [K in EmailKind]: [K, () => EmailDataByKind[K]] }[EmailKind]

const CASES: Record<string, Case> = {
  'your-phase': ['your-phase', () => fixtures.yourPhase()],
  'your-phase-no-map': [
    'your-phase',
    () => ({ ...fixtures.yourPhase(fixtures.amuro), mapCid: undefined, mapUrl: undefined, mapNote: undefined }),
  ],
  'your-phase-late': [
    'your-phase',
    () => {
      const data = fixtures.yourPhase()
      return {
        ...data,
        deadline: { ...data.deadline, delayedBy: '30 hours', originalAt: '2026-12-04T06:00:00Z' },
        enemiesNear: { lines: [], omitted: 0 },
        options: { ...data.options, omitted: 3 },
      }
    },
  ],
  reminder: ['reminder', fixtures.reminder],
  'phase-resolved': ['phase-resolved', fixtures.phaseResolved],
  'phase-resolved-last': ['phase-resolved', () => ({ ...fixtures.phaseResolved(), next: null })],
  'phase-resolved-start': ['phase-resolved', () => ({ ...fixtures.phaseResolved(), played: null, happened: [] })],
  'game-over': ['game-over', fixtures.gameOver],
  'game-over-draw': [
    'game-over',
    () => ({ ...fixtures.gameOver(), winner: null, yourSide: undefined, reason: 'both sides were destroyed' }),
  ],
  invite: ['invite', fixtures.invite],
  'invite-bare': [
    'invite',
    () => ({ ...fixtures.invite(), side: undefined, message: undefined, expiresAt: undefined }),
  ],
  'verify-email': ['verify-email', fixtures.verifyEmail],
  'magic-link': ['magic-link', fixtures.magicLink],
  moderation: ['moderation', fixtures.moderation],
  'deadline-notice': ['deadline-notice', fixtures.deadlineNotice],
  'dispute-ruled': ['dispute', fixtures.dispute],
  'dispute-raised': ['dispute', () => ({ ...fixtures.dispute(), event: 'raised', by: 'Amuro', byModerator: false })],
  'season-fixture': ['season-fixture', fixtures.seasonFixture],
  'season-fixture-ja': [
    'season-fixture',
    () => ({ ...fixtures.seasonFixture(), recipient: { ...fixtures.char, locale: 'ja' }, opponent: 'アムロ・レイ' }),
  ],
  'season-standings': ['season-standings', fixtures.seasonStandings],
  'season-standings-ja': [
    'season-standings',
    () => {
      const data = fixtures.seasonStandings()
      const rows = data.standings.map((r) => ({ ...r, division: 'Main', points: Number(r.points) }))
      return { ...data, recipient: { ...fixtures.char, locale: 'ja' }, table: standingsTable(rows, 'ja') }
    },
  ],
  'season-closed': ['season-closed', fixtures.seasonClosed],
  'campaign-period': ['campaign-period', fixtures.campaignPeriod],
  'campaign-period-bare': [
    'campaign-period',
    () => ({ ...fixtures.campaignPeriod(), team: [], actions: { lines: [], omitted: 0 }, actionsPerPeriod: null }),
  ],
  'campaign-settled': ['campaign-settled', fixtures.campaignSettled],
  'campaign-settled-no-show-ja': [
    'campaign-settled',
    () => {
      const data = fixtures.campaignSettled()
      const standings = data.standings.map((r, i) => ({
        ...r,
        entryId: `e${i}`,
        userId: r.you ? 'u-char' : `u${i}`,
        netWorth: Number(r.netWorth.replace(/[G,]/g, '')),
      }))
      return {
        ...data,
        recipient: { ...fixtures.char, locale: 'ja' },
        gameUrl: null,
        noShow: true,
        happened: ['チームシャア・アズナブルが借金G500の利子G25を払いました（RB-24.20）。'],
        table: campaignTable(standings, 'u-char', 'ja'),
      }
    },
  ],
  'campaign-settled-finished': [
    'campaign-settled',
    () => ({ ...fixtures.campaignSettled(), finished: true, round: 3, happened: [] }),
  ],
  'club-invite': ['club-invite', fixtures.clubInvite],
  'club-invite-ja': [
    'club-invite',
    () => ({ ...fixtures.clubInvite(), recipient: { ...fixtures.char, locale: 'ja' }, role: 'メンバー' }),
  ],
}

const golden = (file: string) => fileURLToPath(new URL(`./golden/${file}`, import.meta.url))

describe('each email kind renders exactly its golden files', () => {
  it.each(Object.keys(CASES))('%s', (name) => {
    const [kind, data] = CASES[name]!
    const email = composeEmail(kind, data() as never)
    expectGolden(golden(`${name}.txt`), `Subject: ${email.subject}\n\n${email.text}`)
    expectGolden(golden(`${name}.html`), email.html)
  })
})
