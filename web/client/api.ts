// Calls to the server's JSON API from a page: same origin, signed in by the session cookie, with the
// page's CSRF token on every request that changes something. Problems come back as ApiError.

export interface ProblemBody {
  status: number
  title?: string
  detail?: string
  field?: string
  errors?: { line?: number; field?: string; rule?: string; message: string; key?: string }[]
  [key: string]: unknown
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemBody,
    readonly headers: Headers,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`)
  }
}

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
}

export interface ApiResponse<T> {
  status: number
  body: T
  headers: Headers
}

export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json', ...headers } }
  if (method !== 'GET' && method !== 'HEAD') (init.headers as Record<string, string>)['x-csrf-token'] = csrfToken()
  if (body !== undefined) {
    if (typeof body === 'string') {
      ;(init.headers as Record<string, string>)['content-type'] ??= 'text/plain; charset=utf-8'
      init.body = body
    } else {
      ;(init.headers as Record<string, string>)['content-type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
  }
  const res = await fetch(path, init)
  const type = res.headers.get('content-type') ?? ''
  const parsed: unknown = type.includes('json') ? await res.json() : await res.text()
  if (!res.ok) {
    const problem: ProblemBody =
      typeof parsed === 'object' && parsed ? (parsed as ProblemBody) : { status: res.status, detail: String(parsed) }
    throw new ApiError(res.status, problem, res.headers)
  }
  return { status: res.status, body: parsed as T, headers: res.headers }
}

/** A fresh key for one submission: a retry of the same click reuses it, a new click gets a new one. */
export function idempotencyKey(): string {
  return crypto.randomUUID()
}
