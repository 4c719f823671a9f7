import type { Plugin } from 'vite'
import { parseEnv } from '../src/config/env-schema.ts'

const ID = 'virtual:app-env'
const RESOLVED_ID = `\0${ID}`

/**
 * `virtual:app-env`: the build variables Vite exposes (`import.meta.env`), parsed by `parseEnv` in Node as the
 * config resolves, so that a wrong one stops the build, the dev server and the tests with its name, and the browser
 * gets the parsed values as plain data rather than running the schema (docs/decisions/first-use.md).
 */
export function appEnv(): Plugin {
  let source = ''
  return {
    name: 'chainellation:app-env',
    configResolved(config) {
      source = `export const env = ${JSON.stringify(parseEnv(config.env))}\n`
    },
    resolveId: (id) => (id === ID ? RESOLVED_ID : null),
    load: (id) => (id === RESOLVED_ID ? source : null),
  }
}
