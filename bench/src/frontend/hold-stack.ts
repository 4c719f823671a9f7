// Starts our production stack on free ports, with sky #1 minted as the bench's does, and holds it until interrupted,
// printing its web URL: for tracing a press or profiling a page against one build several times (trace-press.ts,
// page-cpu.ts).
import { freePort } from '@chainellation/contracts/anvil'
import { startStack } from '@chainellation/scripts/stack'
import { mintFirstSky } from './mint-sky-one'

const ports = new Set<number>()
while (ports.size < 3) ports.add(await freePort())
const [anvilPort = 0, apiPort = 0, webPort = 0] = [...ports]
const stack = await startStack({ anvilPort, apiPort, webPort, mode: 'production' })
await mintFirstSky(stack)
process.stdout.write(`${stack.webUrl}\n`)
const stop = () => void stack.stop().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
setInterval(() => {}, 1 << 30)
