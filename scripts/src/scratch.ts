import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs'
import { join } from 'node:path'
import { exists } from './processes'

export type Statfs = (path: string) => { bavail: number; bsize: number }

/** Where Linux keeps a file system in memory (tmpfs) that every user may write to. */
export const MEMORY_FS = '/dev/shm'

/** Whether `path` is a file system with at least `bytes` free; false where it does not exist. */
export function hasRoom(path: string, bytes: number, statfs: Statfs = statfsSync): boolean {
  try {
    const { bavail, bsize } = statfs(path)
    return bavail * bsize >= bytes
  } catch {
    return false
  }
}

/** Free memory file system a test run asks for; a whole `npm test` peaked at about 200 MB of scratch files. */
const SCRATCH_ROOM = 2 * 1024 ** 3

/**
 * A new folder in memory (/dev/shm) for one run's scratch files, named after the running process so that a later run
 * can tell it was left behind (see {@link sweepScratch}); undefined where there is no such file system with room.
 * The suites' databases, stacks and browsers write hundreds of megabytes there; on a disk the kernel writes them back
 * (docs/decisions/platform.md). Open to every account, sticky, as /tmp is: run as root, the suites start Postgres as
 * `nobody` (src/postgres.ts), which must reach its own folder in there.
 */
export function memoryScratch(prefix: string, root = MEMORY_FS, statfs: Statfs = statfsSync): string | undefined {
  if (!hasRoom(root, SCRATCH_ROOM, statfs)) return undefined
  try {
    const folder = mkdtempSync(join(root, `${prefix}${process.pid}-`))
    chmodSync(folder, 0o1777)
    return folder
  } catch {
    return undefined
  }
}

/** Removes the scratch folders of runs whose process is gone (killed before it could remove its own). */
export function sweepScratch(prefix: string, root = MEMORY_FS) {
  let entries: string[]
  try {
    entries = readdirSync(root)
  } catch {
    return
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue
    const pid = Number(entry.slice(prefix.length).split('-')[0])
    if (Number.isInteger(pid) && pid > 0 && !exists(pid)) rmSync(join(root, entry), { recursive: true, force: true })
  }
}
