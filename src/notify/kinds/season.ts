// League emails (docs/leagues.md, "Outbox rows for league emails"): a fixture game is ready, the week's
// standings, and the season's close with who goes up and down. The leagues layer chooses who is told
// (`to`); these read only the payload and, for a fixture, its game.
import type { Locale } from '../../i18n/index.js'
import { translate } from '../../i18n/index.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { EMAIL_NS } from '../compose/helpers.js'
import { composeEmail } from '../compose/index.js'
import { displayWidth } from '../compose/text-wrap.js'
import { addressed, readerLocale, type Composer, type KindEnv } from './core.js'
import { gameData } from './game.js'

type Standing = OutboxPayload<'season-standings'>['standings'][number]

/** What every league email names: the season, its club and its page (signed for the reader). */
export function seasonRef(env: KindEnv, p: { seasonId: string; seasonName: string; clubName: string }) {
  return {
    ...env.links,
    recipient: env.recipient,
    season: p.seasonName,
    club: p.clubName,
    seasonUrl: env.page(`/s/${p.seasonId}`),
  }
}

export const seasonFixture: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'season-fixture'>
  const g = await gameData(env.ctx, p.gameId)
  const me = p.players.find((x) => x.userId === n.userId)
  // The other side's players (a campaign's show has teammates on the reader's side: not opponents).
  const others = p.players.filter((x) => x !== me && (!me || x.side !== me.side)).map((x) => x.name)
  const side = me?.side ?? ''
  const composed = composeEmail('season-fixture', {
    ...addressed(env, g.ref),
    ...seasonRef(env, p),
    round: p.round,
    opponent: others.join(', ') || '?',
    side: g.sideNames.get(side) ?? side,
    deadline: p.deadline,
  })
  return { composed }
}

const points = (n: number) => String(Math.round(n * 100) / 100)

function cell(text: string, width: number, right: boolean): string {
  const pad = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? pad + text : text + pad
}

/** The standings in columns for plain text: position, name, P W D L, points (headings in the reader's words). */
export function standingsTable(rows: Standing[], locale: Locale): string[] {
  const head = ['position', 'name', 'played', 'won', 'drawn', 'lost', 'points'].map((k) =>
    translate(locale, EMAIL_NS, `season.column.${k}`),
  )
  const body = rows.map((r) => [
    String(r.position),
    r.name,
    String(r.played),
    String(r.won),
    String(r.drawn),
    String(r.lost),
    points(r.points),
  ])
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...body.map((b) => displayWidth(b[i]!))))
  // Every column is right-aligned but the name.
  const line = (cells: string[]) =>
    cells
      .map((c, i) => cell(c, widths[i]!, i !== 1))
      .join('  ')
      .trimEnd()
  // A season of several divisions: each division's rows under its name.
  const headings = divisionHeadings(rows)
  return [line(head), ...body.flatMap((b, i) => (headings[i] ? [`[${headings[i]}]`, line(b)] : [line(b)]))]
}

/** The division's name on the first row of each division, when there is more than one division. */
function divisionHeadings(rows: Standing[]): Array<string | undefined> {
  const divisions = new Set(rows.map((r) => r.division))
  if (divisions.size < 2) return rows.map(() => undefined)
  return rows.map((r, i) => (i === 0 || rows[i - 1]!.division !== r.division ? r.division : undefined))
}

function standingsFields(env: KindEnv, rows: Standing[]) {
  const headings = divisionHeadings(rows)
  return {
    standings: rows.map(({ division: _, ...r }, i) => ({
      ...r,
      points: points(r.points),
      ...(headings[i] ? { division: headings[i] } : {}),
    })),
    table: standingsTable(rows, readerLocale(env)),
  }
}

export const seasonStandings: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'season-standings'>
  const composed = composeEmail('season-standings', {
    ...seasonRef(env, p),
    week: p.week,
    ...standingsFields(env, p.standings),
  })
  return { composed }
}

export const seasonClosed: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'season-closed'>
  const composed = composeEmail('season-closed', {
    ...seasonRef(env, p),
    ...standingsFields(env, p.standings),
    divisions: p.divisions.filter((d) => d.promoted.length > 0 || d.relegated.length > 0),
  })
  return { composed }
}
