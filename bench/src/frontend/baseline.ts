import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const baselineDir = fileURLToPath(new URL('../../baseline', import.meta.url))

/** Builds the stock starter in bench/baseline with its own `vite build` into `outDir`. */
export async function buildBaseline(outDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const vitePackage = createRequire(join(baselineDir, 'package.json')).resolve('vite/package.json')
  const viteBin = join(dirname(vitePackage), 'bin/vite.js')
  const child = spawn(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: baselineDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const tail: string[] = []
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue
        tail.push(line)
        if (tail.length > 30) tail.shift()
        log(line)
      }
    })
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`vite build of bench/baseline exited with ${code}\n${tail.join('\n')}`)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt'])

type Entry = { body: Buffer; br?: Buffer; gzip?: Buffer; type: string; immutable: boolean }

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
}

export type StaticServer = { url: string; close: () => Promise<void> }

/**
 * Serves a built SPA the way a static host or CDN would: brotli or gzip as the browser asks (compressed once, at
 * the highest levels, before the first request), hashed assets cached for good, index.html for any path
 * without a file extension.
 */
export async function serveStatic(dir: string): Promise<StaticServer> {
  const entries = new Map<string, Entry>()
  await Promise.all(
    filesUnder(dir).map(async (file) => {
      const urlPath = `/${relative(dir, file).split(sep).join('/')}`
      const ext = extname(file)
      const body = readFileSync(file)
      const entry: Entry = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        immutable: urlPath.startsWith('/assets/'),
      }
      if (COMPRESSIBLE.has(ext)) {
        const [br, gz] = await Promise.all([
          promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          promisify(gzip)(body, { level: 9 }),
        ])
        entry.br = br
        entry.gzip = gz
      }
      entries.set(urlPath, entry)
    }),
  )
  const index = entries.get('/index.html')
  if (!index) throw new Error(`${dir} has no index.html`)

  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const lastSegment = path.split('/').pop() ?? ''
    const entry = entries.get(path) ?? (lastSegment.includes('.') ? undefined : index)
    if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(entry ? 405 : 404, { 'content-type': 'text/plain' }).end(entry ? 'Method not allowed' : 'Not found')
      return
    }
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const encoding = entry.br && /\bbr\b/.test(accepts) ? 'br' : entry.gzip && /\bgzip\b/.test(accepts) ? 'gzip' : null
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body
    res.writeHead(200, {
      'content-type': entry.type,
      'content-length': String(body?.length ?? 0),
      'cache-control': entry.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(entry.br ? { vary: 'accept-encoding' } : {}),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
