import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry, sepolia } from 'viem/chains'
import { MULTICALL3_ADDRESS } from '../src/multicall3.ts'
import { type Artifact, build } from './compile.ts'
import { decorationSpecs } from './decorations.ts'

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
  const publicClient = createPublicClient({ chain, transport }) as PublicClient
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

  const deploy = async (name: string, args: unknown[]): Promise<Address> => {
    const artifact: Artifact = artifacts[name]
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, account, chain })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress || receipt.status !== 'success') throw new Error(`deploying ${name} failed`)
    const address = getAddress(receipt.contractAddress)
    log(`${name} ${address}`)
    return address
  }
  const send = async (address: Address, abi: Abi, functionName: string, args: unknown[]) => {
    const { request } = await publicClient.simulateContract({ address, abi, functionName, args, account })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
    if (receipt.status !== 'success') throw new Error(`${functionName} failed`)
  }

  const owner = account.address
  const contracts: Record<string, Address> = {}
  contracts.SkyRenderer = await deploy('SkyRenderer', [])
  contracts.Chainellation = await deploy('Chainellation', [
    owner,
    contracts.SkyRenderer,
    BigInt(options.maxSupply ?? 15_000),
    options.basePrice ?? 0n,
    options.customizationPrice ?? 0n,
  ])
  contracts.Decorations = await deploy('Decorations', [owner, contracts.Chainellation])
  await send(contracts.Chainellation, artifacts.Chainellation.abi, 'setDecorations', [contracts.Decorations])
  for (const spec of decorationSpecs) {
    const art = readFileSync(join(root, 'decoration-art', spec.art), 'utf8')
    contracts[spec.key] = spec.free
      ? await deploy('FreeDecoration', [spec.name, art])
      : await deploy('DecorationToken', [
          owner,
          spec.name,
          spec.symbol,
          art,
          options.decorationPrice ?? 0n,
          spec.maxSupply,
        ])
    await send(contracts.Decorations, artifacts.Decorations.abi, 'register', [
      contracts[spec.key],
      spec.layer,
      spec.free,
    ])
  }

  const deployment: Deployment = { chainId, startBlock, contracts }
  if (options.writeBindings ?? true) writeDeployment(deployment)
  return deployment
}

/** Puts Multicall3 at its canonical address on a local chain, which anvil does not have. */
async function installMulticall3(publicClient: PublicClient, wallet: WalletClient): Promise<void> {
  const existing = await publicClient.getCode({ address: MULTICALL3_ADDRESS })
  if (existing && existing !== '0x') return
  // viem ships Multicall3's creation code (for its deployless calls) but does not export it; run it once
  // to learn the runtime code, then place that where viem and wagmi look for it.
  const viemDir = dirname(createRequire(import.meta.url).resolve('viem/package.json'))
  const { multicall3Bytecode } = (await import(
    pathToFileURL(join(viemDir, '_esm', 'constants', 'contracts.js')).href
  )) as { multicall3Bytecode: Hex }
  const { data } = await publicClient.call({ data: multicall3Bytecode })
  if (!data) throw new Error('Multicall3 creation code returned nothing')
  await wallet.request({ method: 'anvil_setCode' as never, params: [MULTICALL3_ADDRESS, data] as never })
}

/** Records a deployment and regenerates the typed address module from every recorded chain. */
export function writeDeployment(deployment: Deployment): void {
  mkdirSync(deploymentsDir, { recursive: true })
  writeFileSync(join(deploymentsDir, `${deployment.chainId}.json`), `${JSON.stringify(deployment, null, 2)}\n`)
  const all = readdirSync(deploymentsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(deploymentsDir, f), 'utf8')) as Deployment)
  const entries = all.map((d) => {
    const contracts = Object.entries(d.contracts)
      .map(([name, address]) => `      ${name}: '${getAddress(address)}',`)
      .join('\n')
    return `  ${d.chainId}: {\n    chainId: ${d.chainId},\n    startBlock: ${d.startBlock},\n    contracts: {\n${contracts}\n    },\n  },`
  })
  const text = `// Generated by \`npm run deploy -w contracts\` from deployments/*.json. Do not edit.\n\nexport const deployments = {\n${entries.join('\n')}\n} as const\n`
  writeFileSync(generatedPath, text)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const envFile = join(root, '..', '.env')
  if (existsSync(envFile)) process.loadEnvFile(envFile)
  const { values } = parseArgs({
    options: { network: { type: 'string', default: 'local' }, 'rpc-url': { type: 'string' } },
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
  const deployment = await deployAll({ rpcUrl, privateKey, log: (line) => process.stdout.write(`  ${line}\n`) })
  process.stdout.write(`deployed to chain ${deployment.chainId}; bindings written to src/generated/deployments.ts\n`)
}
