import { fileURLToPath } from 'node:url'

/** Ponder's command-line entry (its package's `bin`), for starting the indexer with `node` in a process of its own. */
export const ponderBin = fileURLToPath(new URL('./bin/ponder.js', import.meta.resolve('ponder')))

/**
 * What node is given wherever the indexer starts: a V8 heap of 640 MiB. Ponder sizes its cache of indexed rows to a
 * fifth of the heap's limit, which V8 sets from the machine's memory (4 GiB on a 24 GiB machine), so on Postgres at
 * 150,000 skies the indexer held 1,180 MB by default (indexing in 67 s) and 838–892 MB with this limit (75–82 s)
 * (docs/decisions/indexer.md, "Counted after the first wave"). `npm run start -w indexer` gives it the same.
 */
export const INDEXER_NODE_FLAGS = ['--max-old-space-size=640'] as const

/** What `node` is run with to start Ponder's `command` on 127.0.0.1:`port`, then `options` (`--log-format json`). */
export const ponderArgs = (command: 'start' | 'serve', port: number, ...options: string[]) => [
  ...INDEXER_NODE_FLAGS,
  ponderBin,
  command,
  '--hostname',
  '127.0.0.1',
  '--port',
  String(port),
  ...options,
]

/** This workspace's folder, where `ponder.config.ts` lives: the indexer's working directory. */
export const indexerDir = fileURLToPath(new URL('..', import.meta.url))
