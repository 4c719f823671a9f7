import { fileURLToPath } from 'node:url'

// This module sits one folder below the server package, in src/ as the bundle's files do in dist/ (see
// scripts/build.ts), so the same relative paths find the package's files from the sources and from the bundle.

/** The server package's folder. */
export const serverDir = fileURLToPath(new URL('..', import.meta.url))

/** The repository's root folder, which holds the server and the web app. */
export const repositoryDir = fileURLToPath(new URL('../..', import.meta.url))
