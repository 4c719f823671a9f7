// The draft routes: a draft made, listed, shared, changed and deleted by its player.
import { describe, expect, it } from 'vitest'
import { call, draftOf, errorOf, layers, listOf, player, sample, useDraftApps } from '../../test/drafts-app'

const { setup } = useDraftApps()

describe('a draft', () => {
  it('is created with 201, its own fields and a link', async () => {
    const s = setup()
    const p = await player(s)
    const res = await p.create(sample({ name: '  Harbour at dusk  ' }))
    expect(res.status).toBe(201)
    const draft = await draftOf(res)
    expect(draft).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      owner: p.address,
      name: 'Harbour at dusk',
      chainId: 31337,
      skyId: '7',
      layers: layers(2, 0, 5),
      createdAt: '2026-03-01T21:00:00.000Z',
      updatedAt: '2026-03-01T21:00:00.000Z',
    })
    expect(res.headers.get('location')).toBe(`/api/drafts/${draft.id}`)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('gets an id of its own each time', async () => {
    const s = setup()
    const p = await player(s)
    const ids = await Promise.all(Array.from({ length: 10 }, async () => (await draftOf(await p.create())).id))
    expect(new Set(ids).size).toBe(10)
  })

  it('may leave the sky out, or name none', async () => {
    const s = setup()
    const p = await player(s)
    const { skyId: _, ...withoutSky } = sample()
    expect((await draftOf(await p.create(withoutSky))).skyId).toBeNull()
    expect((await draftOf(await p.create(sample({ skyId: null })))).skyId).toBeNull()
  })

  it('keeps its layers in order, however they were sent', async () => {
    const s = setup()
    const p = await player(s)
    const [silhouette, sky, object] = layers(1, 2, 3)
    const draft = await draftOf(await p.create(sample({ layers: [object, silhouette, sky] })))
    expect(draft.layers).toEqual([silhouette, sky, object])
  })

  it('takes the extremes of every field', async () => {
    const s = setup()
    const p = await player(s)
    const body = {
      name: '🌌'.repeat(80),
      chainId: 2 ** 31 - 1,
      skyId: (2n ** 256n - 1n).toString(),
      layers: [
        { layer: 1, decorationId: 65_535, tokenId: (2n ** 64n - 1n).toString() },
        { layer: 2, decorationId: 1, tokenId: '0' },
        { layer: 3, decorationId: 0, tokenId: '0' },
      ],
    }
    const res = await p.create(body)
    expect(res.status).toBe(201)
    expect(await draftOf(res)).toMatchObject(body)
  })
})

describe('GET /api/drafts', () => {
  it('lists the signed-in player’s drafts, the most recently changed first', async () => {
    const s = setup()
    const p = await player(s)
    const ids: string[] = []
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await draftOf(await p.create(sample({ name })))).id)
      s.advance(1000)
    }
    expect((await listOf(await p.list())).map((d) => d.name)).toEqual(['Third', 'Second', 'First'])

    expect((await p.patch(ids[0] as string, { name: 'First, renamed' })).status).toBe(200)
    const res = await p.list()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await listOf(res)).map((d) => d.name)).toEqual(['First, renamed', 'Third', 'Second'])
  })

  it('is empty for a new player', async () => {
    const res = await (await player(setup())).list()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ drafts: [] })
  })

  it('shows no one else’s drafts', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    await alice.create(sample({ name: 'Alice’s' }))
    await bob.create(sample({ name: 'Bob’s' }))
    expect((await listOf(await alice.list())).map((d) => [d.name, d.owner])).toEqual([['Alice’s', alice.address]])
    expect((await listOf(await bob.list())).map((d) => [d.name, d.owner])).toEqual([['Bob’s', bob.address]])
  })
})

describe('GET /api/drafts/:id, the share link', () => {
  it('answers anyone with the link, signed in or not, with the draft alone', async () => {
    const s = setup()
    const owner = await player(s)
    const created = await draftOf(await owner.create())
    for (const cookie of [undefined, (await player(s)).cookie, owner.cookie]) {
      const res = await call(s, 'GET', `/api/drafts/${created.id}`, { cookie })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(created)
    }
  })

  it('answers an unknown or malformed id with a JSON 404', async () => {
    const s = setup()
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', 'AAAAAAAAAAAAAAAAAAAAAAA', '%E2%9C%A8', "1'%20or%201=1"]) {
      const res = await call(s, 'GET', `/api/drafts/${id}`)
      expect(res.status, id).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await errorOf(res)).toBe('There is no draft at this address; it may have been deleted.')
    }
  })
})

describe('PATCH /api/drafts/:id', () => {
  it('renames, keeping the composition', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    s.advance(60_000)
    const res = await p.patch(created.id, { name: ' Harbour at night ' })
    expect(res.status).toBe(200)
    expect(await draftOf(res)).toEqual({
      ...created,
      name: 'Harbour at night',
      updatedAt: '2026-03-01T21:01:00.000Z',
    })
  })

  it('replaces the composition, keeping the name', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    s.advance(1000)
    const changes = { chainId: 11155111, skyId: null, layers: layers(0, 4, 9) }
    const res = await p.patch(created.id, changes)
    expect(res.status).toBe(200)
    const changed = await draftOf(res)
    expect(changed).toEqual({ ...created, ...changes, updatedAt: changed.updatedAt })
    expect(changed.updatedAt > created.updatedAt).toBe(true)
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${created.id}`))).toEqual(changed)
  })

  it('renames and recomposes at once', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    const res = await p.patch(created.id, { name: 'Both', skyId: '8', layers: layers(3, 3, 3) })
    expect(await draftOf(res)).toMatchObject({ name: 'Both', skyId: '8', layers: layers(3, 3, 3), chainId: 31337 })
  })

  it('refuses a change that changes nothing', async () => {
    const s = setup()
    const p = await player(s)
    const created = await draftOf(await p.create())
    const res = await p.patch(created.id, {})
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toBe('Send a new name, a new composition, or both.')
  })

  it('answers 404 for a draft that is not there, 403 for someone else’s', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    const created = await draftOf(await alice.create())
    const missing = await bob.patch('AAAAAAAAAAAAAAAAAAAAAA', { name: 'Mine now' })
    expect(missing.status).toBe(404)
    const res = await bob.patch(created.id, { name: 'Mine now' })
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toBe('This draft belongs to another player; only its owner can change or delete it.')
    expect(await draftOf(await call(s, 'GET', `/api/drafts/${created.id}`))).toEqual(created)
  })
})

describe('DELETE /api/drafts/:id', () => {
  it('deletes the owner’s draft with 204; its link then finds nothing', async () => {
    const s = setup()
    const p = await player(s)
    const [kept, gone] = [await draftOf(await p.create()), await draftOf(await p.create())]
    const res = await p.remove(gone.id)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    expect((await call(s, 'GET', `/api/drafts/${gone.id}`)).status).toBe(404)
    expect((await listOf(await p.list())).map((d) => d.id)).toEqual([kept.id])
    const again = await p.remove(gone.id)
    expect(again.status).toBe(404)
    expect(await errorOf(again)).toMatch(/no draft at this address/)
  })

  it('refuses to delete someone else’s draft', async () => {
    const s = setup()
    const [alice, bob] = [await player(s), await player(s)]
    const created = await draftOf(await alice.create())
    const res = await bob.remove(created.id)
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toMatch(/belongs to another player/)
    expect((await call(s, 'GET', `/api/drafts/${created.id}`)).status).toBe(200)
  })

  it('answers a malformed id with 404', async () => {
    const res = await (await player(setup())).remove('not-an-id')
    expect(res.status).toBe(404)
  })
})
