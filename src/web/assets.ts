// The browser's JavaScript and CSS: web/client/*.ts and web/styles/app.css, bundled and minified by
// esbuild the first time a page asks for them (about a tenth of a second), kept in memory with their
// gzip and brotli forms, and served under names that carry their content hash, so browsers keep them
// for a year. `npm start` needs no separate build step.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { build } from 'esbuild'
import { webDir } from './render.js'

export interface Asset {
  name: string
  type: string
  body: Buffer
  gzip: Buffer
  br: Buffer
}

export interface Assets {
  js: Asset
  css: Asset
  byName: Map<string, Asset>
}

let pending: Promise<Assets> | null = null

function asset(stem: string, ext: string, type: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return {
    name: `${stem}-${hash}.${ext}`,
    type,
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  }
}

async function bundle(): Promise<Assets> {
  const root = webDir()
  const result = await build({
    entryPoints: [join(root, 'client', 'main.ts'), join(root, 'styles', 'app.css')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    outdir: 'out',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  })
  // A warning is a mistake in our own code (an unbalanced brace in the stylesheet drops every rule after
  // it): refuse to serve it.
  if (result.warnings.length > 0) {
    const said = result.warnings.map((w) => `${w.location?.file}:${w.location?.line} ${w.text}`)
    throw new Error(`the web bundle has warnings: ${said.join('; ')}`)
  }
  const find = (ext: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(ext))
    if (!file) throw new Error(`the web bundle has no ${ext} output`)
    return Buffer.from(file.contents)
  }
  const js = asset('app', 'js', 'text/javascript; charset=utf-8', find('.js'))
  const css = asset('app', 'css', 'text/css; charset=utf-8', find('.css'))
  return { js, css, byName: new Map([js, css].map((a) => [a.name, a])) }
}

/** The bundle, built once per process. A failed build is retried on the next request. */
export function webAssets(): Promise<Assets> {
  if (!pending) {
    pending = bundle()
    pending.catch(() => {
      pending = null
    })
  }
  return pending
}
