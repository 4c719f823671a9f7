// Every series the alert rules and the dashboard read is one the API exports: a misspelt or renamed metric would
// otherwise leave an alert that never fires and a panel that shows "No data", and nothing would say so.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/pglite'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { selectorsOf } from '../test/promql'
import { createApp } from './app'
import * as schema from './db/schema'
import { repositoryDir } from './paths'
// The server's entry (index.ts) loads the reminders' schedule, and its metrics with it; the app alone does not.
import './reminders/schedule'

/** Series Prometheus makes itself rather than scrapes. */
const PROMETHEUS_OWN = new Set(['up', 'ALERTS', 'ALERTS_FOR_STATE'])

/** The series names in an exposition: each metric's; a histogram's _bucket, _sum and _count; a summary's too. */
function exportedNames(text: string) {
  const names = new Set<string>()
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type !== 'histogram') names.add(name)
    if (type === 'histogram') names.add(`${name}_bucket`)
    if (type === 'histogram' || type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix)
  }
  return names
}

/** What the API exports at /metrics once it has answered a request or two. */
async function apiExports() {
  const app = createApp({
    config: {
      chainId: 31337,
      contracts: {},
      auth: { origins: ['http://localhost:5173'], chains: [] },
      metricsPublic: true,
    },
    db: drizzle.mock({ schema }),
  })
  await app.request('/api/health')
  await app.request('/api/no-such-route')
  const res = await app.request('/metrics')
  expect(res.status).toBe(200)
  return exportedNames(await res.text())
}

type Panel = { title?: string; targets?: { expr?: string }[]; panels?: Panel[] }
type Dashboard = { panels: Panel[]; templating: { list: { name: string; query?: { query: string } | string }[] } }

/** Every expression of the dashboard: its panels' (rows' included) and its variables' series. */
function dashboardExprs(dashboard: Dashboard) {
  const exprs: { where: string; expr: string }[] = []
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) exprs.push({ where: `panel "${panel.title}"`, expr: target.expr ?? '' })
      walk(panel.panels ?? [])
    }
  }
  walk(dashboard.panels)
  for (const variable of dashboard.templating.list) {
    const query = typeof variable.query === 'string' ? variable.query : (variable.query?.query ?? '')
    // label_values(selector, label) is Grafana's, around a PromQL selector.
    const selector = query.match(/^label_values\((.*),\s*\w+\)$/)?.[1]
    if (!selector) throw new Error(`variable ${variable.name}: a query these checks do not read: ${query}`)
    exprs.push({ where: `variable ${variable.name}`, expr: selector })
  }
  return exprs
}

const alertExprs = () =>
  (
    parse(readFileSync(join(repositoryDir, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
      groups: { rules: { alert: string; expr: string }[] }[]
    }
  ).groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })))

const dashboard = () =>
  JSON.parse(readFileSync(join(repositoryDir, 'deploy/grafana/dashboards/chainellation.json'), 'utf8')) as Dashboard

/** The names `exprs` read that `exported` lacks, each with where it is read. */
const missing = (exprs: { where: string; expr: string }[], exported: Set<string>) =>
  exprs.flatMap(({ where, expr }) =>
    selectorsOf(expr)
      .map((selector) => selector.name)
      .filter((name) => name === undefined || !(exported.has(name) || PROMETHEUS_OWN.has(name)))
      .map((name) => `${where}: ${name ?? 'a selector without a metric name'}`),
  )

describe('the metric names the alerts and the dashboard read', () => {
  it('are all exported by the API', async () => {
    const exported = await apiExports()
    const exprs = [...alertExprs(), ...dashboardExprs(dashboard())]
    expect(exprs.length).toBeGreaterThan(20)
    const absent = missing(exprs, exported)
    // Named in the message, which every reporter prints whole.
    expect(absent, `read but not exported: ${absent.join('; ')}`).toEqual([])
  })

  it('are read by the PromQL grammar, not by a pattern: a misspelt name, or one inside a function, is caught', () => {
    const exported = new Set(['http_requests_total'])
    const exprs = [
      { where: 'a', expr: 'sum(rate(http_request_total{route!~"/metrics"}[$__rate_interval]))' },
      { where: 'b', expr: 'absent({__name__="http_requests_totl"}) or up' },
      { where: 'c', expr: 'http_requests_total{job="api"} / on (instance) group_left process_cpu_seconds_total' },
    ]
    expect(missing(exprs, exported)).toEqual([
      'a: http_request_total',
      'b: http_requests_totl',
      'c: process_cpu_seconds_total',
    ])
  })

  it('are asked of the dashboard’s one datasource', () => {
    const uids = new Set<string>()
    const walk = (
      panels: (Panel & { datasource?: { uid: string }; targets?: { datasource?: { uid: string } }[] })[],
    ) => {
      for (const panel of panels) {
        if (panel.datasource) uids.add(panel.datasource.uid)
        for (const target of panel.targets ?? []) if (target.datasource) uids.add(target.datasource.uid)
        walk(panel.panels ?? [])
      }
    }
    walk(dashboard().panels)
    expect([...uids]).toEqual(['prometheus'])
  })
})
