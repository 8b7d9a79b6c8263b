// Whether a request comes from this machine: its socket is loopback and no proxy says it relays
// someone else. The mail catcher (/dev/mail) and /metrics without METRICS_TOKEN answer only such requests.

/**
 * Headers a proxy adds: a request that carries one came from elsewhere, whatever its socket says (any
 * X-Forwarded-*, Forwarded, Via, X-Real-IP, and the client-address headers of common proxies and CDNs).
 * A tunnel that adds nothing (ssh -L) cannot be told apart: never expose a development server so.
 */
const PROXY_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
])

export function proxied(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((h) => h.startsWith('x-forwarded-') || PROXY_HEADERS.has(h))
}

export function isLoopback(ip: string): boolean {
  return /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./.test(ip)
}

/** A request from this machine, not relayed by a proxy on it. */
export function fromThisMachine(remoteAddress: string | undefined, headers: Record<string, unknown>): boolean {
  return isLoopback(remoteAddress ?? '') && !proxied(headers)
}
