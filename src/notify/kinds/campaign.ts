// Campaign emails (a season of format `campaign`, src/leagues/campaign.ts): a team's maintenance period
// opened (told to its player), and a show settled or none held (told to every entrant). The team, its
// actions and the events are the rule system's own JSON, put in words by its campaign hooks
// (RuleCampaign.teamLines, actionHelp, narrate); a system without those hooks gets the emails without them.
import type { Locale } from '../../i18n/index.js'
import { translate } from '../../i18n/index.js'
import { ruleSystem, type RuleCampaign } from '../../rulesets/index.js'
import type { GameEvent } from '../../engine/ruleset.js'
import type { OutboxPayload } from '../../store/outbox.js'
import { EMAIL_NS } from '../compose/helpers.js'
import { composeEmail } from '../compose/index.js'
import { displayWidth } from '../compose/text-wrap.js'
import { makeReplyToken, replyAddress } from '../inbound/index.js'
import { readerLocale, replyBinding, type Composer } from './core.js'
import { seasonRef } from './season.js'
import { orderErrorMessage } from '../../i18n/orders.js'

type CampaignStanding = OutboxPayload<'campaign-settled'>['standings'][number]

/** The body of the example request: two actions as text, and `done` to end the maintenance early. */
export const ACTIONS_EXAMPLE = JSON.stringify({ text: 'buy-weapon hmg\nrepair at1', done: true })

/**
 * The system's campaign hooks; none for a system without a campaign (or an unknown one), and each hook
 * may be missing in a system that plugs in only part of it.
 */
function campaignOf(ruleset: string): Partial<RuleCampaign> {
  return ruleSystem(ruleset)?.campaign ?? {}
}

/** A hook's answer, or `fallback` when the system has no such hook (a hook that throws fails the email, loudly). */
function ask<T>(fallback: T, call: (() => T) | undefined): T {
  return call ? call() : fallback
}

export const campaignPeriod: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'campaign-period'>
  const locale = readerLocale(env)
  const c = campaignOf(p.ruleset)
  const team = ask([] as string[], c.teamLines && (() => c.teamLines!(p.team, p.rules, locale)))
  const actions = ask(
    { lines: [] as string[], omitted: 0 },
    c.actionHelp && (() => c.actionHelp!(p.team, p.rules, locale)),
  )
  const perPeriod = ask(null as number | null, c.actionsPerPeriod && (() => c.actionsPerPeriod!(p.rules)))
  const api = `${env.ctx.publicUrl}/seasons/${p.seasonId}/teams/${p.entryId}`
  const composed = composeEmail('campaign-period', {
    ...seasonRef(env, p),
    round: p.round,
    shows: p.shows,
    deadline: { at: p.endsAt, ifMissed: translate(locale, EMAIL_NS, 'campaignPeriod.ifMissed') },
    team,
    actions: { lines: actions.lines, omitted: actions.omitted },
    actionsPerPeriod: Number.isInteger(perPeriod) && perPeriod! >= 0 ? perPeriod : null,
    actionsUrl: `${api}/actions`,
    teamUrl: api,
    example: ACTIONS_EXAMPLE,
  })
  // A reply to this email carries the team's actions (src/notify/reply.ts), until two days after the close.
  const exp = Math.floor(new Date(p.endsAt).getTime() / 1000) + 48 * 3600
  const replyTo = replyAddress(
    env.ctx.replyBase,
    makeReplyToken({ id: BigInt(n.id), exp, binding: replyBinding(n) }, env.ctx.secret),
  )
  return { composed, replyTo }
}

/** Net worth as the rules write money: "G1,234"; a team in debt "-G200". */
export function money(n: number): string {
  const whole = Math.round(n)
  return `${whole < 0 ? '-' : ''}G${Math.abs(whole).toLocaleString('en-US')}`
}

function cell(text: string, width: number, right: boolean): string {
  const pad = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? pad + text : text + pad
}

/** A team's name with its marks: the reader's own team, a team withdrawn. */
function markedName(r: CampaignStanding, you: boolean, locale: Locale): string {
  const marks = [
    ...(you ? [translate(locale, EMAIL_NS, 'campaign.you')] : []),
    ...(r.withdrawn ? [translate(locale, EMAIL_NS, 'campaign.withdrawn')] : []),
  ]
  // Japanese marks carry their own full-width brackets: no space before them.
  return [r.name, ...marks].join(locale === 'ja' ? '' : ' ')
}

/**
 * The campaign's table in columns for plain text: position, name (marked), net worth; headings in the
 * reader's words, wide characters counted two columns.
 */
export function campaignTable(rows: CampaignStanding[], reader: string | null, locale: Locale): string[] {
  const head = ['position', 'name', 'netWorth'].map((k) => translate(locale, EMAIL_NS, `campaign.column.${k}`))
  const body = rows.map((r) => [String(r.position), markedName(r, r.userId === reader, locale), money(r.netWorth)])
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...body.map((b) => displayWidth(b[i]!))))
  // Position and net worth are right-aligned, the name left.
  const line = (cells: string[]) =>
    cells
      .map((c, i) => cell(c, widths[i]!, i !== 1))
      .join('  ')
      .trimEnd()
  return [line(head), ...body.map(line)]
}

/**
 * A narrated line with each team's entry id (the events name teams by it) put as the team's name. Longest
 * ids first, so an id that begins another is never replaced inside it.
 */
export function withNames(line: string, teams: ReadonlyArray<{ entryId: string; name: string }>): string {
  const byLength = [...teams].filter((t) => t.entryId !== '').sort((a, b) => b.entryId.length - a.entryId.length)
  return byLength.reduce((text, t) => text.split(t.entryId).join(t.name), line)
}

export const campaignSettled: Composer = async (env, n) => {
  const p = n.payload as OutboxPayload<'campaign-settled'>
  const locale = readerLocale(env)
  const c = campaignOf(p.ruleset)
  const narrated = ask(
    [] as string[],
    c.narrate &&
      (() =>
        c.narrate!(p.events as GameEvent[], locale, Object.fromEntries(p.standings.map((t) => [t.entryId, t.name])))),
  )
  const happened = narrated.map((line) => withNames(line, p.standings))
  const noShow = p.gameId === null
  const composed = composeEmail('campaign-settled', {
    ...seasonRef(env, p),
    round: p.round,
    shows: p.shows,
    gameUrl: p.gameId ? env.page(`/g/${p.gameId}`) : null,
    noShow,
    // In the reader's language where the rule system's refusal came with its key; else the English, to an
    // English reader only (another is told there was none, not why).
    noShowReason: !noShow
      ? null
      : p.noShowReason
        ? `${orderErrorMessage(locale, p.noShowReason)} (${p.noShowReason.rule})`
        : locale === 'en' && p.noShow?.trim()
          ? p.noShow
          : null,
    finished: p.finished,
    happened,
    standings: p.standings.map((r) => ({
      position: r.position,
      name: r.name,
      netWorth: money(r.netWorth),
      withdrawn: r.withdrawn,
      you: r.userId === n.userId,
    })),
    table: campaignTable(p.standings, n.userId, locale),
  })
  return { composed }
}
