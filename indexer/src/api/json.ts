// What the indexer's read routes answer, as plain types: the API server and the web app import these without
// Ponder (docs/decisions/indexer.md). The routes' own functions are declared to return them, so the two cannot drift.

type Hex = `0x${string}`

/** A decoration a sky wears on one layer: its id in the registry and the token (0 for a free one). */
export type LayerJson = { decorationId: number; tokenId: string }

/** A sky: its traits and progress. `constellation` stays null until the sky has completed it. */
export type SkyJson = {
  id: number
  owner: Hex
  tzOffset: number
  primaryHue: number
  secondaryHue: number
  clouds: number
  starsRevealed: number
  starCount: number
  completed: boolean
  constellation: number | null
  lastGazeAt: number | null
  completedAt: number | null
  /**
   * Its streak as its gazes left it (`Streak` of @chainellation/contracts/nights): `streakAt` says where it stands at
   * a given time, by the chain's clock.
   */
  streak: { run: number; longest: number; lastNight: number | null }
  layers: { silhouette: LayerJson | null; sky: LayerJson | null; object: LayerJson | null }
  mintedAt: number
  mintBlock: number
  mintTx: Hex
}

export type ActivityKind = 'mint' | 'gaze' | 'completed' | 'layers' | 'decoration' | 'transfer'

/** One game event. `id` sorts as the chain does and is the feed's cursor (`before`). */
export type ActivityJson = {
  id: string
  kind: ActivityKind
  skyId: number | null
  account: Hex
  recipient: Hex | null
  starsRevealed: number | null
  constellation: number | null
  decorationId: number | null
  tokenId: string | null
  blockNumber: number
  txHash: Hex
  logIndex: number
  timestamp: number
}

/** An address's skies and their progress, and what it did itself. */
export type CollectorJson = {
  address: Hex
  skies: number
  starsRevealed: number
  completedSkies: number
  gazes: number
  completions: number
  /** In the ranking by streak: the longest run among its skies that still stands. */
  streak?: number
}

export type SkiesPageJson = { skies: SkyJson[]; page: number; next: number | null }
export type ActivityPageJson = { activity: ActivityJson[]; next: string | null }
export type LeaderboardJson = { by: 'completed' | 'gazes' | 'streak'; collectors: CollectorJson[] }
export type DecorationJson = { id: number; address: Hex; layer: number; free: boolean; purchases: number }

/** How far the index has come: `behind` is the chain's head less the last block indexed. */
export type SyncJson = {
  chainId: number | null
  ready: boolean
  indexedBlock: number | null
  headBlock: number | null
  behind: number | null
}

/** Most reads one `GET /batch?read=…&read=…` may carry. */
export const MAX_BATCH = 32

/** The answers to a `/batch`, in the order of its reads: each read's status and JSON text, as it would come alone. */
export type BatchJson = { answers: { status: number; text: string }[] }

/** A refusal, with the sentence a person reads. */
export type ErrorJson = { error: string }
