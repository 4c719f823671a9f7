import type { MintReport } from '../report-types'

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
