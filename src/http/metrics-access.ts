// Who may read /metrics, on the API and on a worker's METRICS_PORT alike. With METRICS_TOKEN set,
// whoever sends it as a bearer token; without it, this machine only (a Prometheus beside the server,
// or an SSH tunnel), since the figures say how busy the server is and which routes it has.
import { createHash, timingSafeEqual } from 'node:crypto'
import { fromThisMachine } from './loopback.js'
import { Problem, forbidden, unauthorized } from './problems.js'

export interface MetricsRequest {
  authorization: string | undefined
  remoteAddress: string | undefined
  headers: Record<string, unknown>
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** Compared in constant time: the hashes have one length whatever was sent. */
function sameToken(sent: string, token: string): boolean {
  return timingSafeEqual(digest(sent), digest(token))
}

/** Why this request may not read the metrics, or null when it may. */
export function metricsRefusal(token: string | null, request: MetricsRequest): Problem | null {
  if (token !== null) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '')?.[1]
    if (sent !== undefined && sameToken(sent, token)) return null
    return unauthorized(
      sent === undefined
        ? 'send the metrics token: "Authorization: Bearer <METRICS_TOKEN>"'
        : 'the bearer token is not the metrics token (METRICS_TOKEN)',
    )
  }
  if (fromThisMachine(request.remoteAddress, request.headers)) return null
  return forbidden(
    'without METRICS_TOKEN, /metrics answers only this machine (loopback, no proxy): ' +
      'set METRICS_TOKEN and send it as "Authorization: Bearer <METRICS_TOKEN>" to scrape from elsewhere',
  )
}

/** The WWW-Authenticate header that goes with a 401 (RFC 6750). */
export const METRICS_CHALLENGE = 'Bearer realm="metrics"'
