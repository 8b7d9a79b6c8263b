// Order-error messages from templates: each refusal carries a stable key and its values, and its English
// message is the template filled in. The templates use the catalogue syntax (i18next): `{{name}}` for a
// value and `$t(other.key)` for another template of the same table, so locales/en/orders.json can hold
// the very same strings and a reader in another language gets the same message translated.
import type { OrderError } from './ruleset.js'

export type MessageParams = Record<string, string | number>
export type Templates = Readonly<Record<string, string>>

const VALUE = /\{\{\s*(\w+)\s*\}\}/g
const NESTED = /\$t\(([^()]+)\)/g

/** `template` with `params` put in and every `$t(key)` replaced by that template of `table`. */
export function fillTemplate(table: Templates, template: string, params: MessageParams): string {
  const filled = template.replace(VALUE, (_, name: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`message "${template}" names ${name}, which was not given`)
    return String(params[name])
  })
  return filled.replace(NESTED, (_, key: string) => {
    const nested = table[key]
    if (nested === undefined) throw new Error(`no message ${key}`)
    return fillTemplate(table, nested, params)
  })
}

type Place = Pick<OrderError, 'line' | 'order' | 'field'>

/** A maker of refusals from one table of templates: `refuse(rule, key, params, place)`. */
export function refusals<K extends string>(table: Readonly<Record<K, string>>) {
  return (rule: string, key: K, params: MessageParams = {}, place: Place = {}): OrderError => ({
    rule,
    message: fillTemplate(table, table[key], params),
    key,
    params,
    ...place,
  })
}
