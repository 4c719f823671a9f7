// Running the system's tools (buildah, debootstrap, mount, docker-compose) from the image check: each command's output
// is kept, and a failure says which command failed with the last lines it printed.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/** A command that exited with an error; `tail` holds its last lines of output. */
export class CommandError extends Error {
  constructor(
    readonly command: string,
    readonly code: number | null,
    readonly tail: string[],
  ) {
    super(
      `\`${command}\` failed (${code === null ? 'killed' : `exit ${code}`})${tail.length ? `:\n${tail.join('\n')}` : ''}`,
    )
    this.name = 'CommandError'
  }
}

export type RunOptions = {
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Each line the command writes, on either stream, as it writes it. */
  onLine?: (line: string) => void
  /** Lines of output a failure quotes (default 40). */
  tailLines?: number
}

/** A command line as a person would type it, for messages. */
export const commandLine = (command: string, args: readonly string[]) =>
  [command, ...args]
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replaceAll("'", `'\\''`)}'`))
    .join(' ')

/** Runs `command` to its end; resolves with what it wrote to stdout, rejects with a {@link CommandError}. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  const { env = process.env, cwd, onLine, tailLines = 40 } = options
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    const stdout: string[] = []
    const tail: string[] = []
    const keep = (line: string) => {
      tail.push(line)
      if (tail.length > tailLines) tail.shift()
      onLine?.(line)
    }
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk.toString('utf8')))
    createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', keep)
    createInterface({ input: child.stderr, crlfDelay: Number.POSITIVE_INFINITY }).on('line', keep)
    child.once('error', (error) => reject(new CommandError(commandLine(command, args), null, [error.message])))
    child.once('close', (code) => {
      if (code === 0) resolve(stdout.join(''))
      else reject(new CommandError(commandLine(command, args), code, tail))
    })
  })
}

/** Whether `command` is found on PATH. */
export async function onPath(command: string): Promise<boolean> {
  return run('sh', ['-c', 'command -v "$1"', 'sh', command]).then(
    () => true,
    () => false,
  )
}

/** `work` run once, however often the function is called: an undo that a signal's cleanup and a finally may both reach. */
export function once<T>(work: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined
  return () => {
    result ??= work()
    return result
  }
}
