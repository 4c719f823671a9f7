import { describe, expect, it } from 'vitest'
import { scaleFigures } from './server-figures'

describe('scale figures', () => {
  const measured = (indexSeconds: number, p95: number, rss: number) => ({
    indexSeconds,
    indexerRssMb: rss,
    indexerPeakRssMb: rss + 100,
    galleryP95Ms20: p95 / 2,
    galleryP95Ms100: p95,
    filterP95Ms100: p95,
    activityP95Ms100: p95,
    diskMb: 10,
  })
  const figures = scaleFigures({
    sizes: [
      { skies: 15_000, databases: { pglite: measured(30, 40, 800), postgres: measured(20, 30, 400) } },
      { skies: 150_000, databases: { pglite: { error: 'out of memory' }, postgres: measured(599, 51, 1000) } },
    ],
  })
  const byId = (id: string) => figures.find((f) => f.id === id)

  it('names each figure scale.<skies>.<db>.<figure>, a failed database’s unmeasured', () => {
    expect(figures).toHaveLength(4 * 9)
    expect(byId('scale.15000.postgres.diskMb')).toMatchObject({ ours: 10, unit: 'MB', target: null })
    expect(byId('scale.150000.pglite.indexSeconds')).toMatchObject({ ours: null, met: null })
  })

  it('holds 150,000 skies on Postgres to 10 minutes, 50 ms at 100 clients and 1 GB, and PGlite at 15,000 to 768 MB', () => {
    expect(byId('scale.150000.postgres.indexSeconds')).toMatchObject({ ours: 599, met: true })
    expect(byId('scale.150000.postgres.galleryP95Ms100')).toMatchObject({ ours: 51, met: false })
    expect(byId('scale.150000.postgres.activityP95Ms100')?.target).toEqual({ op: '<=', value: 50 })
    expect(byId('scale.150000.postgres.indexerRssMb')).toMatchObject({ met: true })
    expect(byId('scale.15000.pglite.indexerRssMb')).toMatchObject({ ours: 800, met: false })
    expect(byId('scale.15000.postgres.indexerRssMb')?.target).toBeNull()
    expect(byId('scale.15000.postgres.galleryP95Ms100')?.target).toBeNull()
  })
})
