import { existsSync } from 'node:fs'
import { freePort } from '@chainellation/contracts/anvil'
import { startStack } from '@chainellation/scripts/stack'
import { STACK_ENV } from './stack-env'

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/**
 * Starts the real stack (anvil, deployed contracts, the API serving the web app built for the local chain)
 * once for all tests, with a fresh database folder.
 */
export default async function globalSetup() {
  const [anvilPort = 0, apiPort = 0, webPort = 0] = await distinctFreePorts(3)
  const stack = await startStack({
    anvilPort,
    apiPort,
    webPort,
    mode: 'production',
    log: (source, line) => {
      if (source === 'stack') process.stdout.write(`[stack] ${line}\n`)
    },
  })
  // Workers start after global setup and inherit this environment.
  process.env[STACK_ENV] = JSON.stringify({
    webUrl: stack.webUrl,
    rpcUrl: stack.rpcUrl,
    chainId: stack.chainId,
    dataDir: stack.dataDir,
    contracts: stack.deployment.contracts,
  })
  return async () => {
    await stack.stop()
    if (existsSync(stack.dataDir)) throw new Error(`the stack left its database folder behind: ${stack.dataDir}`)
  }
}
