import { z } from 'zod'

const urls = z
  .string()
  .transform((text) => text.split(',').map((url) => url.trim()))
  .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1))
  // One URL listed twice would only double its share of the limiter's budget against the same provider.
  .refine((list) => new Set(list).size === list.length, 'INDEXER_RPC_URLS lists the same URL twice.')

const schema = z.object({
  /** The chain whose deployment (from @chainellation/contracts) is indexed. */
  INDEXER_CHAIN_ID: z.coerce.number().int().positive().default(31337),
  /** Comma-separated JSON-RPC URLs of distinct providers. */
  INDEXER_RPC_URLS: urls.default(['http://127.0.0.1:8545']),
  /** A ceiling in requests per second for each URL, when a provider's plan sets one. */
  INDEXER_RPS: z.coerce.number().positive().optional(),
  INDEXER_POLLING_MS: z.coerce.number().int().positive().default(1_000),
  /** Embedded database folder, when no DATABASE_URL is set. */
  INDEXER_PGLITE_DIR: z.string().min(1).default('.ponder/pglite'),
  /**
   * A folder written by `npm run deploy -w contracts -- --out <dir>` whose `<chainId>.json` is indexed instead of the
   * recorded deployment (a rehearsal's chain, say).
   */
  DEPLOYMENTS_DIR: z.string().min(1).optional(),
  /** Postgres in production; one writer (`ponder start`) and any number of `ponder serve` readers share it. */
  DATABASE_URL: z.url().optional(),
})

export type IndexerEnv = z.infer<typeof schema>

/** The indexer's settings from `env`; throws with every problem named. */
export function indexerEnv(env: Record<string, string | undefined>): IndexerEnv {
  const blanks = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = schema.safeParse(blanks)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`invalid indexer settings: ${problems.join('; ')}`)
  }
  return parsed.data
}
