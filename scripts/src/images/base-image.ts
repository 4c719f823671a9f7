// The base image every stage of the Containerfile starts from, docker.io/library/node:24-slim. Where no registry can
// be reached, a stand-in of it is built from Debian's own packages and the Node.js 24 binary this project already runs
// on, with the official image's layout: node, npm and npx in /usr/local/bin, the user `node` (uid and gid 1000, home
// /home/node). It is labelled as a stand-in, and left alone when the real image (or a stand-in) is already there.
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { onPath, run } from './command'

export const BASE_IMAGE = 'docker.io/library/node:24-slim'

/** The label a stand-in carries, so that the check can tell it from the official image. */
export const STAND_IN_LABEL = 'org.chainellation.stand-in'

/** The npm a stand-in carries, where the official image has the one Node.js shipped with. */
const NPM_VERSION = '11.19.1'

/** Debian's release and mirror the stand-in is built from (DEBIAN_SUITE, DEBIAN_MIRROR). */
const suite = () => process.env.DEBIAN_SUITE || 'bookworm'
const mirror = () => process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian'

/** What Debian's slim images leave out, and the package lists a built image has no use for. */
const TRIMMED = [
  'var/lib/apt/lists',
  'var/cache/apt',
  'var/cache/debconf/templates.dat-old',
  'usr/share/doc',
  'usr/share/man',
  'usr/share/info',
  'usr/share/locale',
]

export type BaseImage = { name: string; standIn: boolean; built: boolean }

/** The base image's labels, or undefined when the image is not in local storage. */
async function labelsOf(image: string): Promise<Record<string, string> | undefined> {
  const json = await run('buildah', ['inspect', '--type', 'image', image]).catch(() => undefined)
  if (json === undefined) return undefined
  const config = JSON.parse(json) as { OCIv1?: { config?: { Labels?: Record<string, string> } } }
  return config.OCIv1?.config?.Labels ?? {}
}

/** The npm package's tarball, fetched from the npm registry once into the user's cache. */
async function npmTarball(): Promise<string> {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chainellation')
  const file = join(cache, `npm-${NPM_VERSION}.tgz`)
  if (existsSync(file)) return file
  mkdirSync(cache, { recursive: true })
  await run('npm', ['pack', `npm@${NPM_VERSION}`, '--pack-destination', cache, '--silent'])
  if (!existsSync(file)) throw new Error(`npm pack did not write ${file}`)
  return file
}

/** Fills `root` (an empty working container's mount) with Debian, Node.js 24, npm and the user `node`. */
async function fillRoot(root: string, say: (line: string) => void) {
  say(`debootstrap --variant=minbase ${suite()} from ${mirror()}`)
  await run('debootstrap', ['--variant=minbase', suite(), root, mirror()])
  for (const path of TRIMMED) rmSync(join(root, path), { recursive: true, force: true })
  mkdirSync(join(root, 'var/lib/apt/lists/partial'), { recursive: true })

  say(`Node.js ${process.version} (${process.execPath}) and npm ${NPM_VERSION} into /usr/local`)
  const bin = join(root, 'usr/local/bin')
  mkdirSync(bin, { recursive: true })
  copyFileSync(process.execPath, join(bin, 'node'))
  chmodSync(join(bin, 'node'), 0o755)
  const npmDir = join(root, 'usr/local/lib/node_modules/npm')
  mkdirSync(npmDir, { recursive: true })
  await run('tar', ['-xzf', await npmTarball(), '-C', npmDir, '--strip-components=1', '--no-same-owner'])
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(bin, 'npm'))
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(bin, 'npx'))

  // As the official image creates it.
  await run('chroot', [root, 'groupadd', '--gid', '1000', 'node'])
  await run('chroot', [
    root,
    'useradd',
    '--uid',
    '1000',
    '--gid',
    'node',
    '--shell',
    '/bin/bash',
    '--create-home',
    'node',
  ])
  const version = (await run('chroot', [root, '/usr/local/bin/node', '--version'])).trim()
  if (version !== process.version) throw new Error(`the stand-in's node says ${version}, not ${process.version}`)
}

/** Builds the stand-in from scratch: debootstrap into a working container's mount, then configure and commit. */
async function buildStandIn(say: (line: string) => void) {
  if (process.getuid?.() !== 0) throw new Error('building the stand-in base image needs root (debootstrap, chroot)')
  if (!(await onPath('debootstrap')))
    throw new Error("debootstrap is missing; install it from Debian's packages: apt-get install -y debootstrap")
  if (!process.version.startsWith('v24.'))
    throw new Error(`the stand-in needs Node.js 24 to copy, not ${process.version}`)

  const container = (await run('buildah', ['from', 'scratch'])).trim()
  let mounted = false
  try {
    const root = (await run('buildah', ['mount', container])).trim()
    mounted = true
    await fillRoot(root, say)
    await run('buildah', ['umount', container])
    mounted = false
    const description = `A stand-in for ${BASE_IMAGE}, built from Debian ${suite()}'s packages with Node.js ${process.version}; not the official image.`
    await run('buildah', [
      'config',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--env',
      `NODE_VERSION=${process.version.slice(1)}`,
      '--workingdir',
      '/',
      '--cmd',
      'node',
      '--label',
      `${STAND_IN_LABEL}=true`,
      '--label',
      `org.opencontainers.image.description=${description}`,
      container,
    ])
    await run('buildah', ['commit', '--rm', container, BASE_IMAGE])
  } catch (error) {
    if (mounted) await run('buildah', ['umount', container]).catch(() => {})
    await run('buildah', ['rm', container]).catch(() => {})
    throw error
  }
}

/** Makes sure {@link BASE_IMAGE} is in local storage, building the stand-in when it is not. */
export async function ensureBaseImage(say: (line: string) => void): Promise<BaseImage> {
  const labels = await labelsOf(BASE_IMAGE)
  if (labels) return { name: BASE_IMAGE, standIn: labels[STAND_IN_LABEL] === 'true', built: false }
  say(`${BASE_IMAGE} is not in local storage: building a STAND-IN of it (pull the official image to use it instead)`)
  await buildStandIn(say)
  return { name: BASE_IMAGE, standIn: true, built: true }
}
