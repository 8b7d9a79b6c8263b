// GET /metrics for a process without the API (`npm start -- worker` with METRICS_PORT): plain node:http,
// the same answers and the same access rule as the API's route (src/http/routes/metrics.ts), nothing else.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { registry } from '../metrics/index.js'
import { METRICS_CHALLENGE, metricsRefusal } from './metrics-access.js'
import { notFound, Problem, problemBody } from './problems.js'

export interface MetricsListener {
  port: number
  close(): Promise<void>
}

export interface MetricsListenerOptions {
  host: string
  /** 0 picks a free one. */
  port: number
  /** METRICS_TOKEN; null: loopback only. */
  token: string | null
  /** Where a failed answer is reported. */
  onError: (e: Error) => void
}

function sendProblem(res: ServerResponse, problem: Problem, url: string): void {
  if (problem.status === 401) res.setHeader('www-authenticate', METRICS_CHALLENGE)
  res.writeHead(problem.status, { 'content-type': 'application/problem+json' })
  res.end(JSON.stringify(problemBody(problem, url)))
}

async function answer(req: IncomingMessage, res: ServerResponse, token: string | null): Promise<void> {
  const url = req.url ?? '/'
  const path = url.split('?')[0]
  if (path !== '/metrics') {
    return sendProblem(res, notFound(`no route ${req.method} ${path}: this port serves GET /metrics only`), url)
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD')
    return sendProblem(res, new Problem(405, 'Method not allowed', `${req.method} /metrics: only GET is served`), url)
  }
  const refusal = metricsRefusal(token, {
    authorization: req.headers.authorization,
    remoteAddress: req.socket.remoteAddress,
    headers: req.headers,
  })
  if (refusal) return sendProblem(res, refusal, url)
  const body = await registry.metrics()
  res.writeHead(200, { 'content-type': registry.contentType })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Listens on host:port; resolves once listening (rejects when the port cannot be had). */
export async function startMetricsListener(opts: MetricsListenerOptions): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    answer(req, res, opts.token).catch((e: Error) => {
      opts.onError(e)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' })
      res.end(JSON.stringify({ type: 'about:blank', title: 'Internal error', status: 500, detail: 'see the log' }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  server.on('error', (e) => opts.onError(e))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()))
        server.closeIdleConnections()
      }),
  }
}
