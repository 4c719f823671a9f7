import type { MintReport, ProdReport } from '../report-types'

/** A mint part's report as `npm run mint -w @chainellation/bench` writes it, with a first sky and its floor. */
export const mintReport: MintReport = {
  preview: { samples: 200, medianMs: 2.5, targetMedianMs: 4 },
  rpc: { actions: 90, requests: 0, target: 0 },
  firstSky: {
    prompts: 2,
    methods: ['wallet_requestPermissions', 'eth_signTypedData_v4'],
    etherNeeded: 0,
    pressToSkyMs: { sponsored: { medianMs: 1450 }, unsponsored: { medianMs: 1200 } },
    floorMs: { sponsored: { medianMs: 290 }, unsponsored: { medianMs: 240 } },
  },
}

/** A production part's report as `npm run prod -w @chainellation/bench` wrote it before routes were paced. */
export const prodReport: ProdReport = {
  sessionReadRps: 3767,
  sessionReadP99Ms: 61,
  draftReadRps: 3661,
  draftReadP99Ms: 72,
  draftWriteRps: 1404,
  draftWriteP99Ms: 132,
  homeRps: 14353,
  homeP99Ms: 13,
  skyPageRps: 10758,
  skyPageP99Ms: 18,
  skyPageChainReads: 10,
  skyPageBlocks: 5,
  apiProcesses: 2,
  non2xx: 0,
  errors: 0,
  apiRssIdleMb: 116,
  apiRssPeakMb: 180,
  startMs: 473,
  pglite: {
    sessionReadRps: 1995,
    sessionReadP99Ms: 43,
    draftReadRps: 2112,
    draftReadP99Ms: 48,
    draftWriteRps: 907,
    draftWriteP99Ms: 109,
    rssMb: 540,
  },
  floorRuns: [{ route: 'PATCH /api/drafts/:id', rps: 1218, p99Ms: 105 }],
}
