// Email composition: typed data in, { subject, text, html } out, from the Handlebars templates in
// templates/ (or a club's override directory). Sending, attachments and headers belong to the worker.
import { DEFAULT_LOCALE } from '../../i18n/index.js'
import { checkEmailData } from './validate.js'
import { loadTemplates, type TemplateDirs } from './templates.js'
import { oneLine, wrapText } from './text-wrap.js'
import type { ComposedEmail, EmailDataByKind, EmailKind, Recipient } from './types.js'

export interface ComposeOptions extends TemplateDirs {
  /** Width of the plain-text part. */
  textWidth?: number
}

/**
 * Renders one email. Throws EmailDataError when the data misses a field or has a malformed one,
 * and a Handlebars error when a template names a field the data does not have.
 */
export function composeEmail<K extends EmailKind>(
  kind: K,
  data: EmailDataByKind[K],
  options: ComposeOptions = {},
): ComposedEmail {
  const checked = checkEmailData(kind, data)
  const templates = loadTemplates(options)
  // The reader's language, as the data variable @locale the helpers read.
  const render = { data: { locale: (checked.recipient as Recipient).locale ?? DEFAULT_LOCALE } }
  // A subject is one line: a newline in it would start a new mail header.
  const subject = oneLine(templates.subject[kind](checked, render))
  if (!subject) throw new Error(`${kind} email: the subject template rendered nothing`)
  const context = { ...checked, subject }
  return {
    subject,
    text: wrapText(templates.text[kind](context, render), options.textWidth),
    html: templates.html[kind](context, render),
  }
}

export { EmailDataError } from './validate.js'
export { clearTemplateCache, defaultTemplatesDir, type TemplateDirs } from './templates.js'
export { narrate } from './narrate.js'
export { enemiesNear, type EnemiesNear } from './nearby.js'
export { statusPanel, type PanelData } from './panel.js'
export * from './types.js'
