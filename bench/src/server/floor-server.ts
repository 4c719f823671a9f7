// The floor the API's CPU per request is held against (docs/decisions/production.md, "What it costs a request"):
// each measured route's work with nothing around it. A bare Hono app on @hono/node-server, on the rehearsal's
// Postgres through postgres.js, sending the SQL the API's Drizzle queries send (server/src/auth/store.ts's
// findSession, server/src/drafts/store.ts's findDraft and updateDraft) and answering the same JSON; and the pages
// as the very bytes the API sends in each coding, kept in memory.
//
// Started by prod-load.ts under plain node with the API's heap flags. Node runs this file by stripping its types, no
// loader: only erasable TypeScript here, and no imports of the workspace's own files, so that the process is as bare
// as the API's bundle (no tsx hooks resolving or compiling anything at run time).
//
// Settings: PORT, DATABASE_URL, FLOOR_PAGES, a JSON object of request path to the files of its bodies as the API sent
// them (`{ identity, br, gzip }`), and FLOOR_HEADERS, of route ('GET /api/auth/session', 'GET /') to the headers the
// API answers it with that are the same on every answer (the security headers, Cache-Control): the floor sends what
// the API sends, less the work around it.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import postgres from 'postgres'

const SESSION_COOKIE = 'chainellation_session'
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const DRAFT_COLUMNS = '"id", "owner", "name", "chain_id", "sky_id", "layers", "created_at", "updated_at"'
const FIND_SESSION =
  'select "address", "chain_id", "expires_at" from "sessions" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2)'
const FIND_DRAFT = `select ${DRAFT_COLUMNS} from "drafts" where "drafts"."id" = $1`
const UPDATE_DRAFT = `update "drafts" set "name" = $1, "updated_at" = $2 where ("drafts"."id" = $3 and "drafts"."owner" = $4) returning ${DRAFT_COLUMNS}`

type DraftRow = {
  id: string
  owner: string
  name: string
  chain_id: number
  sky_id: string | null
  layers: unknown
  created_at: Date
  updated_at: Date
}

// As the API's client (server/src/db/index.ts): postgres.js's defaults, so its pool of 10 and prepared statements.
const sql = postgres(process.env.DATABASE_URL ?? '', {
  onnotice: () => {},
  connection: { application_name: 'chainellation-floor' },
})

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

async function findSession(token: string | undefined) {
  if (token === undefined || !TOKEN.test(token)) return undefined
  const [row] = await sql.unsafe(FIND_SESSION, [hashToken(token), new Date().toISOString()])
  return row as unknown as { address: string; chain_id: number } | undefined
}

const draftJson = (row: DraftRow) => ({
  id: row.id,
  owner: row.owner,
  name: row.name,
  chainId: row.chain_id,
  skyId: row.sky_id,
  layers: row.layers,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
})

/** The files of a page's bodies, one for each coding, as the API sent them. */
type PageFiles = { identity: string; br: string; gzip: string }

/**
 * A page as the API sends it, its bodies read from `files`. Not compressed here: the API compresses its build's pages
 * harder than those it writes per answer (a sky's, server/src/static/encoded.ts), and the floor is to send what the
 * API sends, byte for byte.
 */
function encoded(files: PageFiles) {
  const identity = readFileSync(files.identity)
  return {
    identity,
    br: readFileSync(files.br),
    gzip: readFileSync(files.gzip),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  }
}

const answerHeaders = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, Record<string, string>>
const headersOf = (route: string) => answerHeaders[route] ?? {}
const SESSION_HEADERS = headersOf('GET /api/auth/session')
const DRAFT_READ_HEADERS = headersOf('GET /api/drafts/:id')
const DRAFT_WRITE_HEADERS = headersOf('PATCH /api/drafts/:id')

const app = new Hono()
  // Liveness, as the API's: answered from memory (the bench times a start to its first answer, prod-load.ts).
  .get('/api/health', (c) => c.json({ ok: true as const }))
  .get('/api/auth/session', async (c) => {
    const session = await findSession(getCookie(c, SESSION_COOKIE))
    if (!session) return c.json({ authenticated: false as const }, 200, SESSION_HEADERS)
    return c.json(
      { authenticated: true as const, address: session.address, chainId: session.chain_id },
      200,
      SESSION_HEADERS,
    )
  })
  .get('/api/drafts/:id', async (c) => {
    const [row] = await sql.unsafe(FIND_DRAFT, [c.req.param('id')])
    if (!row) return c.json({ error: 'missing' }, 404)
    return c.json(draftJson(row as unknown as DraftRow), 200, DRAFT_READ_HEADERS)
  })
  .patch('/api/drafts/:id', async (c) => {
    // The API's PATCH at the database: the session's lookup, then one conditional UPDATE; no transaction.
    const session = await findSession(getCookie(c, SESSION_COOKIE))
    if (!session) return c.json({ error: 'signed out' }, 401)
    const { name } = (await c.req.json()) as { name: string }
    const params = [name, new Date().toISOString(), c.req.param('id'), session.address]
    const [row] = await sql.unsafe(UPDATE_DRAFT, params)
    if (!row) return c.json({ error: 'missing' }, 404)
    return c.json(draftJson(row as unknown as DraftRow), 200, DRAFT_WRITE_HEADERS)
  })

for (const [path, files] of Object.entries(JSON.parse(process.env.FLOOR_PAGES ?? '{}') as Record<string, PageFiles>)) {
  const page = encoded(files)
  const pageHeaders = headersOf(`GET ${path}`)
  app.get(path, (c) => {
    const accepted = c.req.header('Accept-Encoding') ?? ''
    const coding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity'
    const body = page[coding]
    const headers: Record<string, string> = {
      ...pageHeaders,
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-cache',
      ETag: coding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${coding}"`,
      Vary: 'Accept-Encoding',
    }
    if (coding !== 'identity') headers['Content-Encoding'] = coding
    return c.body(body as Uint8Array<ArrayBuffer>, 200, headers)
  })
}

// The database reached before the port opens, as the API reaches its own before it listens (server/src/index.ts): the
// floor of a start is a process that can answer every route it serves.
await sql`select 1`
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) })
