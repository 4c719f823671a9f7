import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { RehearsalStartError, startRehearsal } from './rehearsal'

describe('startRehearsal', () => {
  it('names the piece that cannot start, before starting anything, when the public port is taken', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const started = startRehearsal({ port })
      await expect(started).rejects.toBeInstanceOf(RehearsalStartError)
      await expect(started).rejects.toThrow(`the load balancer did not start: port ${port} is already in use`)
    } finally {
      taken.close()
    }
  })
})
