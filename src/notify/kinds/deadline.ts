// Deadline events (a vacation, an extension, seats passed, the moderator called), told in a few
// lines, with the instants they name in the reader's own time zone.
import { composeEmail } from '../compose/index.js'
import { formatDate } from '../compose/helpers.js'
import { addressed, type Composer } from './core.js'
import { gameData } from './game.js'

const UTC_INSTANT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z\b/g

/** Notices written before the headline was stored carry it only in the subject, after the title. */
function headlineOf(payload: Record<string, unknown>, title: string): string {
  if (typeof payload.headline === 'string') return payload.headline
  const subject = String(payload.subject)
  return subject.startsWith(`${title}: `) ? subject.slice(title.length + 2) : subject
}

export const deadline: Composer = async (env, n) => {
  const g = await gameData(env.ctx, n.gameId!, n.seq)
  // The notice names instants in UTC: each reader sees them in their own time zone.
  const local = (line: string) =>
    line.replace(UTC_INSTANT, (iso) => formatDate(iso, env.recipient.timeZone, env.recipient.locale ?? undefined))
  const composed = composeEmail('deadline-notice', {
    ...addressed(env, g.ref),
    headline: headlineOf(n.payload, g.ref.title),
    lines: String(n.payload.text)
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map(local),
  })
  return { composed }
}
