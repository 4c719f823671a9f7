// The app's pages by path pattern, as the route table matches them; the build writes them to `routes.json`, from
// which the API answers any other path with 404 (server/src/web-pages.ts). No `@/` import: the Vite config reads it.

/** Every page of the app; `:name` stands for one path segment. */
export const APP_PATHS = [
  '/',
  '/mint',
  '/stargaze',
  '/compose',
  '/compose/:skyId',
  '/sky/:skyId',
  '/activity',
  '/leaderboard',
  '/collector/:address',
  '/draft/:draftId',
] as const

/** The file in the build that lists them: `{ "paths": [...] }`. */
export const ROUTES_FILE = 'routes.json'
