import type {
  ActivityPageJson,
  CollectorJson,
  LeaderboardJson,
  SkiesPageJson,
  SkyJson,
} from '@chainellation/indexer/json'
import type { ClientResponse } from 'hono/client'
import type { StatusCode } from 'hono/utils/http-status'
import type { Address } from 'viem'
import { api, refusal } from '@/lib/api/client'

/** What a page says when the index of the game's events does not answer (a 503 from the API, or no answer). */
export const INDEX_DOWN = 'The game’s index is not answering right now; this will fill in once it is back.'

/** The index did not answer: worth asking again, unlike a refusal of the request itself. */
export class IndexDownError extends Error {
  constructor() {
    super(INDEX_DOWN)
    this.name = 'IndexDownError'
  }
}

/** The index refused the request itself (a 400 or 404): its sentence says what is wrong, and asking again will not help. */
export class IndexRefusal extends Error {
  constructor(sentence: string) {
    super(sentence)
    this.name = 'IndexRefusal'
  }
}

/** Of the answers a discovery route declares (its client's response type `R`), the index's own: its 200. */
export type IndexAnswer<R> = Extract<R, { status: 200 }>

/** Whether `response` is the index's answer: the routes pass the index's reads on with a 200, and no other 2xx. */
const isIndexAnswer = <R extends { status: number }>(response: R): response is IndexAnswer<R> => response.status === 200

/**
 * The index's answer, whose `json()` is of the type its route declares; else an `IndexRefusal` with the API's
 * sentence for a 400 or 404, or an `IndexDownError` for anything else (a 503, a bodiless 502, no answer). An abort
 * stays an abort: the view changed, the index is not at fault.
 */
export async function discoveryAnswer<R extends ClientResponse<unknown, StatusCode, 'json'>>(
  request: Promise<R>,
): Promise<IndexAnswer<R>> {
  let response: R
  try {
    response = await request
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new IndexDownError()
  }
  if (isIndexAnswer(response)) return response
  if (response.status === 400 || response.status === 404)
    throw new IndexRefusal((await refusal(response, INDEX_DOWN)).message)
  throw new IndexDownError()
}

/** Which events a feed holds: every one, one sky's, or one account's. */
export type ActivityFilter = { skyId?: number; address?: Address }

/** A page of game events, newest first, older than the entry `before` when given. */
export async function fetchActivity(
  { skyId, address }: ActivityFilter,
  limit: number,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPageJson> {
  const query = {
    limit: String(limit),
    ...(before ? { before } : {}),
    ...(skyId !== undefined ? { skyId: String(skyId) } : {}),
    ...(address ? { address } : {}),
  }
  return (await discoveryAnswer(api.discovery.activity.$get({ query }, { init: { signal } }))).json()
}

/** A sky as the index knows it: its star count is public from the start. */
export const fetchIndexedSky = async (skyId: number, signal?: AbortSignal): Promise<SkyJson> => {
  const request = api.discovery.skies[':skyId'].$get({ param: { skyId: String(skyId) } }, { init: { signal } })
  return (await discoveryAnswer(request)).json()
}

/** An address's figures: the skies it holds, their stars and completions, and the gazes it made. */
export const fetchCollector = async (address: Address, signal?: AbortSignal): Promise<CollectorJson> => {
  const request = api.discovery.collectors[':address'].$get({ param: { address } }, { init: { signal } })
  return (await discoveryAnswer(request)).json()
}

/** The skies `owner` holds, a page at a time, newest first. */
export const fetchSkiesOf = async (owner: Address, page: number, signal?: AbortSignal): Promise<SkiesPageJson> => {
  const request = api.discovery.skies.$get(
    { query: { owner, page: String(page), sort: 'newest' } },
    { init: { signal } },
  )
  return (await discoveryAnswer(request)).json()
}

/** How the leaderboard ranks collectors: by constellations completed, or by gazes. */
export type LeaderboardOrder = LeaderboardJson['by']

/** The collectors who did most, by `by`. */
export async function fetchLeaderboard(
  by: LeaderboardOrder,
  limit: number,
  signal?: AbortSignal,
): Promise<LeaderboardJson> {
  const request = api.discovery.leaderboard.$get({ query: { by, limit: String(limit) } }, { init: { signal } })
  return (await discoveryAnswer(request)).json()
}

/** What a read's failure says to a person: its sentence, or that the index did not answer. */
export const sentenceOf = (error: unknown): string => (error instanceof Error ? error.message : INDEX_DOWN)
