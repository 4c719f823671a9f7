import { fileURLToPath } from 'node:url'

/** Ponder's command-line entry (its package's `bin`), for starting the indexer with `node` in a process of its own. */
export const ponderBin = fileURLToPath(new URL('./bin/ponder.js', import.meta.resolve('ponder')))

/**
 * What node is given wherever the indexer starts (docs/decisions/indexer.md, Memory):
 *
 * - a V8 heap of 640 MiB: Ponder sizes its cache of indexed rows to a fifth of the heap's limit, which V8 sets from
 *   the machine's memory (4 GiB on a 24 GiB machine), so on Postgres at 150,000 skies the indexer held 1,180 MB by
 *   default (indexing in 67 s) and 838–892 MB with this limit (75–82 s);
 * - a young generation of 16 MiB semi-spaces instead of V8's 64 MiB for such a heap (the cache keeps its 192 MB);
 * - PGlite's Postgres kept in WebAssembly's baseline code (Liftoff): when its largest function (123 KB of
 *   WebAssembly) grows hot, V8's optimizing compiler takes 650 MB for a second or two to compile it, which put the
 *   indexer on PGlite at 1,010–1,199 MB soon after its database opened. On Postgres no WebAssembly runs.
 *
 * - the event loop's delay sampled every 10 ms, not every millisecond as Ponder's metrics ask (event-loop-delay.js,
 *   relative to the indexer's folder, where every launcher and the image start it).
 *
 * `npm run start -w indexer` gives all but the third (node refuses `--liftoff-only` in NODE_OPTIONS; it runs on
 * Postgres).
 */
export const INDEXER_NODE_FLAGS = [
  '--max-old-space-size=640',
  '--max-semi-space-size=16',
  '--liftoff-only',
  '--import=./lib/event-loop-delay.js',
] as const

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
