// compose.yaml's promises that no parser checks: the timings that let a process drain, the secrets left out, and the
// names that must agree between the file, nginx's template and the API. `npm run check:images` validates the file
// against the Compose schema.
import { readFileSync } from 'node:fs'
import { Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { INDEXER_NODE_FLAGS } from '@chainellation/indexer/ponder-bin'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { NGINX_TEMPLATE, nginxDirective, nginxSeconds } from './rehearsal/nginx'

const root = fileURLToPath(new URL('../..', import.meta.url))

type Service = {
  image?: string
  build?: { target?: string }
  command?: string[]
  environment?: Record<string, string>
  stop_grace_period?: string
  stop_signal?: string
  ports?: string[]
  volumes?: string[]
  healthcheck?: { test: string[] }
}
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>
}
const { services } = compose
const service = (name: string) => {
  const found = services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}
const template = readFileSync(NGINX_TEMPLATE, 'utf8')
/** A compose duration (`30s`, `1m30s`) in seconds. */
const durationSeconds = (value: string | undefined) =>
  [...(value ?? '').matchAll(/(\d+)(h|m|s)/g)].reduce(
    (sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit as 'h' | 'm' | 's'],
    0,
  )
const apis = ['api-1', 'api-2'].map(service)

describe('compose.yaml', () => {
  it('runs Postgres, two API processes, one indexer writer and a reader, nginx, Prometheus and Grafana', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api-1', 'api-2', 'grafana', 'indexer-reader', 'indexer-writer', 'nginx', 'postgres', 'prometheus'].sort(),
    )
    for (const api of apis) expect(api.build?.target).toBe('api')
    expect(service('indexer-writer').command?.[0]).toBe('start')
    expect(service('indexer-reader').command?.[0]).toBe('serve')
    for (const name of ['indexer-writer', 'indexer-reader']) expect(service(name).build?.target).toBe('indexer')
  })

  it('gives every process longer to stop than it takes to drain', () => {
    for (const api of apis) {
      const grace = Number(api.environment?.SHUTDOWN_GRACE_SECONDS)
      expect(grace).toBeGreaterThan(0)
      expect(durationSeconds(api.stop_grace_period)).toBeGreaterThan(grace)
      // nginx waits for an answer longer than a draining process takes to give it, and stops after the APIs.
      expect(nginxSeconds(nginxDirective(template, 'proxy_read_timeout'))).toBeGreaterThan(grace)
      expect(durationSeconds(service('nginx').stop_grace_period)).toBeGreaterThan(grace)
    }
    expect(service('nginx').stop_signal).toBe('SIGQUIT')
  })

  it('puts nginx in front of both API processes with the template the rehearsal runs', () => {
    const nginx = service('nginx')
    expect(nginx.volumes).toContain(
      './deploy/nginx/chainellation.conf.template:/etc/nginx/templates/default.conf.template:ro',
    )
    const names = new Set([...template.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map(([, name]) => name))
    expect(new Set(Object.keys(nginx.environment ?? {}))).toEqual(names)
    const port = apis.map((api) => api.environment?.PORT ?? '8787')
    expect([nginx.environment?.API_1, nginx.environment?.API_2]).toEqual([`api-1:${port[0]}`, `api-2:${port[1]}`])
    // One proxy: the API takes the client from the last X-Forwarded-For entry.
    for (const api of apis) expect(api.environment?.TRUST_PROXY).toBe('1')
    // The keep-alive relation nginx relies on holds for the API as the image runs it: Node's default.
    expect(nginxSeconds(nginxDirective(template, 'keepalive_timeout'))).toBeLessThan(
      new Server().keepAliveTimeout / 1000,
    )
  })

  it('takes every secret and provider URL from the environment, never from the file', () => {
    const secret = /PASSWORD|PRIVATE_KEY|SECRET|RPC_URL|DATABASE_URL/
    const literal: string[] = []
    for (const [name, { environment = {} }] of Object.entries(services)) {
      for (const [key, value] of Object.entries(environment)) {
        if (secret.test(key) && !/\$\{[A-Z_]+[:?-]/.test(String(value))) literal.push(`${name}.${key}`)
      }
    }
    expect(literal).toEqual([])
  })

  it('asks the API for readiness before nginx sends it players, and publishes only nginx beyond this host', () => {
    for (const api of apis) expect(api.healthcheck?.test.join(' ')).toContain('/api/ready')
    const published = Object.entries(services)
      .flatMap(([name, { ports = [] }]) => ports.map((port) => ({ name, port })))
      .filter(({ port }) => !port.startsWith('127.0.0.1:'))
    expect(published.map(({ name }) => name)).toEqual(['nginx'])
  })
})

describe('the indexer image', () => {
  it('starts Ponder with the flags every other launcher gives the indexer', () => {
    const containerfile = readFileSync(join(root, 'Containerfile'), 'utf8')
    const entrypoint = /^ENTRYPOINT (\[.*ponder\.js"\])$/m.exec(containerfile)?.[1]
    expect(entrypoint, 'the indexer target’s ENTRYPOINT').toBeDefined()
    const [node, ...flags] = JSON.parse(entrypoint ?? '[]') as string[]
    expect(node).toBe('node')
    expect(flags.slice(0, -1)).toEqual([...INDEXER_NODE_FLAGS])
  })
})
