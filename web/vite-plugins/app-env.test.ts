import type { Plugin, ResolvedConfig } from 'vite'
import { describe, expect, it } from 'vitest'
import { appEnv } from './app-env.ts'

type Hook = (this: unknown, ...args: unknown[]) => unknown
const call = (plugin: Plugin, hook: 'configResolved' | 'resolveId' | 'load', ...args: unknown[]) =>
  (plugin[hook] as Hook).call({}, ...args)

/** The module `virtual:app-env` is for the build variables `env` (as Vite exposes them as `import.meta.env`). */
function moduleFor(env: Record<string, string>): string {
  const plugin = appEnv()
  call(plugin, 'configResolved', { env: { MODE: 'production', ...env } } as unknown as ResolvedConfig)
  const id = call(plugin, 'resolveId', 'virtual:app-env')
  return call(plugin, 'load', id) as string
}

describe('appEnv', () => {
  it('writes the parsed variables, defaults filled, as the module’s `env`', () => {
    const source = moduleFor({ VITE_LOCAL_CHAIN: 'true', VITE_ALCHEMY_API_KEY: ' key ', VITE_TWITTER_URL: '' })
    const env = JSON.parse(source.replace(/^export const env = /, ''))
    expect(env).toMatchObject({
      VITE_LOCAL_CHAIN: true,
      VITE_ALCHEMY_API_KEY: 'key',
      VITE_TWITTER_URL: 'https://twitter.com/chainellation',
      VITE_SAFE_ORIGINS: ['https://app.safe.global'],
    })
    expect(env).not.toHaveProperty('MODE')
  })

  it('stops the build on a wrong variable, naming it', () => {
    expect(() => moduleFor({ VITE_SEPOLIA_RPC_URL: 'ftp://node.example' })).toThrow(
      /Invalid web app configuration — VITE_SEPOLIA_RPC_URL/,
    )
  })

  it('answers its own module only', () => {
    const plugin = appEnv()
    expect(call(plugin, 'resolveId', 'virtual:app-env')).toBe('\0virtual:app-env')
    expect(call(plugin, 'resolveId', 'virtual:other')).toBeNull()
    expect(call(plugin, 'load', '/src/config/env.ts')).toBeNull()
  })
})
