// The one shape of every error answer: application/problem+json (RFC 9457), with the extension
// members the server adds (src/http/problems.ts and the error handler).
import { Type, type Static } from '@sinclair/typebox'

const ProblemItem = Type.Object({
  field: Type.Optional(Type.String({ description: 'where: e.g. body/title, querystring/at' })),
  message: Type.String(),
  rule: Type.Optional(Type.String({ description: 'the rule an order breaks' })),
  line: Type.Optional(Type.Integer({ description: 'the line of the text notation' })),
  order: Type.Optional(Type.Integer({ description: 'the index of the order in the submission' })),
  key: Type.Optional(
    Type.String({
      description: 'a refused order: the message id in the order-error catalogues (locales/*/orders.json)',
    }),
  ),
  params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
      description: 'the values the message names',
    }),
  ),
})

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'about:blank: the title says what went wrong' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String({ description: 'the path of the request' }),
    errors: Type.Optional(Type.Array(ProblemItem, { description: 'every fault found: fields, or orders' })),
    ignored: Type.Optional(
      Type.Array(Type.Object({ line: Type.Integer(), text: Type.String() }), {
        description: 'lines of an emailed reply that were not read as orders',
      }),
    ),
    field: Type.Optional(Type.String({ description: 'the field at fault' })),
    currentSeq: Type.Optional(Type.Integer({ description: 'where the log is now (a stale If-Match, a step gone by)' })),
    limit: Type.Optional(Type.Integer({ description: 'the size limit of the body, in bytes' })),
  },
  { title: 'Problem', additionalProperties: true },
)
export type ProblemBody = Static<typeof ProblemSchema>

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is malformed: "errors" names each field at fault',
  401: 'No valid access token',
  403: 'Not allowed to you',
  404: 'No such thing (or not visible to you)',
  409: 'The state does not allow it now',
  413: 'The body is larger than the limit of this route',
  415: 'The body has a content type this route does not take',
  422: 'Understood, but refused: "errors" lists each reason',
  428: 'A precondition is required: send If-Match with the position you expect',
  429: 'Too many requests from this address; see Retry-After',
  503: 'Not ready',
}

const problemContent = { 'application/problem+json': { schema: ProblemSchema } }

/** A problem+json answer, with what it means on this route. */
export function problem(description: string) {
  return { description, content: problemContent }
}

/** problem+json answers for these statuses, each with its usual description. */
export function problems<const S extends number>(...statuses: S[]): Record<S, ReturnType<typeof problem>> {
  return Object.fromEntries(statuses.map((s) => [s, problem(DESCRIPTIONS[s] ?? 'Refused')])) as Record<
    S,
    ReturnType<typeof problem>
  >
}
