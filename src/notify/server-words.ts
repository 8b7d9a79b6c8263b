// Some words the server writes once, in English, and keeps: a deadline notice, a moderator's change, the
// reason a use case refuses. The email a reader gets reads them back into the reader's language by their
// known forms (locales/<locale>/email.json); a sentence of another form is shown as it is.
import { translate, type Locale } from '../i18n/index.js'

/** A sentence the server writes: its pattern, its message in the email catalogue, the names of its groups. */
export interface KnownForm {
  pattern: RegExp
  key: string
  values?: readonly string[]
}

export function inReaderWords(locale: Locale, text: string, forms: readonly KnownForm[]): string {
  for (const { pattern, key, values = [] } of forms) {
    const m = pattern.exec(text)
    if (m) return translate(locale, 'email', key, Object.fromEntries(values.map((name, i) => [name, m[i + 1]])))
  }
  return text
}
