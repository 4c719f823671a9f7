// The rehearsal's load balancer: nginx from the system's packages, with the configuration compose ships
// (deploy/nginx/chainellation.conf.template), so that the drills and the production figures go through the proxy a
// deployment runs. Only the addresses differ: the template's ${NAME}s, filled in here as the nginx image fills them in.
import { accessSync, chmodSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const NGINX_TEMPLATE = fileURLToPath(
  new URL('../../../deploy/nginx/chainellation.conf.template', import.meta.url),
)

/** Where a system's package puts nginx: on PATH, or in sbin, which a user's PATH often lacks. */
export function findNginx(path = process.env.PATH ?? ''): string | undefined {
  const dirs = [...path.split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/sbin']
  for (const dir of dirs) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK)
      return join(dir, 'nginx')
    } catch {
      // Not in this folder.
    }
  }
  return undefined
}

/**
 * `template` with every `${NAME}` replaced by `values[NAME]`, as envsubst does; throws naming any that `values` lacks,
 * so that a name added to the template cannot reach nginx unfilled.
 */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const missing = new Set<string>()
  const filled = template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) missing.add(name)
    return value ?? ''
  })
  if (missing.size) throw new Error(`the nginx template needs ${[...missing].join(', ')}`)
  return filled
}

/** The value of the first `name …;` directive in an nginx configuration, e.g. `keepalive_timeout` → `4s`. */
export const nginxDirective = (config: string, name: string) =>
  config.match(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm'))?.[1]

/** An nginx time in seconds (`4s`, `1m`, `500ms`); NaN for anything else. */
export function nginxSeconds(value: string | undefined): number {
  const [, amount, unit = 's'] = value?.match(/^(\d+)(ms|s|m|h)?$/) ?? []
  return Number(amount) * ({ ms: 0.001, s: 1, m: 60, h: 3600 }[unit] ?? Number.NaN)
}

export type NginxSetup = {
  /** The folder nginx runs in: its configuration, pid file and temporary files. */
  dir: string
  port: number
  /** The API processes, `host:port`. */
  upstreams: [string, string]
}

/**
 * Writes nginx's main configuration into `dir` and returns the arguments that run it in the foreground. The main
 * file stands in for the nginx image's own (workers, events, the http block including the site); its paths all point
 * into `dir`, so that nginx needs nothing of the system's /etc/nginx and /var.
 */
export function prepareNginx({ dir, port, upstreams }: NginxSetup): string[] {
  const site = fillTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    NGINX_PORT: `127.0.0.1:${port}`,
    API_1: upstreams[0],
    API_2: upstreams[1],
    // nginx opens the path; the rehearsal's pipes are sockets, which /dev/stdout cannot be opened on.
    ACCESS_LOG: join(dir, 'access.log'),
  })
  // Started as root, nginx's workers run as an unprivileged user, which must reach the folders they buffer into.
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o755)
  const temp = join(dir, 'temp')
  mkdirSync(temp, { recursive: true, mode: 0o777 })
  chmodSync(temp, 0o777)
  writeFileSync(join(dir, 'chainellation.conf'), site)
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${join(temp, kind)};`,
  )
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes auto;',
      `pid ${join(dir, 'nginx.pid')};`,
      'error_log stderr warn;',
      // A client and an upstream connection a request: 512 at once a worker, within the usual limit of 1,024 open files.
      'events { worker_connections 1024; }',
      'http {',
      ...paths,
      `  include ${join(dir, 'chainellation.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  return ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']
}
