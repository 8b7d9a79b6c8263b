// Refused orders in the reader's language. Every refusal the engines and the server make carries a key of
// locales/<locale>/orders.json and the values it names; its English message is the same entry filled in.
import { catalogues, translate, type Locale, type Values } from './index.js'

export const ORDERS_NS = 'orders'
const PROBLEMS_NS = 'problems'

/** What a refusal needs to be read in another language (OrderError has it; the engine is not imported here). */
export interface Refusal {
  message: string
  key?: string
  params?: Record<string, string | number>
}

/** The message of `error` in `locale`; its own (English) message when it has no key or the catalogue lacks it. */
export function orderErrorMessage(locale: Locale, error: Refusal): string {
  if (!error.key) return error.message
  const cat = catalogues()
  const values = { ...(error.params ?? {}), ns: ORDERS_NS, lng: locale }
  if (!cat.exists(error.key, values)) return error.message
  try {
    return cat.t(error.key, values)
  } catch {
    // A value the entry names was not given: the English the engine wrote is still right.
    return error.message
  }
}

/** The refusals with their messages in `locale`; everything else (rule, line, order, field, key, params) kept. */
export function localiseOrderErrors<E extends Refusal>(locale: Locale, errors: readonly E[]): E[] {
  return errors.map((e) => ({ ...e, message: orderErrorMessage(locale, e) }))
}

/** What a refused submission's summary names of each refusal. */
export interface RefusalAt extends Refusal {
  rule: string
  line?: number
}

/**
 * The one-line summary of refused orders (an HTTP problem's title and detail) in `locale`: the refusal
 * when there is one, else how many. `errors` as the engines wrote them (English), so the line is named
 * only when the message does not name it already.
 */
export function refusedSummary(locale: Locale, errors: readonly RefusalAt[]): { title: string; detail: string } {
  const t = (key: string, values?: Values) => translate(locale, PROBLEMS_NS, `ordersRefused.${key}`, values)
  const first = errors[0]
  const more = errors.at(-1)?.key === 'server.moreErrors' ? Number(errors.at(-1)?.params?.count ?? 0) : 0
  if (more > 0) {
    const shown = errors.length - 1
    return { title: t('title'), detail: t('manyListed', { n: shown + more, shown }) }
  }
  if (errors.length !== 1 || !first) return { title: t('title'), detail: t('many', { n: errors.length }) }
  const where = first.line !== undefined && !/^line \d+/.test(first.message) ? t('atLine', { line: first.line }) : ''
  return { title: t('title'), detail: t('one', { where, rule: first.rule, message: orderErrorMessage(locale, first) }) }
}
