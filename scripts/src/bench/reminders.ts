import { type Measurement, readFreshReport } from './measurement'
import type { RemindersReport } from './results'

/** A night's reminders for 10,000 skies from two API processes (server/src/reminders/bench.ts). */
export const reminders: Measurement = {
  name: 'reminders',
  command: ['npm', 'run', '--silent', 'bench:reminders', '-w', '@chainellation/server'],
  summarize(root, startedAt) {
    const f = readFreshReport<RemindersReport>(root, 'server/reminders-report.json', startedAt)
    return (
      `${f.skies} skies: p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms from dusk, ${f.sendsPerSecond} a second, ` +
      `${f.duplicates} twice, ${f.missed} missed, API RSS peak ${f.apiRssPeakMb} MB (server/reminders-report.json)`
    )
  },
}
