/**
 * The web app's build variables, parsed once as the app is built (vite-plugins/app-env.ts, by `env-schema.ts`): a
 * wrong one fails the build with its name, and the browser reads plain values. Parsing them in the browser cost the
 * wallet stack's first task ~30 ms at 4× CPU (docs/decisions/first-use.md).
 */
export { env } from 'virtual:app-env'
