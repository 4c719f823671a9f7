// The load balancer's stand-in as a process of its own, as a real one is: it takes a core's worth of work under load,
// which must not be shared with what measures it (the bench's load generator) or with the rehearsal's own loop.
//   node --import tsx balancer-main.ts --port <n> --health-path /api/ready <upstream origin>…
import { parseArgs } from 'node:util'
import { startBalancer } from './balancer'

const { values, positionals } = parseArgs({
  options: { port: { type: 'string' }, 'health-path': { type: 'string' } },
  allowPositionals: true,
})
const balancer = await startBalancer({
  upstreams: positionals,
  port: Number(values.port),
  healthPath: values['health-path'],
})
process.stdout.write(`load balancer on ${balancer.url} → ${positionals.join(', ')}\n`)
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.once(name, () => {
    void balancer.close().then(() => process.exit(0))
  })
}
