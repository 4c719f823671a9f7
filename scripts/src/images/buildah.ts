// The image check's use of buildah: building a target of the Containerfile, reading an image's configuration, and
// mounting an image's files through a working container (containers cannot be run where the check was written, so
// the check runs an image's processes itself: ./chroot-run.ts).
import { once, run } from './command'

/** The part of an image's configuration the check reads (Docker's image format, which keeps HEALTHCHECK). */
export type ImageConfig = {
  User?: string
  Env?: string[]
  Entrypoint?: string[] | null
  Cmd?: string[] | null
  WorkingDir?: string
  ExposedPorts?: Record<string, object>
  StopSignal?: string
  Healthcheck?: { Test?: string[]; Interval?: number; Timeout?: number; StartPeriod?: number; Retries?: number }
  Labels?: Record<string, string> | null
}

export type BuildOptions = {
  /** The build context: the repository's root. */
  context: string
  /** Build secrets, as `id=<id>,src=<file>`. */
  secrets?: string[]
  /** Each line buildah prints. */
  onLine?: (line: string) => void
}

/** The most files a build step may hold open: npm ci needs thousands, and chroot isolation keeps the process's limit. */
async function openFilesLimit(): Promise<string> {
  const hard = (await run('sh', ['-c', 'ulimit -Hn'])).trim()
  const limit = hard === 'unlimited' ? 1_048_576 : Math.min(Number(hard), 1_048_576)
  return `nofile=${limit}:${limit}`
}

/**
 * Builds `target` of the Containerfile as `tag`: offline as far as images go (the base image must be in local
 * storage), in the Docker format (the OCI format drops HEALTHCHECK), with the layers cached between builds and
 * targets, each RUN isolated by chroot (no runtime needed).
 */
export async function buildTarget(target: string, tag: string, options: BuildOptions): Promise<void> {
  const args = [
    'bud',
    '--isolation',
    'chroot',
    '--pull-never',
    '--format',
    'docker',
    '--layers',
    // A failed step's working container is removed too.
    '--force-rm',
    '--ulimit',
    await openFilesLimit(),
    ...(options.secrets ?? []).flatMap((secret) => ['--secret', secret]),
    '--target',
    target,
    '--tag',
    tag,
    '--file',
    'Containerfile',
    '.',
  ]
  await run('buildah', args, { cwd: options.context, onLine: options.onLine, tailLines: 60 })
}

/** The configuration of image `name`. */
export async function inspectImage(name: string): Promise<ImageConfig> {
  const json = JSON.parse(await run('buildah', ['inspect', '--type', 'image', name])) as {
    Docker?: { config?: ImageConfig }
    OCIv1?: { config?: ImageConfig }
  }
  return json.Docker?.config ?? json.OCIv1?.config ?? {}
}

/** The size buildah reports for image `name` (`276 MB`). */
export async function imageSize(name: string): Promise<string> {
  return (await run('buildah', ['images', '--format', '{{.Size}}', name])).trim().split('\n')[0] ?? '?'
}

/** An image's files, mounted read-write through a working container that `release` unmounts and removes. */
export type MountedImage = { container: string; root: string; release: () => Promise<void> }

/** Mounts `image` through a new working container. */
export async function mountImage(image: string): Promise<MountedImage> {
  const container = (await run('buildah', ['from', '--pull-never', image])).trim()
  try {
    const root = (await run('buildah', ['mount', container])).trim()
    const release = once(async () => {
      await run('buildah', ['umount', container]).catch(() => {})
      await run('buildah', ['rm', container])
    })
    return { container, root, release }
  } catch (error) {
    await run('buildah', ['rm', container]).catch(() => {})
    throw error
  }
}

/** The value of `name` in an image's environment (`NAME=value` entries). */
export const envOf = (config: ImageConfig, name: string): string | undefined =>
  config.Env?.find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1)

/** An image's environment as a record. */
export const envRecord = (config: ImageConfig): Record<string, string> =>
  Object.fromEntries(
    (config.Env ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  )
