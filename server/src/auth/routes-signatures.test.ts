// The sign-in routes' checks of signatures: an account's, a smart account's on the chain, and a node that lies.

import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorOf, getNonce, signIn, useAuthApps, verify } from '../../test/auth-app'
import { messageFor, testOrigin as origin, sessionCookieOf } from '../../test/sign-in'

const auth = useAuthApps()
const { setup } = auth

describe('signatures', () => {
  it('refuses a signature by another account', async () => {
    const { res } = await signIn(setup(), {}, privateKeyToAccount(generatePrivateKey()))
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe('The signature does not match the message and its address.')
  })

  it('refuses a signature of a different message', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    const signature = await account.signMessage({ message: `${message}\n` })
    expect((await verify(s.app, { message, signature })).status).toBe(401)
  })

  it('refuses bytes that are no signature at all', async () => {
    const s = setup()
    const account = privateKeyToAccount(generatePrivateKey())
    const message = messageFor(account, await getNonce(s), s.now())
    for (const signature of [`0x${'00'.repeat(65)}`, '0x1234', `0x${'ff'.repeat(65)}`]) {
      const res = await verify(s.app, { message, signature })
      expect(res.status, signature).toBe(401)
    }
  })

  describe('smart accounts (ERC-1271), checked on the chain', () => {
    const magic = '1626ba7e'
    // Runtime code answering every call with a 4-byte value: PUSH4 v PUSH1 0xe0 SHL PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
    const answering = (value: string) => `0x63${value}60e01b60005260206000f3` as const

    async function contractAccount(code: `0x${string}`) {
      const address = privateKeyToAccount(generatePrivateKey()).address
      await createTestClient({ mode: 'anvil', chain: anvilChain, transport: http(auth.rpcUrl) }).setCode({
        address,
        bytecode: code,
      })
      return address
    }

    async function signInAs(address: `0x${string}`) {
      const s = setup()
      const message = createSiweMessage({
        domain: 'localhost:5173',
        uri: origin,
        address,
        chainId: 31337,
        nonce: await getNonce(s),
        issuedAt: s.now(),
        version: '1',
      })
      return verify(s.app, { message, signature: `0x${'ab'.repeat(65)}` })
    }

    it('accepts a contract account that approves the signature', async () => {
      const address = await contractAccount(answering(magic))
      const res = await signInAs(address)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ address, chainId: 31337 })
    })

    it('refuses a contract account that rejects it', async () => {
      const res = await signInAs(await contractAccount(answering('ffffffff')))
      expect(res.status).toBe(401)
    })
  })

  describe('a node that lies', () => {
    /**
     * A JSON-RPC node on a free port that answers every eth_call with `true` (so ERC-1271 and ERC-6492 checks pass
     * whatever is signed) and every eth_getCode with `code`; it records the methods it is asked.
     */
    async function lyingNode(code: `0x${string}`) {
      const asked: string[] = []
      const answers: Record<string, unknown> = {
        eth_call: `0x${'00'.repeat(31)}01`,
        eth_getCode: code,
        eth_chainId: '0x7a69',
        eth_blockNumber: '0x1',
      }
      const server = createServer((req, res) => {
        let text = ''
        req.on('data', (chunk) => {
          text += chunk
        })
        req.on('end', () => {
          const { id, method } = JSON.parse(text) as { id: number; method: string }
          asked.push(method)
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id, result: answers[method] ?? null }))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      lying.push(server)
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked }
    }
    const lying: Server[] = []
    afterEach(() => {
      for (const server of lying.splice(0)) server.close()
    })

    it('cannot sign in an ordinary account with someone else’s signature: the node is asked only for code', async () => {
      const node = await lyingNode('0x')
      const s = setup({ chains: [{ chain: anvilChain, rpcUrl: node.url }] })
      const stranger = privateKeyToAccount(generatePrivateKey())
      const { res, account, message } = await signIn(s, {}, stranger)
      expect(res.status).toBe(401)
      expect(await errorOf(res)).toBe('The signature does not match the message and its address.')
      expect(sessionCookieOf(res)).toBeUndefined()
      expect(node.asked).toEqual(['eth_getCode'])

      // Bytes that are no signature at all are refused the same way.
      const garbage = await verify(s.app, { message, signature: `0x${'ab'.repeat(65)}` })
      expect(garbage.status).toBe(401)
      expect(node.asked).not.toContain('eth_call')

      // The account's own signature signs it in without the node.
      node.asked.length = 0
      const own = await verify(s.app, { message, signature: await account.signMessage({ message }) })
      expect(own.status).toBe(200)
      expect(node.asked).toEqual([])
    })

    it('is trusted for an address it says holds a contract: that is what configuring it means', async () => {
      const node = await lyingNode('0x6080')
      const s = setup({ chains: [{ chain: anvilChain, rpcUrl: node.url }] })
      const { res } = await signIn(s, {}, privateKeyToAccount(generatePrivateKey()))
      expect(res.status).toBe(200)
      expect(node.asked).toEqual(['eth_getCode', 'eth_call'])
    })
  })

  it('answers 503, and keeps the nonce, when the chain cannot be reached', async () => {
    const s = setup({ chains: [{ chain: anvilChain, rpcUrl: 'http://127.0.0.1:9' }] })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Another account's signature: ECDSA recovery alone cannot accept it, so the chain must be asked.
    const { res, account, message } = await signIn(s, {}, privateKeyToAccount(generatePrivateKey()))
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
    expect(res.status).toBe(503)
    expect(await errorOf(res)).toMatch(/could not be reached/)
    const retry = await verify(s.app, { message, signature: await account.signMessage({ message }) })
    expect(retry.status).toBe(200)
  })

  it('signs an account in from its signature alone when the chain cannot be reached', async () => {
    const s = setup({ chains: [{ chain: anvilChain, rpcUrl: 'http://127.0.0.1:9' }] })
    const { res } = await signIn(s)
    expect(res.status).toBe(200)
  })
})
