import net from 'node:net'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { ephemeralPorts, freePort, PortInUseError, startAnvil } from '../scripts/anvil'

describe('freePort', () => {
  it('hands out distinct ports below the kernel’s ephemeral range, each one free to listen on', async () => {
    const { low } = ephemeralPorts()
    const ports: number[] = []
    for (let i = 0; i < 40; i++) ports.push(await freePort())
    expect(new Set(ports).size).toBe(ports.length)
    for (const port of ports) expect(port).toBeLessThan(low)
    // Each is free: a server listens on it.
    for (const port of ports.slice(0, 5)) {
      const server = net.createServer()
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', resolve)
      })
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('reads the kernel’s range, or Linux’s default where there is none to read', () => {
    expect(ephemeralPorts(() => '49152\t65535\n')).toEqual({ low: 49152, high: 65535 })
    expect(
      ephemeralPorts(() => {
        throw new Error('ENOENT')
      }),
    ).toEqual({ low: 32768, high: 60999 })
  })
})

describe('startAnvil', () => {
  const chainIdAt = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) }).getChainId()

  it('gives each of several anvils started at once its own port, answered by that anvil', async () => {
    // Distinct chain ids tell the processes apart: each URL must reach the anvil it was handed with.
    const anvils = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => startAnvil({ chainId: 31_000 + n })))
    try {
      expect(new Set(anvils.map((a) => a.port)).size).toBe(anvils.length)
      expect(await Promise.all(anvils.map((a) => chainIdAt(a.rpcUrl)))).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => 31_000 + n),
      )
    } finally {
      await Promise.all(anvils.map((a) => a.stop()))
    }
  })

  it('refuses a port another anvil holds, rather than answering with that one', async () => {
    const first = await startAnvil()
    try {
      await expect(startAnvil({ port: first.port })).rejects.toBeInstanceOf(PortInUseError)
    } finally {
      await first.stop()
    }
  })
})
