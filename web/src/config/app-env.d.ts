declare module 'virtual:app-env' {
  /** The build variables as `parseEnv` read them (vite-plugins/app-env.ts). */
  export const env: import('./env-schema').Env
}
