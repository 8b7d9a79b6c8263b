// One error handler: domain errors (by kind), the HTTP layer's Problems, Fastify's validation errors and
// everything else become application/problem+json. Details of 5xx errors stay in the log.
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DomainError, OrdersRefused } from '../../games/errors.js'
import { DEFAULT_LOCALE } from '../../i18n/index.js'
import { localiseOrderErrors, refusedSummary } from '../../i18n/orders.js'
import { readerLocale } from '../locale.js'
import { Problem, payloadTooLarge, problemBody, problemOf } from '../problems.js'

const PROBLEM = 'application/problem+json'

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError | Problem | DomainError, request, reply) => {
      if (error instanceof OrdersRefused) {
        // Refused orders in the signed-in reader's language; rule, line, key and values unchanged.
        const locale = await readerLocale(app, request)
        const errors = localiseOrderErrors(locale, error.errors)
        const said = locale === DEFAULT_LOCALE ? null : refusedSummary(locale, error.errors)
        error = problemOf(error)
        error = new Problem(error.status, said?.title ?? error.title, said?.detail ?? error.detail, {
          ...error.extra,
          errors,
        })
      } else if (error instanceof DomainError) error = problemOf(error)
      if (error instanceof Problem) {
        return reply.status(error.status).type(PROBLEM).send(problemBody(error, request.url))
      }
      const status = error.statusCode ?? 500
      if (error.validation) {
        const where = error.validationContext ?? 'request'
        // Name the property at fault when the schema error is about one (unknown or missing field).
        // A choice among fixed values (a union of literals) fails once per value: say it once, with the values.
        const allowed = new Map<string, unknown[]>()
        for (const v of error.validation) {
          const value = (v.params as { allowedValue?: unknown } | undefined)?.allowedValue
          if (v.keyword === 'const') allowed.set(v.instancePath, [...(allowed.get(v.instancePath) ?? []), value])
        }
        const seen = new Set<string>()
        const errors = error.validation.flatMap((v) => {
          const params = (v.params ?? {}) as {
            additionalProperty?: string
            missingProperty?: string
            allowedValues?: unknown[]
          }
          const property = params.additionalProperty ?? params.missingProperty
          const field = `${where}${v.instancePath}${property ? `/${property}` : ''}`
          const choices = allowed.get(v.instancePath)
          if (choices && (v.keyword === 'const' || v.keyword === 'anyOf')) {
            if (seen.has(field)) return []
            seen.add(field)
            return [{ field, message: `must be one of: ${choices.map((c) => JSON.stringify(c)).join(', ')}` }]
          }
          const message = params.additionalProperty
            ? 'is not a known field'
            : v.keyword === 'enum' && params.allowedValues
              ? `must be one of: ${params.allowedValues.map((c) => JSON.stringify(c)).join(', ')}`
              : (v.message ?? 'is invalid')
          return [{ field, message }]
        })
        const first = errors[0]!
        return reply
          .status(400)
          .type(PROBLEM)
          .send(
            problemBody(new Problem(400, 'Bad request', `${first.field} ${first.message}`, { errors }), request.url),
          )
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit
        const route = `${request.method} ${request.routeOptions.url ?? request.url}`
        const detail = `the request body is larger than ${limit} bytes, the limit of ${route}`
        return reply
          .status(413)
          .type(PROBLEM)
          .send(problemBody(payloadTooLarge(detail, limit), request.url))
      }
      if (status >= 400 && status < 500) {
        return reply
          .status(status)
          .type(PROBLEM)
          .send(problemBody(new Problem(status, statusTitle(status), error.message), request.url))
      }
      request.log.error({ err: error }, 'request failed')
      return reply
        .status(500)
        .type(PROBLEM)
        .send(
          problemBody(
            new Problem(
              500,
              'Internal server error',
              `something went wrong on our side; quote request id ${request.id}`,
            ),
            request.url,
          ),
        )
    })
    app.setNotFoundHandler((request, reply) => {
      // A browser's navigation gets the web's 404 page; API clients a problem.
      const accept = request.headers.accept
      if (app.hasDecorator('pageNotFound') && request.method === 'GET' && accept?.includes('text/html'))
        return app.pageNotFound(request, reply)
      return reply
        .status(404)
        .type(PROBLEM)
        .send(problemBody(new Problem(404, 'Not found', `no route ${request.method} ${request.url}`), request.url))
    })
  },
  { name: 'errors' },
)

function statusTitle(status: number): string {
  if (status === 413) return 'Payload too large'
  if (status === 415) return 'Unsupported media type'
  if (status === 429) return 'Too many requests'
  return 'Bad request'
}
