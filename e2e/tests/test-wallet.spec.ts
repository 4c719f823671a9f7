import { jsonOf, startProxy } from '@chainellation/scripts/proxy'
import type { Page } from '@playwright/test'
import { type Hex, recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Rpc } from '../support/chain'
import { expect, test } from '../support/fixtures'
import { ANVIL_ACCOUNTS, TEST_WALLET_INFO, TestWallet, WALLET_FAULTS } from '../support/test-wallet'

// The wallet on a page of its own, so these tests check the wallet and nothing of the app.
const BLANK = 'http://wallet.test/'

type Answer = { result: unknown } | { error: { code: number; message: string } }

async function openBlank(page: Page) {
  await page.route(`${BLANK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  )
  // What a dapp does as it loads: ask for providers, keep what is announced, listen to the wallet's events.
  await page.addInitScript(() => {
    const scope = window as unknown as { announced: unknown[]; events: [string, unknown][] }
    scope.announced = []
    scope.events = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent).detail
      scope.announced.push(detail)
      if (scope.announced.length > 1) return
      for (const name of ['accountsChanged', 'chainChanged', 'connect'])
        detail.provider.on(name, (data: unknown) => scope.events.push([name, data]))
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
  await page.goto(BLANK)
}

type Receipt = { status: string; from: string }

/** The receipt of a sent transaction: anvil mines it a moment after answering the send, longer on a busy machine. */
async function minedReceipt(rpc: Rpc, hash: string): Promise<Receipt> {
  let receipt: Receipt | null = null
  await expect
    .poll(
      async () => {
        receipt = (await rpc('eth_getTransactionReceipt', [hash])) as Receipt | null
        return receipt !== null
      },
      { message: `receipt of ${hash}` },
    )
    .toBe(true)
  return receipt as unknown as Receipt
}

/** Calls the announced provider from the page; a failure comes back as `{ error }`. */
function call(page: Page, method: string, params: unknown[] = []): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      const scope = window as unknown as {
        announced: { provider: { request: (a: unknown) => Promise<unknown> } }[]
      }
      try {
        return { result: await scope.announced[0]?.provider.request({ method, params }) }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { error: { code, message } }
      }
    },
    { method, params },
  )
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { events: [string, unknown][] }).events)

test.describe('the test wallet', () => {
  test('announces itself by EIP-6963, and again whenever a page asks', async ({ page, wallet }) => {
    expect(wallet.isConnected).toBe(false)
    await openBlank(page)
    const infos = await page.evaluate(() =>
      (window as unknown as { announced: { info: unknown }[] }).announced.map((d) => d.info),
    )
    // Once at its own start (before the page listened) would be lost; the page's request brings it.
    expect(infos).toEqual([TEST_WALLET_INFO])
    expect(TEST_WALLET_INFO.icon).toMatch(/^data:image\/svg\+xml,/)
    await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
    expect(await page.evaluate(() => (window as unknown as { announced: unknown[] }).announced.length)).toBe(2)
  })

  test('gives the page no account until it asks, and remembers the site across loads', async ({ page, wallet }) => {
    await openBlank(page)
    expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [wallet.account] })
    expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.account] })
    expect(await events(page)).toContainEqual(['accountsChanged', [wallet.account]])

    await page.reload()
    expect(await call(page, 'eth_accounts')).toEqual({ result: [wallet.account] })
    expect(await call(page, 'wallet_revokePermissions', [{ eth_accounts: {} }])).toEqual({ result: null })
    expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
  })

  test('fails the next call of a method as a rejection, once', async ({ page, wallet }) => {
    await openBlank(page)
    wallet.rejectNext('eth_requestAccounts')
    expect(await call(page, 'eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(await call(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [wallet.account] })
    expect(wallet.methods.filter((m) => m === 'eth_requestAccounts')).toHaveLength(2)
  })

  test('switches to chains it knows and fails with 4902 for others until they are added', async ({ page, wallet }) => {
    await openBlank(page)
    expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }])).toEqual({ result: null })
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0xaa36a7' })
    const unknown = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])
    expect(unknown).toMatchObject({ error: { code: 4902 } })
    expect(wallet.chainId).toBe(11155111)

    const base = { chainId: '0x2105', chainName: 'Base', rpcUrls: ['http://127.0.0.1:1'] }
    expect(await call(page, 'wallet_addEthereumChain', [base])).toEqual({ result: null })
    expect(wallet.chainId).toBe(8453)
    expect(await events(page)).toEqual(
      expect.arrayContaining([
        ['chainChanged', '0xaa36a7'],
        ['chainChanged', '0x2105'],
      ]),
    )
  })

  test('tells the page when the person switches chain or account in the wallet', async ({ page, wallet }) => {
    await openBlank(page)
    await call(page, 'eth_requestAccounts')
    await wallet.setChain(1)
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x1' })
    const other = ANVIL_ACCOUNTS.find((a) => a !== wallet.account) ?? ANVIL_ACCOUNTS[0]
    await wallet.setAccount(other)
    expect(await call(page, 'eth_accounts')).toEqual({ result: [other] })
    await wallet.disconnect()
    expect(await events(page)).toEqual(
      expect.arrayContaining([
        ['connect', { chainId: '0x7a69' }],
        ['chainChanged', '0x1'],
        ['accountsChanged', [other]],
        ['accountsChanged', []],
      ]),
    )
  })

  test('lets anvil sign and send for the connected account only', async ({ page, wallet, rpc }) => {
    await openBlank(page)
    const message = '0x68656c6c6f' // "hello"
    expect(await call(page, 'personal_sign', [message, wallet.account])).toMatchObject({ error: { code: 4100 } })
    await call(page, 'eth_requestAccounts')

    const signed = await call(page, 'personal_sign', [message, wallet.account])
    expect(signed).toEqual({ result: await rpc('personal_sign', [message, wallet.account]) })
    const other = ANVIL_ACCOUNTS.find((a) => a !== wallet.account)
    expect(await call(page, 'personal_sign', [message, other])).toMatchObject({ error: { code: 4100 } })

    const sent = await call(page, 'eth_sendTransaction', [{ from: wallet.account, to: wallet.account, value: '0x1' }])
    expect(sent).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const receipt = await minedReceipt(rpc, (sent as { result: string }).result)
    expect(receipt).toMatchObject({ status: '0x1', from: wallet.account.toLowerCase() })

    // Errors from the node reach the page with their code.
    expect(await call(page, 'eth_getBalance', ['not an address', 'latest'])).toMatchObject({
      error: { code: expect.any(Number) },
    })
  })

  test('answers -32002 once when told a request is already pending, and counts what it put in the way', async ({
    page,
    wallet,
  }) => {
    await openBlank(page)
    wallet.pendingNext('eth_requestAccounts')
    wallet.rejectNext('eth_requestAccounts')
    expect(await call(page, 'eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.' },
    })
    expect(await call(page, 'eth_requestAccounts')).toMatchObject({
      error: { code: -32002, message: expect.stringContaining('already pending') },
    })
    expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [wallet.account] })
    expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x2105' }])).toMatchObject({
      error: { code: 4902 },
    })
    expect(Object.fromEntries(wallet.faults)).toEqual({
      [WALLET_FAULTS.rejection]: 1,
      [WALLET_FAULTS.pending]: 1,
      [WALLET_FAULTS.unknownChain]: 1,
    })
  })

  test('keeps a held request open until the person answers, then answers as it would at that moment', async ({
    page,
    wallet,
    rpc,
  }) => {
    await openBlank(page)
    await call(page, 'eth_requestAccounts')
    const tx = { from: wallet.account, to: wallet.account, value: '0x1' }
    const first = wallet.holdNext('eth_sendTransaction')
    const answer = call(page, 'eth_sendTransaction', [tx])
    expect(await first.arrived).toEqual({ method: 'eth_sendTransaction', params: [tx] })
    // Confirmed: sent on the chain it was asked on, even though the person has moved to another since.
    await wallet.setChain(1)
    const confirmed = await first.approve()
    expect(confirmed).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(await answer).toEqual(confirmed)
    const receipt = await minedReceipt(rpc, (confirmed as { result: string }).result)
    expect(receipt.from).toBe(wallet.account.toLowerCase())

    // Held, then the person selects another account: the wallet no longer signs for the first.
    const second = wallet.holdNext('eth_sendTransaction')
    const refused = call(page, 'eth_sendTransaction', [tx])
    await second.arrived
    await wallet.setAccount(ANVIL_ACCOUNTS.find((a) => a !== wallet.account) ?? ANVIL_ACCOUNTS[0])
    expect(await second.approve()).toMatchObject({ error: { code: 4100 } })
    expect(await refused).toMatchObject({ error: { code: 4100 } })

    const third = wallet.holdNext('personal_sign')
    const rejected = call(page, 'personal_sign', ['0x68656c6c6f', wallet.account])
    expect(await third.reject()).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    expect(await rejected).toMatchObject({ error: { code: 4001 } })
  })

  test('signs messages itself for an account whose key it holds', async ({ page, wallet }) => {
    const address = wallet.learnKey(generatePrivateKey())
    await wallet.setAccount(address)
    await openBlank(page)
    expect(await call(page, 'eth_requestAccounts')).toEqual({ result: [address] })
    const message = '0x68656c6c6f'
    const signed = await call(page, 'personal_sign', [message, address])
    expect(signed).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) })
    const signature = (signed as { result: Hex }).result
    expect(await recoverMessageAddress({ message: { raw: message }, signature })).toBe(address)
  })

  test('forgets a network the person deletes, falling back to mainnet, until a page adds it again', async ({
    page,
    wallet,
    stack,
  }) => {
    await openBlank(page)
    await wallet.removeChain(stack.chainId)
    expect(wallet.chainId).toBe(1)
    expect(await call(page, 'eth_chainId')).toEqual({ result: '0x1' })
    const local = toChainId(stack.chainId)
    expect(await call(page, 'wallet_switchEthereumChain', [{ chainId: local }])).toMatchObject({
      error: { code: 4902 },
    })
    expect(await call(page, 'wallet_addEthereumChain', [{ chainId: local, rpcUrls: [stack.rpcUrl] }])).toEqual({
      result: null,
    })
    expect(await call(page, 'eth_blockNumber')).toMatchObject({ result: expect.stringMatching(/^0x/) })
    expect(await events(page)).toEqual(expect.arrayContaining([['chainChanged', '0x1']]))
  })
})

const toChainId = (id: number) => `0x${id.toString(16)}`

/**
 * A provider in front of `upstream` that fails the first call of each method in `failing` with a 503: a read before it
 * reaches the node, a send after (the node has the transaction; its answer is lost).
 */
async function flakyProvider(upstream: string, failing: string[]) {
  const failed = new Set<string>()
  const lost = () =>
    Response.json({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'upstream failed' } }, { status: 503 })
  const proxy = await startProxy({
    upstream,
    keepPath: false,
    handle: async ({ body, forward }) => {
      const method = String((jsonOf(body) as { method?: unknown } | undefined)?.method ?? '')
      const fail = failing.includes(method) && !failed.has(method)
      if (fail) failed.add(method)
      if (fail && method !== 'eth_sendRawTransaction') return lost()
      const answer = await forward()
      return fail ? lost() : answer
    },
  })
  return { url: proxy.url, failed, close: proxy.close }
}

test('a wallet that retries asks again after a provider’s 503, and sends the same signed transaction again', async ({
  page,
  stack,
  rpc,
}) => {
  const provider = await flakyProvider(stack.anvilUrl, ['eth_getBalance', 'eth_sendRawTransaction'])
  try {
    const key = generatePrivateKey()
    const account = privateKeyToAccount(key).address
    await rpc('anvil_setBalance', [account, '0xde0b6b3a7640000'])
    const wallet = new TestWallet({
      rpcUrl: provider.url,
      localChainId: stack.chainId,
      account,
      privateKeys: [key],
      signsTransactions: true,
      retriesProviderFailures: true,
    })
    await wallet.install(page)
    await openBlank(page)
    await call(page, 'eth_requestAccounts')
    expect(await call(page, 'eth_getBalance', [account, 'latest'])).toEqual({ result: '0xde0b6b3a7640000' })
    const sent = await call(page, 'eth_sendTransaction', [{ from: account, to: account, value: '0x1' }])
    expect(sent).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(await minedReceipt(rpc, (sent as { result: string }).result)).toMatchObject({ status: '0x1' })
    expect([...provider.failed].sort()).toEqual(['eth_getBalance', 'eth_sendRawTransaction'])
  } finally {
    await provider.close()
  }
})
