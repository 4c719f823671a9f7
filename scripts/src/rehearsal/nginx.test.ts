import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fillTemplate, findNginx, NGINX_TEMPLATE, nginxDirective, nginxSeconds, prepareNginx } from './nginx'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const template = readFileSync(NGINX_TEMPLATE, 'utf8')
const directive = (name: string) => nginxDirective(template, name)

describe('the nginx configuration compose ships', () => {
  it('is accepted by nginx as the rehearsal fills it in', () => {
    const nginx = findNginx()
    if (!nginx) throw new Error('nginx is not installed: apt-get install nginx (README, "Quick start")')
    const dir = mkdtempSync(join(tmpdir(), 'nginx-test-'))
    dirs.push(dir)
    const args = prepareNginx({ dir, port: 18_080, upstreams: ['127.0.0.1:18787', '127.0.0.1:18788'] })
    const out = execFileSync(nginx, [...args, '-t'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    expect(out).toBe('')
    const site = readFileSync(join(dir, 'chainellation.conf'), 'utf8')
    expect(site).toContain('server 127.0.0.1:18787 max_fails=1')
    expect(site).toContain('listen 127.0.0.1:18080;')
    expect(site).not.toMatch(/\$\{/)
  })

  it('balances by open requests, gives each request an id and says who the client is', () => {
    expect(template).toMatch(/upstream chainellation_api \{\s*(#.*\n\s*)*least_conn;/)
    expect(directive('proxy_set_header X-Request-Id')).toBe('$request_id')
    expect(directive('proxy_set_header X-Forwarded-For')).toBe('$proxy_add_x_forwarded_for')
    // A POST or PATCH sent once is never sent again to the other process.
    expect(directive('proxy_next_upstream')).not.toContain('non_idempotent')
  })

  it('closes idle connections to the API before the API does', () => {
    // Node's http.Server closes a connection idle for keepAliveTimeout; nginx must drop it first, or a request sent
    // on it as it closes fails.
    const nodeKeepAlive = new Server().keepAliveTimeout / 1000
    expect(nginxSeconds(directive('keepalive_timeout'))).toBeLessThan(nodeKeepAlive)
  })

  it('fills in every name the template uses and refuses to leave one out', () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: envsubst's placeholders, in plain strings on purpose.
    expect(fillTemplate('listen ${NGINX_PORT}; $host', { NGINX_PORT: '8080' })).toBe('listen 8080; $host')
    expect(() => fillTemplate('server ${API_1}; server ${API_3};', { API_1: 'a:1' })).toThrow(/API_3/)
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: the placeholders end here.
  })
})
