// The names people give clubs, seasons and divisions: one line, something visible, nothing that hides
// or reorders text. They are shown in emails' subjects, calendar feeds, CSV files and pages, where a
// control character breaks the format and a bidirectional override makes one name read as another.
import { InvalidInput } from '../games/errors.js'
import { hasControl } from '../games/text.js'

/** Shows nothing: spaces, format characters (zero-width, BOM) and marks without a base character. */
const SHOWS_NOTHING = /[\s\p{Cf}\p{M}]/gu

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const REORDERS = /[\u202a-\u202e\u2066-\u2069]/u

/** The name, NFC and trimmed; refused (400, `field`) when blank, not one line, reordering, or too long. */
export function oneLineName(raw: string, field: string, max: number): string {
  const name = raw.normalize('NFC').trim()
  if (name.replace(SHOWS_NOTHING, '') === '')
    throw new InvalidInput(`${field} must show something: it is blank`, { field })
  if (hasControl(name) || /[\r\n\t]/.test(name))
    throw new InvalidInput(`${field} must be one line without control characters`, { field })
  if (REORDERS.test(name))
    throw new InvalidInput(`${field} must not hold characters that reorder text (bidirectional controls)`, { field })
  if ([...name].length > max) throw new InvalidInput(`${field} must be at most ${max} characters`, { field })
  return name
}

/** Two names that read the same: compared after NFKC, case folded. */
export const sameName = (a: string, b: string): boolean =>
  a.normalize('NFKC').toLocaleLowerCase('und') === b.normalize('NFKC').toLocaleLowerCase('und')
