// Loaded with --import by drizzle-kit.mjs: resolves drizzle-orm's import() specifiers from the server package.
import { register } from 'node:module'

const serverPackage = new URL('../package.json', import.meta.url).href

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))
        return next(specifier, { ...context, parentURL: ${JSON.stringify(serverPackage)} })
      return next(specifier, context)
    }`)}`,
)
