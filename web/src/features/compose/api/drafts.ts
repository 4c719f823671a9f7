import type { Composition } from '../utils/composition'

/** A saved composition, as the API keeps it. */
export type Draft = {
  id: string
  owner: string
  name: string
  chainId: number
  skyId: string | null
  layers: { layer: 1 | 2 | 3; decorationId: number; tokenId: string }[]
  createdAt: string
  updatedAt: string
}

/** The API's answer when it refuses, as a sentence to show. */
async function answer<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T
  const body = (await response.json().catch(() => ({}))) as { error?: string }
  if (!response.ok) throw new Error(body.error ?? `The drafts service answered ${response.status}.`)
  return body as T
}

const send = (method: string, path: string, body?: unknown) =>
  fetch(path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => answer<Draft>(r))

/** The layers of `composition` as a draft stores them. */
export const draftLayers = (composition: Composition): Draft['layers'] =>
  composition.map((c, i) => ({
    layer: (i + 1) as 1 | 2 | 3,
    decorationId: c.decorationId,
    tokenId: c.tokenId.toString(),
  }))

/** A draft's layers as a composition. */
export const compositionOf = (draft: Pick<Draft, 'layers'>): Composition =>
  [1, 2, 3].map((layer) => {
    const l = draft.layers.find((x) => x.layer === layer)
    return { decorationId: l?.decorationId ?? 0, tokenId: BigInt(l?.tokenId ?? '0') }
  }) as unknown as Composition

export const listDrafts = async () => (await fetch('/api/drafts').then((r) => answer<{ drafts: Draft[] }>(r))).drafts
export const getDraft = (id: string) => fetch(`/api/drafts/${encodeURIComponent(id)}`).then((r) => answer<Draft>(r))
export const createDraft = (input: { name: string; chainId: number; skyId: string; layers: Draft['layers'] }) =>
  send('POST', '/api/drafts', input)
export const renameDraft = (id: string, name: string) =>
  send('PATCH', `/api/drafts/${encodeURIComponent(id)}`, { name })
export const deleteDraft = (id: string) => send('DELETE', `/api/drafts/${encodeURIComponent(id)}`)
