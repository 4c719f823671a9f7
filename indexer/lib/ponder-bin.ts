import { fileURLToPath } from 'node:url'

/** Ponder's command-line entry (its package's `bin`), for starting the indexer with `node` in a process of its own. */
export const ponderBin = fileURLToPath(new URL('./bin/ponder.js', import.meta.resolve('ponder')))

/** This workspace's folder, where `ponder.config.ts` lives: the indexer's working directory. */
export const indexerDir = fileURLToPath(new URL('..', import.meta.url))
