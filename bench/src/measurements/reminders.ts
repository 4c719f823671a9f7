import { readFreshReport, reportPath } from '../reports'
import type { RemindersReport } from '../results/report-types'
import type { Measurement } from './measurement'

/** A night's reminders for 10,000 skies from two API processes (bench/src/server/reminders.ts). */
export const reminders: Measurement = {
  name: 'reminders',
  command: ['npm', 'run', '--silent', 'reminders', '-w', '@chainellation/bench'],
  summarize(startedAt) {
    const f = readFreshReport<RemindersReport>('reminders', startedAt)
    return (
      `${f.skies} skies: p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms from dusk, ${f.sendsPerSecond} a second, ` +
      `${f.duplicates} twice, ${f.missed} missed, API RSS peak ${f.apiRssPeakMb} MB (${reportPath('reminders')})`
    )
  },
}
