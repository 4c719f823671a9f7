// `npm run rehearse`: the production shape on this machine (docs/decisions/production.md). Options:
//   --port <n>            the public origin's port (default 8080, or REHEARSAL_PORT)
//   --block-seconds <n>   seconds between blocks (default 12, Sepolia's)
//   --calls-per-second <n>, --error-rate <0-1>, --slow-rate <0-1>, --slow-ms <n>, --get-logs-max-blocks <n>
//                         the provider stand-in's plan
import { parseArgs } from 'node:util'
import { fail, runInForeground, write } from './foreground'
import { RehearsalStartError, startRehearsal } from './rehearsal/rehearsal'
import { exitText } from './runner'
import { accent, bold, dim } from './term'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.REHEARSAL_PORT || '8080' },
    'block-seconds': { type: 'string', default: '12' },
    'calls-per-second': { type: 'string' },
    'error-rate': { type: 'string' },
    'slow-rate': { type: 'string' },
    'slow-ms': { type: 'string' },
    'get-logs-max-blocks': { type: 'string' },
  },
})

/** The number `--name` holds, within [min, max]; undefined when it was not given. */
function number(name: keyof typeof values, min: number, max: number): number | undefined {
  const text = values[name]
  if (text === undefined) return undefined
  const value = Number(text)
  if (!Number.isFinite(value) || value < min || value > max)
    fail(`--${name} must be a number from ${min} to ${max}, got "${text}".`)
  return value
}

const port = number('port', 1, 65_535) as number
if (!Number.isInteger(port)) fail(`--port must be a whole number, got "${values.port}".`)
const blockSeconds = number('block-seconds', 0.1, 60) as number
const providerLimits = Object.fromEntries(
  Object.entries({
    callsPerSecond: number('calls-per-second', 1, 100_000),
    errorRate: number('error-rate', 0, 1),
    slowRate: number('slow-rate', 0, 1),
    slowMs: number('slow-ms', 0, 60_000),
    getLogsMaxBlocks: number('get-logs-max-blocks', 1, 1_000_000),
  }).filter(([, v]) => v !== undefined),
)

await runInForeground({
  start: (signal) =>
    startRehearsal({
      port,
      blockSeconds,
      providerLimits,
      signal,
      log: (source, line) => {
        if (source === 'rehearsal') write(dim(`… ${line}`))
        // The chain logs every call; the rest is what an operator reads.
        else if (source !== 'chain') write(`${dim(`[${source}]`)} ${line}`)
      },
    }),
  stopping: dim('… stopping: nginx, the API processes (draining), the indexer, the chain, Postgres'),
  ready(r) {
    const limits = r.provider.limits
    write('')
    write(accent('chainellation rehearsal is running: the production shape, Sepolia-like'))
    write(`  App            ${bold(`http://localhost:${port}`)}  (nginx → ${r.apis.map((a) => a.url).join(', ')})`)
    write(`  API processes  built JavaScript under plain node, on Postgres; /api/health, /api/ready`)
    write(`  Indexer        writer ${r.writer.url}/status  reader ${r.reader.url}/sync  (schema in Postgres)`)
    write(`  Postgres       ${r.postgresUrl}`)
    write(
      `  Provider       ${r.provider.urlFor('<key>')}  ${limits.callsPerSecond} calls/s a key, eth_getLogs ≤ ${limits.getLogsMaxBlocks} blocks and ${limits.getLogsMaxResults} logs, ${limits.errorRate * 100}% 5xx, ${limits.slowRate * 100}% slow`,
    )
    write(`  Chain          id ${r.chainId}, a block every ${blockSeconds} s, reached only through the provider`)
    write(`  Contracts      Chainellation ${r.deployment.contracts.Chainellation}, deployed as to Sepolia`)
    write(`  Player         ${r.player.address} holds 100 ETH: import private key ${r.player.privateKey}`)
    write(
      `                 into a wallet, and add the network: RPC ${r.provider.urlFor('wallet')}, chain id ${r.chainId}`,
    )
    write(dim('  Press Ctrl-C to stop.'))
    write('')
  },
  unexpected: (exit) => `the ${exit.piece} kept exiting (${exitText(exit)})`,
  failure: (error) =>
    error instanceof RehearsalStartError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error),
})
