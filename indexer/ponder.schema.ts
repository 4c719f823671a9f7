import { index, onchainTable } from 'ponder'

/** One row per sky: its traits, progress and layers, as the contract's events left them. */
export const sky = onchainTable(
  'sky',
  (t) => ({
    id: t.integer().primaryKey(),
    owner: t.hex().notNull(),
    tzOffset: t.integer().notNull(),
    primaryHue: t.integer().notNull(),
    secondaryHue: t.integer().notNull(),
    /** Secret until `completed`: the read routes never return it before. */
    constellation: t.integer().notNull(),
    clouds: t.integer().notNull(),
    /** Gazes so far; each reveals exactly one star, so also the stars revealed. */
    gazes: t.integer().notNull(),
    completed: t.boolean().notNull(),
    lastGazeAt: t.bigint(),
    completedAt: t.bigint(),
    /**
     * Its streak as its gazes left it (@chainellation/contracts/nights): nights gazed in a row up to the last gaze's,
     * the longest such run, and the last gaze's night (numbered by the local day it began on).
     */
    streakRun: t.integer().notNull(),
    longestStreak: t.integer().notNull(),
    lastGazeNight: t.integer(),
    /** Decoration ids per layer (0 = none) and the token each wears (0 for a free decoration). */
    silhouette: t.integer().notNull(),
    silhouetteToken: t.bigint().notNull(),
    skyLayer: t.integer().notNull(),
    skyLayerToken: t.bigint().notNull(),
    object: t.integer().notNull(),
    objectToken: t.bigint().notNull(),
    decorated: t.boolean().notNull(),
    mintedAt: t.bigint().notNull(),
    mintBlock: t.bigint().notNull(),
    mintTx: t.hex().notNull(),
  }),
  (table) => ({
    owner: index().on(table.owner, table.id),
    // A collector's skies, recently gazed first: read in order, where the owner index alone sorts thousands of rows.
    ownerLastGazeAt: index().on(table.owner, table.lastGazeAt.desc().nullsLast(), table.id.desc()),
    gazes: index().on(table.gazes, table.id),
    // The gallery's "longest streak now": runs read longest first, those that no longer stand skipped.
    streakRun: index().on(table.streakRun.desc(), table.id.desc()),
    // The gallery's "recently gazed" order, never-gazed skies last.
    lastGazeAt: index().on(table.lastGazeAt.desc().nullsLast(), table.id.desc()),
    tzOffset: index().on(table.tzOffset, table.id),
    completed: index().on(table.completed, table.id),
    decorated: index().on(table.decorated, table.id),
  }),
)

/** A decoration the registry lists, by address (how its token's events name it), and how many were bought. */
export const decoration = onchainTable('decoration', (t) => ({
  address: t.hex().primaryKey(),
  id: t.integer().notNull(),
  layer: t.integer().notNull(),
  free: t.boolean().notNull(),
  purchases: t.integer().notNull(),
  registeredBlock: t.bigint().notNull(),
}))

/**
 * Every game event in chain order. `id` is Ponder's event id, which sorts as the chain does (block, transaction,
 * log), so it is also the feed's cursor.
 */
export const activity = onchainTable(
  'activity',
  (t) => ({
    id: t.text().primaryKey(),
    kind: t.text({ enum: ['mint', 'gaze', 'completed', 'layers', 'decoration', 'transfer'] }).notNull(),
    skyId: t.integer(),
    /** Who acted: the minter, gazer, sender, buyer, or who set the layers. */
    account: t.hex().notNull(),
    /** A transfer's recipient. */
    recipient: t.hex(),
    /** Stars revealed after a gaze. */
    gazes: t.integer(),
    /** The constellation a completing gaze drew in full (public from then on). */
    constellation: t.integer(),
    decorationId: t.integer(),
    tokenId: t.bigint(),
    blockNumber: t.bigint().notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
    timestamp: t.bigint().notNull(),
  }),
  (table) => ({
    skyId: index().on(table.skyId, table.id),
    account: index().on(table.account, table.id),
    recipient: index().on(table.recipient, table.id),
  }),
)

/** Per address: the skies it holds and their progress, and what it did itself. */
export const collector = onchainTable(
  'collector',
  (t) => ({
    address: t.hex().primaryKey(),
    skies: t.integer().notNull(),
    /** Stars revealed on the skies it holds, and how many of those are complete. */
    starsRevealed: t.integer().notNull(),
    completedSkies: t.integer().notNull(),
    /** Gazes it made, and constellations it completed itself. */
    gazes: t.integer().notNull(),
    completions: t.integer().notNull(),
  }),
  (table) => ({
    gazes: index().on(table.gazes),
    completions: index().on(table.completions),
  }),
)
