import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { LRUCache } from 'lru-cache'
import { type Encoded, encode, sendEncoded, sizeOf } from './encoded'

/**
 * Bytes of the web build kept compressed: the whole of today's build (7 MB of files, 11 MB with their brotli and gzip
 * bodies) fits, with room to grow; past it the least recently asked-for files go first and are read again on demand.
 */
export const DEFAULT_WEB_FILES_BYTES = 32 * 1024 * 1024

/** How long a file is served as it was read before the server looks whether it changed on disk. */
const RECHECK_MS = 1000

/** A file of the web build as read, with its identity on disk when read and its text once asked for. */
type Kept = Encoded & { size: number; mtimeMs: number; ino: number; checkedAt: number; text?: string }

/** A request path as a file name in the build, or `undefined` for one that could name a file outside it. */
function fileName(path: string): string | undefined {
  let name: string
  try {
    name = decodeURI(path)
  } catch {
    return undefined
  }
  // As hono's own serveStatic: no dot segments, backslashes, empty segments or encoded characters past decoding.
  if (/(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(name) || name.includes('%')) return undefined
  return name.replace(/^\/+/, '')
}

/**
 * The files of the web build at `root`, each read once and compressed once (brotli and gzip, see encoded.ts) at its
 * first request, and kept in a cache bounded by `maxBytes`. A file's entry is keyed by its path and checked against
 * the file on disk at most once every second, so a build rewritten in place is served as it now is.
 */
export function webFiles(root: string, { maxBytes = DEFAULT_WEB_FILES_BYTES, now = () => Date.now() } = {}) {
  const kept = new LRUCache<string, Kept>({ maxSize: maxBytes, sizeCalculation: (file) => Math.max(1, sizeOf(file)) })
  const pending = new Map<string, Promise<Kept | undefined>>()

  async function load(name: string, previous: Kept | undefined): Promise<Kept | undefined> {
    const path = join(root, name)
    const stats = await stat(path).catch(() => undefined)
    if (!stats?.isFile()) {
      kept.delete(name)
      return undefined
    }
    if (previous && previous.size === stats.size && previous.mtimeMs === stats.mtimeMs && previous.ino === stats.ino) {
      previous.checkedAt = now()
      return previous
    }
    const type = getMimeType(name) ?? 'application/octet-stream'
    const encoded = await encode(await readFile(path), type, 'most')
    const file: Kept = { ...encoded, size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, checkedAt: now() }
    kept.set(name, file)
    return file
  }

  /** The build's file `name` (`assets/app-1a2b.js`), or `undefined` when there is none. */
  function file(name: string): Promise<Kept | undefined> {
    const found = kept.get(name)
    if (found && now() - found.checkedAt < RECHECK_MS) return Promise.resolve(found)
    let loading = pending.get(name)
    if (!loading) {
      loading = load(name, found).finally(() => pending.delete(name))
      pending.set(name, loading)
    }
    return loading
  }

  return {
    file,
    /** The text of the build's file `name`, the same string while the file is unchanged. */
    async text(name: string): Promise<string | undefined> {
      const found = await file(name)
      if (!found) return undefined
      found.text ??= found.identity.toString('utf8')
      return found.text
    },
    /**
     * Serves the build's files at their paths, for GET and HEAD: those under /assets/ (named by their content's hash)
     * to be kept for good, the others to be checked again on each use. Paths with no file go on to the next handler,
     * and so, without a look on disk, do paths whose last segment has no extension: the app's routes (see pageHtml).
     */
    serve: (async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
      if (!(c.req.path.split('/').pop() ?? '').includes('.')) return next()
      const name = fileName(c.req.path)
      if (!name) return next()
      const found = await file(name)
      if (!found) return next()
      const cacheControl = name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
      return sendEncoded(c, found, { cacheControl })
    }) satisfies MiddlewareHandler,
    size: () => ({ entries: kept.size, bytes: kept.calculatedSize }),
  }
}

export type WebFiles = ReturnType<typeof webFiles>
