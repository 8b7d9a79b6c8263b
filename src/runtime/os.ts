// Small operating-system helpers for the runtime pieces (embedded PostgreSQL, private redis-server):
// free ports, "is this pid still that program", executables on the PATH, bounded waits.
import { execFile } from 'node:child_process'
import { accessSync, constants, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Whether `e` is a system error with one of these codes (ENOENT, EPERM, …): the failures a probe expects. */
export function hasErrorCode(e: unknown, ...codes: string[]): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && codes.includes(code)
}

/** True when nothing listens on host:port (checked by listening on it for a moment). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once('error', () => resolve(false))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
}

/** `preferred` when it is free, else a port the system hands out. */
export async function freePort(preferred: number, host = '127.0.0.1'): Promise<number> {
  if (preferred > 0 && (await isPortFree(preferred, host))) return preferred
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** The full path of an executable on the PATH, or null. */
export function onPath(command: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue
    const candidate = join(dir, command)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch (e) {
      // Not here, or not executable: look in the next folder.
      if (!hasErrorCode(e, 'ENOENT', 'EACCES', 'ENOTDIR', 'ELOOP')) throw e
    }
  }
  return null
}

export interface ProcessInfo {
  pid: number
  ppid: number | null
  /** Program name (e.g. "postgres", "redis-server", "node"). */
  command: string
  /** Working directory when the system tells us (Linux), else null. */
  cwd: string | null
}

/** Whether a pid is alive (signal 0; EPERM means alive but someone else's). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    if (hasErrorCode(e, 'ESRCH')) return false
    if (hasErrorCode(e, 'EPERM')) return true
    throw e
  }
}

/** Linux: the state letter of /proc/<pid>/stat ("Z" for a zombie), or null. */
function procState(pid: number): { state: string; command: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) state ppid ..."; comm may contain spaces and parentheses, so cut at the last ')'.
    const close = stat.lastIndexOf(')')
    const [state = '', ppid = ''] = stat.slice(close + 2).split(' ')
    return { state, command: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(ppid) }
  } catch (e) {
    // No such process, or no /proc (macOS, BSD).
    if (hasErrorCode(e, 'ENOENT', 'ESRCH')) return null
    throw e
  }
}

/** Alive and not a zombie (an exited child nobody has reaped yet counts as gone). */
export function isRunning(pid: number): boolean {
  return isAlive(pid) && procState(pid)?.state !== 'Z'
}

/** What runs as `pid`: null when nothing does. Reads /proc on Linux, asks `ps` elsewhere. */
export async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (!isRunning(pid)) return null
  const stat = procState(pid)
  if (stat) {
    const { command, ppid } = stat
    let cwd: string | null = null
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`)
    } catch (e) {
      // Another user's process without the rights to look, or one that just ended.
      if (!hasErrorCode(e, 'EACCES', 'EPERM', 'ENOENT', 'ESRCH')) throw e
    }
    return { pid, ppid: Number.isInteger(ppid) ? ppid : null, command, cwd }
  }
  // no /proc (macOS, BSD): ask ps
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=', '-o', 'comm=', '-p', String(pid)], { timeout: 5000 })
    const m = /^\s*(\d+)\s+(.*)$/.exec(stdout.trim())
    if (!m) return isAlive(pid) ? { pid, ppid: null, command: '', cwd: null } : null
    const command = (m[2] ?? '').trim().split('/').pop() ?? ''
    return { pid, ppid: Number(m[1]), command, cwd: null }
  } catch (e) {
    // ps ran and found no such process (a non-zero exit status), or there is no ps: ask the kernel.
    if (typeof (e as { code?: unknown }).code !== 'number' && !hasErrorCode(e, 'ENOENT')) throw e
    return isAlive(pid) ? { pid, ppid: null, command: '', cwd: null } : null
  }
}

/** Whether `pid` is a live process of a program that can own a hexmail runtime (node, tsx, …). */
export async function isNodeProcess(pid: number | null): Promise<boolean> {
  if (pid === null || pid <= 1) return false
  const info = await processInfo(pid)
  return info !== null && /^(node|nodejs|tsx|npm|MainThread)$/i.test(info.command)
}

/** Sends `signal` and waits up to `timeoutMs` for the pid to go away. True when it went. */
export async function killAndWait(pid: number, signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
  try {
    process.kill(pid, signal)
  } catch (e) {
    // Already gone (ESRCH), or not ours to stop (EPERM): it went only if it is not running.
    if (!hasErrorCode(e, 'ESRCH', 'EPERM')) throw e
    return !isRunning(pid)
  }
  return waitUntil(() => !isRunning(pid), timeoutMs, 50)
}

/** Polls `check` until it is true or `timeoutMs` passed. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() >= deadline) return false
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** Keeps the last `max` lines of a process's output, for error messages. */
export class OutputTail {
  private lines: string[] = []
  constructor(private readonly max = 40) {}
  push(chunk: string): void {
    for (const line of chunk.split(/\r?\n/)) {
      if (!line.trim()) continue
      this.lines.push(line)
      if (this.lines.length > this.max) this.lines.shift()
    }
  }
  includes(text: string): boolean {
    return this.lines.some((l) => l.includes(text))
  }
  text(last = this.max): string {
    return this.lines.slice(-last).join('\n')
  }
}

/** A connection URL with its password replaced by "***", for messages and logs. */
export function redactUrl(url: string): string {
  const u = URL.parse(url)
  // Not a URL a parser reads (a typo): hide what looks like a password all the same.
  if (!u) return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@')
  if (u.password) u.password = '***'
  return u.toString()
}
