/** One thing `npm run bench` measures: a command that prints its own table, then a one-line summary. */
export type Measurement = {
  name: string
  /** Run from the repository root; its output is shown as it comes. */
  command: [string, ...string[]]
  /** Reads what the command wrote; throws when it is missing or stale. */
  summarize: (root: string, startedAt: number) => string
}
