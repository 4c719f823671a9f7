import type { InferRequestType, InferResponseType } from 'hono/client'
import { api, refusal } from '@/lib/api/client'
import type { Composition } from '../utils/composition'

const drafts = api.drafts
const draft = api.drafts[':id']
/** A draft's id as a path parameter: it may come from a link, and hono's client writes parameters in as they are. */
const param = (id: string) => ({ id: encodeURIComponent(id) })

/** A saved composition, as the API keeps it. */
export type Draft = InferResponseType<typeof draft.$get, 200>

/** The API's refusal as an error carrying its sentence. */
const refused = (response: Response) => refusal(response, `The drafts service answered ${response.status}.`)

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

export async function listDrafts(): Promise<Draft[]> {
  const response = await drafts.$get()
  if (!response.ok) throw await refused(response)
  return (await response.json()).drafts
}

export async function getDraft(id: string): Promise<Draft> {
  const response = await draft.$get({ param: param(id) })
  if (!response.ok) throw await refused(response)
  return response.json()
}

export async function createDraft(input: InferRequestType<typeof drafts.$post>['json']): Promise<Draft> {
  const response = await drafts.$post({ json: input })
  if (!response.ok) throw await refused(response)
  return response.json()
}

export async function renameDraft(id: string, name: string): Promise<Draft> {
  const response = await draft.$patch({ param: param(id), json: { name } })
  if (!response.ok) throw await refused(response)
  return response.json()
}

export async function deleteDraft(id: string): Promise<void> {
  const response = await draft.$delete({ param: param(id) })
  if (!response.ok) throw await refused(response)
}
