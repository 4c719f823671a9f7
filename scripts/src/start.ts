import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ANVIL_MNEMONIC } from '@chainellation/contracts/deploy'
import { LOCAL_SAFE_OWNERS } from '@chainellation/contracts/safe'
import { fail, runInForeground, write } from './foreground'
import { exitText } from './runner'
import { type ServiceName, ServicePortInUseError, startStack } from './stack'
import { accent, bold, dim } from './term'

// Anvil's account #0: public test keys every Foundry/Hardhat user knows; never fund them on a real network.
const TEST_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TEST_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

const portEnv: Record<ServiceName, string> = {
  anvil: 'ANVIL_PORT',
  indexer: 'INDEXER_PORT',
  api: 'PORT',
  web: 'WEB_PORT',
}
const label: Record<ServiceName, string> = { anvil: 'anvil', indexer: 'indexer', api: 'API', web: 'web app' }

function port(name: string, fallback: number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1 || value > 65_535) fail(`${name} must be a port number, got "${text}".`)
  return value
}

// Settings from the repository's .env; the shell's own environment wins.
const envFile = fileURLToPath(new URL('../../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)

const anvilPort = port('ANVIL_PORT', 8545)
const apiPort = port('PORT', 8787)
const webPort = port('WEB_PORT', 5173)
const indexerPort = port('INDEXER_PORT', 42069)
// Sessions outlive a restart of `npm start`; delete the folder to start afresh.
const dataDir = process.env.DATA_DIR || fileURLToPath(new URL('../../.data/pglite', import.meta.url))
mkdirSync(dataDir, { recursive: true })
// The local chain starts over on every run, so its index does too; the folder is only kept for a look after a run.
const indexerDataDir = process.env.INDEXER_DATA_DIR || fileURLToPath(new URL('../../.data/indexer', import.meta.url))
// A self-hosted Safe{Wallet} that frames the app must be allowed by the web app as well as by the API.
const safeOrigins = process.env.SAFE_ORIGINS ? process.env.SAFE_ORIGINS.split(',').map((o) => o.trim()) : undefined

await runInForeground({
  start: (signal) =>
    startStack({
      anvilPort,
      apiPort,
      webPort,
      indexerPort,
      mode: 'dev',
      dataDir,
      indexerDataDir,
      safeOrigins,
      signal,
      log: (source, line) => {
        // Anvil logs every RPC call; the API and Vite log what a developer needs.
        if (source === 'stack') write(dim(`… ${line}`))
        else if (source !== 'anvil') write(`${dim(`[${source}]`)} ${line}`)
      },
    }),
  ready(stack) {
    const webUrl = `http://localhost:${webPort}`
    const contracts = Object.entries(stack.deployment.contracts)
    const width = Math.max(...contracts.map(([name]) => name.length))
    write('')
    write(accent('chainellation is running'))
    write(`  Web app   ${bold(webUrl)}`)
    write(`  API       ${stack.apiUrl}/api/health`)
    write(`  Indexer   ${stack.indexerUrl}/sync`)
    write(`  RPC       ${stack.rpcUrl} (chain id ${stack.chainId})`)
    write(`  Data      ${stack.dataDir}`)
    write('  Contracts')
    for (const [name, address] of contracts) write(`    ${name.padEnd(width)}  ${address}`)
    write(`  Test account ${TEST_ACCOUNT} (10,000 ETH): import private key ${TEST_KEY} into your wallet`)
    write('  and add the network above. It is a public test key: never use it on a real network.')
    const owners = (ids: readonly number[]) =>
      ids.length === 1 ? `owner: account ${ids[0]}` : `owners: accounts ${ids.join(' and ')}`
    write(`  Safes     1-of-1 ${stack.safes.oneOfOne.address}  ${owners(LOCAL_SAFE_OWNERS.oneOfOne)}`)
    write(`            2-of-2 ${stack.safes.twoOfTwo.address}  ${owners(LOCAL_SAFE_OWNERS.twoOfTwo)}`)
    write(`  Owners are accounts of the test mnemonic "${ANVIL_MNEMONIC}". To use a Safe, add ${webUrl}`)
    write('  as a custom Safe App in a Safe{Wallet} connected to the RPC above.')
    write(`  ENS       ${stack.ensUniversalResolver}  local stand-in: any account may set its own name and avatar`)
    write(dim('  Press Ctrl-C to stop.'))
    write('')
  },
  unexpected: (exit) => `${label[exit.service]} exited unexpectedly (${exitText(exit)})`,
  failure: (error) =>
    error instanceof ServicePortInUseError
      ? `port ${error.port} is already in use (${label[error.service]}). Stop whatever uses it or set ${portEnv[error.service]}.`
      : error instanceof Error
        ? error.message
        : String(error),
})
