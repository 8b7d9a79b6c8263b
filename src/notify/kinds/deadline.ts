// Deadline events (a vacation, an extension, seats passed, the moderator called), told in a few
// lines, with the instants they name in the reader's own time zone.
import { composeEmail } from '../compose/index.js'
import { formatDate } from '../compose/helpers.js'
import { inReaderWords, type KnownForm } from '../server-words.js'
import { addressed, readerLocale, type Composer } from './core.js'
import { gameData } from './game.js'

const UTC_INSTANT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z\b/g

/** Notices written before the headline was stored carry it only in the subject, after the title. */
function headlineOf(payload: Record<string, unknown>, title: string): string {
  if (typeof payload.headline === 'string') return payload.headline
  const subject = String(payload.subject)
  return subject.startsWith(`${title}: `) ? subject.slice(title.length + 2) : subject
}

/** What src/games/deadlines.ts writes in a notice: its headlines, then its lines. */
const HEADLINES: KnownForm[] = [
  { pattern: /^a deadline moved for a vacation$/, key: 'deadlineNotice.headline.vacation' },
  { pattern: /^the deadline is extended once$/, key: 'deadlineNotice.headline.extended' },
  { pattern: /^a deadline passed$/, key: 'deadlineNotice.headline.passed' },
  { pattern: /^the moderator is called$/, key: 'deadlineNotice.headline.moderator' },
  { pattern: /^the game is lost on time$/, key: 'deadlineNotice.headline.forfeit' },
  { pattern: /^the game is drawn on time$/, key: 'deadlineNotice.headline.forfeitDraw' },
]

const LINES: KnownForm[] = [
  {
    pattern: /^A player who has still to act in (.+) \(([^()]*)\) is on vacation\.$/,
    key: 'deadlineNotice.line.onVacation',
    values: ['title', 'seats'],
  },
  { pattern: /^The deadline moves from (\S+) to (\S+)\.$/, key: 'deadlineNotice.line.moves', values: ['from', 'to'] },
  {
    pattern: /^The deadline passed with (.+) still to act\.$/,
    key: 'deadlineNotice.line.passedWith',
    values: ['seats'],
  },
  {
    pattern: /^It is extended once, to (\S+); after that, those seats pass\.$/,
    key: 'deadlineNotice.line.extendedTo',
    values: ['to'],
  },
  {
    pattern: /^The deadline (\S+) passed with (.+) still to act\.$/,
    key: 'deadlineNotice.line.passedAt',
    values: ['deadline', 'seats'],
  },
  { pattern: /^Those seats passed this step, and the game goes on\.$/, key: 'deadlineNotice.line.seatsPassed' },
  {
    pattern: /^The moderator is called to decide; the step stays open meanwhile\.$/,
    key: 'deadlineNotice.line.moderatorCalled',
  },
  {
    pattern: /^(.+) loses? on time; (\S+) wins the game\.$/,
    key: 'deadlineNotice.line.lostOnTime',
    values: ['sides', 'winner'],
  },
  { pattern: /^No side played in time: the game is a draw\.$/, key: 'deadlineNotice.line.drawnOnTime' },
]

export const deadline: Composer = async (env, n) => {
  const g = await gameData(env.ctx, n.gameId!, n.seq)
  // The notice names instants in UTC: each reader sees them in their own time zone.
  const local = (line: string) =>
    line.replace(UTC_INSTANT, (iso) => formatDate(iso, env.recipient.timeZone, env.recipient.locale ?? undefined))
  const composed = composeEmail('deadline-notice', {
    ...addressed(env, g.ref),
    headline: inReaderWords(readerLocale(env), headlineOf(n.payload, g.ref.title), HEADLINES),
    lines: String(n.payload.text)
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => local(inReaderWords(readerLocale(env), l, LINES))),
  })
  return { composed }
}
