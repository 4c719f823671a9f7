import { ponder } from 'ponder:registry'
import { activity, collector, decoration, sky } from 'ponder:schema'
import { afterGaze } from '@chainellation/contracts/nights'
import { zeroAddress } from 'viem'
import { starCount } from '../lib/constellations.ts'
import { unpackLayers } from '../lib/layers.ts'

type Figures = { skies: number; starsRevealed: number; completedSkies: number; gazes: number; completions: number }
const none: Figures = { skies: 0, starsRevealed: 0, completedSkies: 0, gazes: 0, completions: 0 }

/** Where an event sits on the chain, as every activity row records it. */
const at = (event: {
  id: string
  block: { number: bigint; timestamp: bigint }
  transaction: { hash: `0x${string}` }
  log: { logIndex: number }
}) => ({
  id: event.id,
  blockNumber: event.block.number,
  txHash: event.transaction.hash,
  logIndex: event.log.logIndex,
  timestamp: event.block.timestamp,
})

// A mint's ERC-721 Transfer says less than the SkyMinted beside it, which makes the sky whole in one step.
ponder.on('Chainellation:Transfer', async ({ event, context }) => {
  const { from, to, id } = event.args
  if (from === zeroAddress) return
  const skyId = Number(id)
  const { db } = context
  const moved = await db.update(sky, { id: skyId }).set({ owner: to })
  const carried = { stars: moved.gazes, completed: moved.completed ? 1 : 0 }
  await db.update(collector, { address: from }).set((row) => ({
    skies: row.skies - 1,
    starsRevealed: row.starsRevealed - carried.stars,
    completedSkies: row.completedSkies - carried.completed,
  }))
  await db
    .insert(collector)
    .values({ ...none, address: to, skies: 1, starsRevealed: carried.stars, completedSkies: carried.completed })
    .onConflictDoUpdate((row) => ({
      skies: row.skies + 1,
      starsRevealed: row.starsRevealed + carried.stars,
      completedSkies: row.completedSkies + carried.completed,
    }))
  await db.insert(activity).values({ ...at(event), kind: 'transfer', skyId, account: from, recipient: to })
})

ponder.on('Chainellation:SkyMinted', async ({ event, context }) => {
  const { skyId, owner, tzOffset, primaryHue, secondaryHue, constellation, clouds } = event.args
  const { db } = context
  await db.insert(sky).values({
    id: Number(skyId),
    owner,
    tzOffset,
    primaryHue,
    secondaryHue,
    constellation,
    clouds,
    gazes: 0,
    completed: false,
    streakRun: 0,
    longestStreak: 0,
    silhouette: 0,
    silhouetteToken: 0n,
    skyLayer: 0,
    skyLayerToken: 0n,
    object: 0,
    objectToken: 0n,
    decorated: false,
    mintedAt: event.block.timestamp,
    mintBlock: event.block.number,
    mintTx: event.transaction.hash,
  })
  await db
    .insert(collector)
    .values({ ...none, address: owner, skies: 1 })
    .onConflictDoUpdate((row) => ({ skies: row.skies + 1 }))
  await db.insert(activity).values({ ...at(event), kind: 'mint', skyId: Number(skyId), account: owner })
})

// The contract lets only a sky's owner gaze, and counts one more star per gaze until the constellation's last.
ponder.on('Chainellation:Stargazed', async ({ event, context }) => {
  const gazes = Number(event.args.gazes)
  const before = await context.db.find(sky, { id: Number(event.args.skyId) })
  if (!before) throw new Error(`Stargazed for sky ${event.args.skyId}, which was never minted`)
  const completed = gazes === starCount(before.constellation)
  // By the block's time, as the contract judged the night: a re-index or a reorg's replay gives the same streak.
  const streak = afterGaze(
    { run: before.streakRun, longest: before.longestStreak, lastNight: before.lastGazeNight },
    Number(event.block.timestamp),
    before.tzOffset,
  )
  const after = await context.db.update(sky, { id: before.id }).set({
    gazes,
    lastGazeAt: event.block.timestamp,
    streakRun: streak.run,
    longestStreak: streak.longest,
    lastGazeNight: streak.lastNight,
    completed,
    completedAt: completed ? event.block.timestamp : null,
  })
  const completion = completed ? 1 : 0
  await context.db.update(collector, { address: after.owner }).set((row) => ({
    starsRevealed: row.starsRevealed + gazes - before.gazes,
    gazes: row.gazes + 1,
    completedSkies: row.completedSkies + completion,
    completions: row.completions + completion,
  }))
  await context.db.insert(activity).values({
    ...at(event),
    kind: completed ? 'completed' : 'gaze',
    skyId: after.id,
    account: after.owner,
    gazes,
    constellation: completed ? after.constellation : null,
  })
})

ponder.on('Decorations:DecorationRegistered', async ({ event, context }) => {
  const { decorationId, decoration: address, layer, free } = event.args
  await context.db.insert(decoration).values({
    address,
    id: Number(decorationId),
    layer,
    free,
    purchases: 0,
    registeredBlock: event.block.number,
  })
})

ponder.on('Decorations:LayersUpdated', async ({ event, context }) => {
  const { skyId, owner, packed } = event.args
  const [silhouette, skyLayer, object] = unpackLayers(packed)
  await context.db.update(sky, { id: Number(skyId) }).set({
    silhouette: silhouette.decorationId,
    silhouetteToken: silhouette.tokenId,
    skyLayer: skyLayer.decorationId,
    skyLayerToken: skyLayer.tokenId,
    object: object.decorationId,
    objectToken: object.tokenId,
    decorated: packed !== 0n,
  })
  await context.db.insert(activity).values({ ...at(event), kind: 'layers', skyId: Number(skyId), account: owner })
})

// Only mints reach here (the config filters on `from` = 0): a decoration token's mint is its purchase.
ponder.on('DecorationToken:Transfer', async ({ event, context }) => {
  const bought = await context.db
    .update(decoration, { address: event.log.address })
    .set((row) => ({ purchases: row.purchases + 1 }))
  await context.db.insert(activity).values({
    ...at(event),
    kind: 'decoration',
    account: event.args.to,
    decorationId: bought.id,
    tokenId: event.args.id,
  })
})
