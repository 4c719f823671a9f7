import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hasRoom, memoryScratch, sweepScratch } from './scratch'

const GiB = 1024 ** 3
const free = (bytes: number) => () => ({ bavail: bytes / 4096, bsize: 4096 })
const roots: string[] = []
const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'scratch-test-'))
  roots.push(root)
  return root
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

describe('hasRoom', () => {
  it('compares the free space with what is asked', () => {
    expect(hasRoom('/any', GiB, free(2 * GiB))).toBe(true)
    expect(hasRoom('/any', GiB, free(64 * 1024 ** 2))).toBe(false)
  })

  it('is false where the file system does not exist', () => {
    expect(hasRoom('/no/such/file/system', 1)).toBe(false)
  })
})

describe('memoryScratch', () => {
  it('makes a folder named after this process where there is room', () => {
    const root = newRoot()
    const folder = memoryScratch('run-', root, free(4 * GiB))
    expect(folder && dirname(folder)).toBe(root)
    expect(folder && basename(folder)).toMatch(new RegExp(`^run-${process.pid}-`))
    // As /tmp: another account (Postgres's, when the tests run as root) reaches its own folder inside.
    expect(folder && statSync(folder).mode & 0o7777).toBe(0o1777)
  })

  it('gives none where memory is short, and the run keeps the system’s temporary folder', () => {
    expect(memoryScratch('run-', newRoot(), free(GiB))).toBeUndefined()
  })
})

describe('sweepScratch', () => {
  it('removes the folders of runs that are gone and keeps those of runs alive', () => {
    const root = newRoot()
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    for (const name of [`run-${gone}-aaaaaa`, `run-${process.pid}-bbbbbb`, `other-${gone}-cccccc`]) {
      mkdirSync(join(root, name))
    }
    sweepScratch('run-', root)
    expect(existsSync(join(root, `run-${gone}-aaaaaa`))).toBe(false)
    expect(existsSync(join(root, `run-${process.pid}-bbbbbb`))).toBe(true)
    expect(existsSync(join(root, `other-${gone}-cccccc`))).toBe(true)
  })
})
