import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type ChaosReport,
  combine,
  formatChaosTable,
  judge,
  parseChaosReport,
  readChaosReports,
  writeChaosReport,
} from './report'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-report-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const durability: ChaosReport = {
  section: 'Durability (PGlite)',
  rows: [
    { measure: 'writes acknowledged', value: 180 },
    { measure: 'found after the crash', value: 180, expected: 180 },
    { measure: 'database opened cleanly', value: 'yes', expected: 'yes' },
  ],
}

describe('parseChaosReport', () => {
  it('reads a report', () => {
    expect(parseChaosReport('durability-pglite.json', JSON.stringify(durability))).toEqual({
      file: 'durability-pglite.json',
      report: durability,
    })
  })

  it('says a file is not JSON', () => {
    const read = parseChaosReport('api-fuzz.json', '{"section": "API fuzz",')
    expect(read).toEqual({ file: 'api-fuzz.json', error: expect.stringMatching(/^not JSON \(.+\)$/) })
  })

  it('names the wrong fields, a misspelt "expected" included', () => {
    const text = JSON.stringify({
      section: 'API fuzz',
      rows: [
        { measure: '5xx seen', value: 0, expect: 0 },
        { measure: '', value: null },
      ],
    })
    const read = parseChaosReport('api-fuzz.json', text)
    expect('error' in read && read.error).toBe(
      'not a chaos report (rows.0: Unrecognized key: "expect"; rows.1.measure: Too small: expected string to have >=1 characters; rows.1.value: Invalid input)',
    )
  })

  it('refuses a report without rows', () => {
    expect(parseChaosReport('x.json', JSON.stringify({ section: 'S', rows: [] }))).toEqual({
      file: 'x.json',
      error: 'not a chaos report (rows: Too small: expected array to have >=1 items)',
    })
  })
})

describe('judge and combine', () => {
  it('meets a row whose value equals its expected value, and leaves rows without one unjudged', () => {
    const rows = judge({
      section: 'API fuzz',
      rows: [
        { measure: 'requests fuzzed', value: 10_000 },
        { measure: '5xx seen', value: 2, expected: 0 },
        { measure: 'process up at the end', value: 'yes', expected: 'yes' },
        // A number and its digits as text are not the same figure.
        { measure: 'typed', value: '0', expected: 0 },
      ],
    })
    expect(rows.map((r) => [r.section, r.measure, r.met])).toEqual([
      ['API fuzz', 'requests fuzzed', null],
      ['API fuzz', '5xx seen', false],
      ['API fuzz', 'process up at the end', true],
      ['API fuzz', 'typed', false],
    ])
  })

  it('is ok only with every expected report there, readable and met', () => {
    const good = { file: 'durability-pglite.json', report: durability }
    expect(combine([good], ['durability-pglite.json']).ok).toBe(true)
    const missing = combine([good], ['durability-pglite.json', 'api-fuzz.json'])
    expect(missing).toMatchObject({ ok: false, missing: ['api-fuzz.json'], invalid: [] })
    const invalid = combine([good, { file: 'e2e-faults.json', error: 'not JSON' }], ['durability-pglite.json'])
    expect(invalid).toMatchObject({ ok: false, missing: [], invalid: [{ file: 'e2e-faults.json', error: 'not JSON' }] })
    const unmet = { file: 'a.json', report: { section: 'A', rows: [{ measure: 'm', value: 1, expected: 2 }] } }
    expect(combine([good, unmet], []).ok).toBe(false)
  })
})

describe('formatChaosTable', () => {
  it('prints one aligned row per measure, numbers on the right, then what was missing or unreadable', () => {
    const results = combine(
      [
        { file: 'durability-pglite.json', report: durability },
        {
          file: 'api-fuzz.json',
          report: { section: 'API fuzz', rows: [{ measure: '5xx seen', value: 3, expected: 0 }] },
        },
        { file: 'junk.json', error: 'not JSON (Unexpected end of JSON input)' },
      ],
      ['api-fuzz.json', 'durability-pglite.json', 'e2e-faults.json'],
    )
    expect(formatChaosTable(results)).toBe(
      [
        'section              measure                                  value  expected  met',
        '-------------------  ---------------------------------------  -----  --------  ---',
        'Durability (PGlite)  writes acknowledged                        180  –         –',
        'Durability (PGlite)  found after the crash                      180       180  yes',
        'Durability (PGlite)  database opened cleanly                  yes    yes       yes',
        'API fuzz             5xx seen                                     3         0  NO',
        'e2e-faults.json      report written                           no     yes       NO',
        'junk.json            not JSON (Unexpected end of JSON input)  –      –         NO',
      ].join('\n'),
    )
  })
})

describe('writeChaosReport and readChaosReports', () => {
  it('writes nothing without CHAOS_REPORT_DIR', () => {
    expect(writeChaosReport('durability-pglite.json', durability, {})).toBeNull()
  })

  it('writes a report that reads back, and refuses one of the wrong shape before writing it', () => {
    const dir = tempDir()
    const env = { CHAOS_REPORT_DIR: dir }
    const path = writeChaosReport('durability-pglite.json', durability, env)
    expect(path).toBe(join(dir, 'durability-pglite.json'))
    expect(JSON.parse(readFileSync(path as string, 'utf8'))).toEqual(durability)
    expect(() =>
      writeChaosReport('bad.json', { section: 'Bad', rows: [{ measure: 'm', value: Number.NaN }] }, env),
    ).toThrow()
    writeFileSync(join(dir, 'notes.txt'), 'not a report')
    expect(readChaosReports(dir)).toEqual([{ file: 'durability-pglite.json', report: durability }])
  })
})
