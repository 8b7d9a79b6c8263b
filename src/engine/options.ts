// Game options every rule system checks the same way at setup (docs/rule-systems.md "Game options").
import type { OptionSpec } from './ruleset.js'

/** Every problem with the options a game chose: an id no spec has, or a value its spec does not list. */
export function optionProblems(
  specs: readonly OptionSpec[],
  chosen: Readonly<Record<string, string | number | boolean>> | undefined,
): string[] {
  const problems: string[] = []
  for (const [id, value] of Object.entries(chosen ?? {})) {
    const spec = specs.find((s) => s.id === id)
    if (!spec) problems.push(`unknown option "${id}"`)
    else if (!spec.values.includes(value)) problems.push(`option "${id}" must be one of ${spec.values.join(', ')}`)
  }
  return problems
}
