import { readFreshReport, reportPath } from '../reports'
import type { Measurement } from './measurement'

type Figures = {
  preview: { samples: number; medianMs: number; p95Ms: number; unchanged: number; targetMedianMs: number }
  rpc: { actions: number; requests: number; target: number }
}

/** /mint on the production stack in headless Chromium: preview time after a control changes, RPCs it costs. */
export const mint: Measurement = {
  name: 'mint',
  command: ['npm', 'run', '--silent', 'mint', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const { preview: p, rpc } = readFreshReport<Figures>('mint', startedAt)
    const unchanged = p.unchanged ? `, ${p.unchanged} left it unchanged` : ''
    return (
      `preview ${p.medianMs.toFixed(1)} ms median, ${p.p95Ms.toFixed(1)} ms p95 over ${p.samples} changes${unchanged} ` +
      `(target ≤ ${p.targetMedianMs} ms); ${rpc.requests} RPC requests in ${rpc.actions} control actions ` +
      `(target ${rpc.target}) (${reportPath('mint')})`
    )
  },
}
