import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry, sepolia } from 'viem/chains'
import { MULTICALL3_ADDRESS } from '../src/multicall3.ts'
import { type Artifact, build, writeAside } from './compile.ts'
import { decorationSpecs } from './decorations.ts'
import { sendSigned } from './send-signed.ts'

/** Where a deployment's contracts live on one chain. */
export type Deployment = {
  chainId: number
  /** Block of the first deployment transaction, where event scans can start. */
  startBlock: number
  contracts: Record<string, Address>
}

export type DeployOptions = {
  rpcUrl: string
  /** Deployer key; defaults to anvil's first test account on the local chain. */
  privateKey?: Hex
  /** Write `deployments/<chainId>.json` and `src/generated/deployments.ts` (default true). */
  writeBindings?: boolean
  /**
   * Write the deployment and its bindings into this folder instead (`<chainId>.json` and `deployments.ts`, which also
   * lists the recorded deployments), leaving the recorded ones as they are: a rehearsal's chain, say. A build given
   * the folder as DEPLOYMENTS_DIR uses its `deployments.ts` (docs/decisions/production.md).
   */
  outDir?: string
  /** Skies' cap and prices in wei; 15,000 and free by default (test chains). */
  maxSupply?: number
  basePrice?: bigint
  customizationPrice?: bigint
  decorationPrice?: bigint
  log?: (line: string) => void
}

/** Anvil's well-known test mnemonic; its accounts are funded on the local chain only. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

const root = fileURLToPath(new URL('..', import.meta.url))
const deploymentsDir = join(root, 'deployments')
const generatedPath = join(root, 'src', 'generated', 'deployments.ts')

const chains: Record<number, Chain> = { [foundry.id]: foundry, [sepolia.id]: sepolia }

/** Deploys every game contract, registers the decorations, and (by default) writes the bindings. */
export async function deployAll(options: DeployOptions): Promise<Deployment> {
  const log = options.log ?? (() => {})
  const transport = http(options.rpcUrl)
  const probe = createPublicClient({ transport })
  const chainId = await probe.getChainId()
  const chain = chains[chainId] ?? { ...foundry, id: chainId, name: `chain ${chainId}` }
  // Each wave waits for its receipts. viem polls every 4 s on a chain that names no block time (Sepolia's and anvil's
  // definitions name none), which left up to 4 s between a wave's block and the next wave on Sepolia's 12-second
  // blocks; a second is a few more requests for a wave that waits less.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 1_000 }) as PublicClient
  const account = options.privateKey
    ? privateKeyToAccount(options.privateKey)
    : chainId === foundry.id
      ? mnemonicToAccount(ANVIL_MNEMONIC)
      : undefined
  if (!account) throw new Error(`a deployer key is needed on chain ${chainId}: set DEPLOYER_PRIVATE_KEY`)
  const wallet = createWalletClient({ account, chain, transport })
  const artifacts = await build()
  const startBlock = Number(await publicClient.getBlockNumber()) + 1

  if (chainId === foundry.id) await installMulticall3(publicClient, wallet)

  // Transactions go out in waves: each wave is prepared whole (gas estimated against the code the earlier waves left,
  // nonces consecutive), sent at once, and awaited together. A constructor checks that the contract it is given holds
  // code, so the renderer comes before the skies, the skies before their registry, and the registry before the calls
  // that wire it up: four waves, so four blocks on a chain with 12-second blocks rather than one per transaction.
  // Preparing a wave before sending any of it also keeps an estimate from meeting a block that a local chain, mining
  // at once and keeping no history, has just replaced.
  let nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const owner = account.address
  const contracts: Record<string, Address> = {}
  type Request = { to?: Address; data: Hex; what: string }
  const deployRequest = (name: string, artifact: string, args: unknown[], offset: number): Request => {
    contracts[name] = getContractAddress({ from: owner, nonce: BigInt(nonce + offset) })
    const { abi, bytecode } = artifacts[artifact] as Artifact
    return { data: encodeDeployData({ abi, bytecode, args }), what: name }
  }
  const wave = async (requests: Request[]) => {
    const prepared = []
    for (const { to, data } of requests)
      prepared.push(await wallet.prepareTransactionRequest({ to, data, account, chain, nonce: nonce++ }))
    const hashes: Hash[] = []
    for (const request of prepared) hashes.push(await sendSigned(wallet, await wallet.signTransaction(request)))
    const receipts = await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash })))
    receipts.forEach((receipt, i) => {
      const { to, what } = requests[i] as Request
      if (receipt.status !== 'success') throw new Error(`${to ? what : `deploying ${what}`} failed`)
      if (to) return
      if (!receipt.contractAddress || getAddress(receipt.contractAddress) !== contracts[what])
        throw new Error(`${what} is not at ${contracts[what]}: was the deployer's account used elsewhere meanwhile?`)
      log(`${what} ${contracts[what]}`)
    })
  }

  // The ERC-2771 forwarder the skies and their registry trust goes out last, with the calls that wire the game up,
  // so that the other contracts keep the addresses they had before it: they take its address, known from its nonce,
  // in their constructors.
  const forwarderNonce = nonce + 1 + (1 + decorationSpecs.length) + 1 + (1 + decorationSpecs.length)
  const forwarder = getContractAddress({ from: owner, nonce: BigInt(forwarderNonce) })

  await wave([deployRequest('SkyRenderer', 'SkyRenderer', [], 0)])
  await wave([
    deployRequest(
      'Chainellation',
      'Chainellation',
      [
        owner,
        contracts.SkyRenderer,
        BigInt(options.maxSupply ?? 15_000),
        options.basePrice ?? 0n,
        options.customizationPrice ?? 0n,
        forwarder,
      ],
      0,
    ),
    ...decorationSpecs.map((spec, i) => {
      const art = readFileSync(join(root, 'decoration-art', spec.art), 'utf8')
      return spec.free
        ? deployRequest(spec.key, 'FreeDecoration', [spec.name, art], 1 + i)
        : deployRequest(
            spec.key,
            'DecorationToken',
            [owner, spec.name, spec.symbol, art, options.decorationPrice ?? 0n, spec.maxSupply],
            1 + i,
          )
    }),
  ])
  await wave([deployRequest('Decorations', 'Decorations', [owner, contracts.Chainellation, forwarder], 0)])

  const calls = [
    {
      address: contracts.Chainellation as Address,
      abi: artifacts.Chainellation.abi,
      functionName: 'setDecorations',
      args: [contracts.Decorations],
    },
    ...decorationSpecs.map((spec) => ({
      address: contracts.Decorations as Address,
      abi: artifacts.Decorations.abi,
      functionName: 'register',
      args: [contracts[spec.key], spec.layer, spec.free],
    })),
  ]
  // Simulated first, so that a revert is told in words before anything is sent.
  for (const call of calls) await publicClient.simulateContract({ ...call, account })
  if (nonce + calls.length !== forwarderNonce) throw new Error('the forwarder would not be at the address planned')
  await wave([
    ...calls.map(({ address, abi, functionName, args }) => ({
      to: address,
      data: encodeFunctionData({ abi, functionName, args }),
      what: functionName,
    })),
    deployRequest('Forwarder', 'ChainellationForwarder', [], calls.length),
  ])

  const deployment: Deployment = { chainId, startBlock, contracts }
  if (options.outDir) writeDeployment(deployment, options.outDir)
  else if (options.writeBindings ?? true) writeDeployment(deployment)
  return deployment
}

/**
 * Multicall3's runtime code, as it sits at its canonical address on every chain that has it, learned by running
 * its creation code on `publicClient`'s node (no transaction). viem ships that creation code for its deployless
 * calls but does not export it.
 */
export async function multicall3RuntimeCode(publicClient: Pick<PublicClient, 'call'>): Promise<Hex> {
  const viemDir = dirname(createRequire(import.meta.url).resolve('viem/package.json'))
  const { multicall3Bytecode } = (await import(
    pathToFileURL(join(viemDir, '_esm', 'constants', 'contracts.js')).href
  )) as { multicall3Bytecode: Hex }
  const { data } = await publicClient.call({ data: multicall3Bytecode })
  if (!data) throw new Error('Multicall3 creation code returned nothing')
  return data
}

/** Puts Multicall3 at its canonical address on a local chain, which anvil does not have; viem and wagmi look there. */
async function installMulticall3(publicClient: PublicClient, wallet: WalletClient): Promise<void> {
  const existing = await publicClient.getCode({ address: MULTICALL3_ADDRESS })
  if (existing && existing !== '0x') return
  const code = await multicall3RuntimeCode(publicClient)
  await wallet.request({ method: 'anvil_setCode' as never, params: [MULTICALL3_ADDRESS, code] as never })
}

const readDeployments = (dir: string): Deployment[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d+\.json$/.test(f))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Deployment)
    : []

/** The typed address module for `all`, one entry per chain in chain id order. */
export function deploymentsModule(all: Deployment[]): string {
  const entries = [...all]
    .sort((a, b) => a.chainId - b.chainId)
    .map((d) => {
      const contracts = Object.entries(d.contracts)
        .map(([name, address]) => `      ${name}: '${getAddress(address)}',`)
        .join('\n')
      return `  ${d.chainId}: {\n    chainId: ${d.chainId},\n    startBlock: ${d.startBlock},\n    contracts: {\n${contracts}\n    },\n  },`
    })
  return `// Generated by \`npm run deploy -w contracts\` from deployments/*.json. Do not edit.\n\nexport const deployments = {\n${entries.join('\n')}\n} as const\n`
}

/**
 * Records a deployment and regenerates the typed address module from every recorded chain: in the package's own
 * `deployments/` and `src/generated/`, or, given `outDir`, in that folder alone, with the recorded chains beside it.
 */
export function writeDeployment(deployment: Deployment, outDir?: string): void {
  const dir = outDir ?? deploymentsDir
  mkdirSync(dir, { recursive: true })
  replaceFile(join(dir, `${deployment.chainId}.json`), `${JSON.stringify(deployment, null, 2)}\n`)
  const byChain = new Map<number, Deployment>()
  for (const d of [...readDeployments(deploymentsDir), ...(outDir ? readDeployments(outDir) : [])])
    byChain.set(d.chainId, d)
  replaceFile(outDir ? join(outDir, 'deployments.ts') : generatedPath, deploymentsModule([...byChain.values()]))
}

/** Writes `text` to `path` when it differs: every local stack records the same local deployment. */
function replaceFile(path: string, text: string) {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return
  writeAside(path, text)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const envFile = join(root, '..', '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  const { values } = parseArgs({
    options: {
      network: { type: 'string', default: 'local' },
      'rpc-url': { type: 'string' },
      // A folder for the deployment and its bindings, instead of deployments/ and src/generated/.
      out: { type: 'string' },
    },
  })
  const network = values.network
  if (network !== 'local' && network !== 'sepolia') throw new Error(`unknown network "${network}": local or sepolia`)
  const rpcUrl = values['rpc-url'] ?? (network === 'sepolia' ? process.env.SEPOLIA_RPC_URL : 'http://127.0.0.1:8545')
  if (!rpcUrl) throw new Error('set SEPOLIA_RPC_URL (or pass --rpc-url) to deploy to Sepolia')
  const privateKey = process.env.DEPLOYER_PRIVATE_KEY as Hex | undefined
  if (network === 'sepolia' && !privateKey) throw new Error('set DEPLOYER_PRIVATE_KEY to deploy to Sepolia')
  const expected = network === 'sepolia' ? sepolia.id : foundry.id
  const actual = await createPublicClient({ transport: http(rpcUrl) }).getChainId()
  if (actual !== expected) throw new Error(`${rpcUrl} serves chain ${actual}, not ${network} (${expected})`)
  const outDir = values.out ? resolve(values.out) : undefined
  const deployment = await deployAll({
    rpcUrl,
    privateKey,
    outDir,
    log: (line) => process.stdout.write(`  ${line}\n`),
  })
  const where = outDir ? join(outDir, 'deployments.ts') : 'src/generated/deployments.ts'
  process.stdout.write(`deployed to chain ${deployment.chainId}; bindings written to ${where}\n`)
}
