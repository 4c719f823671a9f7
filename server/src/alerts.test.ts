// Prometheus's files for the deployment (deploy/prometheus/): checked and unit-tested with promtool, Prometheus's own
// tool, so that a rule that does not parse, a configuration Prometheus would refuse, or an alert that no longer fires
// when it should fails here rather than on the operator's Prometheus. promtool comes from Debian's `prometheus`.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { selectorsOf } from '../test/promql'
import { repositoryDir } from './paths'

const prometheusDir = join(repositoryDir, 'deploy/prometheus')
/** Where compose mounts the rules, as prometheus.yml names them. */
const MOUNTED_RULES = '/etc/prometheus/alerts.yml'

type Rule = {
  alert?: string
  expr: string
  for?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}
type RuleTest = { alertname: string; exp_alerts?: unknown[] }

const readYaml = (file: string) => parse(readFileSync(join(prometheusDir, file), 'utf8'))
const alertRules = () =>
  (readYaml('alerts.yml') as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules)
const ruleTests = () =>
  (readYaml('alerts.test.yml') as { tests: { alert_rule_test?: RuleTest[] }[] }).tests.flatMap(
    (test) => test.alert_rule_test ?? [],
  )

/** Runs promtool with `args` in `cwd`; its output, or an error that says what it printed or how to install it. */
async function promtool(args: string[], cwd = prometheusDir) {
  try {
    const { stdout, stderr } = await promisify(execFile)('promtool', args, { cwd })
    return stdout + stderr
  } catch (error) {
    const { code, stdout, stderr } = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string }
    if (code === 'ENOENT')
      throw new Error(
        'promtool is not installed: `apt-get install prometheus` (Debian) installs it as /usr/bin/promtool',
      )
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout}${stderr}`)
  }
}

describe('the alert rules', () => {
  it('pass promtool’s check', async () => {
    expect(await promtool(['check', 'rules', 'alerts.yml'])).toMatch(/SUCCESS: \d+ rules found/)
  })

  it('pass their unit tests (alerts.test.yml)', async () => {
    expect(await promtool(['test', 'rules', 'alerts.test.yml'])).toMatch(/SUCCESS/)
  })

  it('each have a test that sees it fire, and one that sees it quiet', () => {
    const tests = ruleTests()
    const firing = new Set(tests.filter((test) => test.exp_alerts?.length).map((test) => test.alertname))
    const quiet = new Set(tests.filter((test) => !test.exp_alerts?.length).map((test) => test.alertname))
    const alerts = alertRules().flatMap((rule) => rule.alert ?? [])
    expect(alerts.length).toBeGreaterThan(0)
    expect(alerts.filter((alert) => !firing.has(alert))).toEqual([])
    expect(alerts.filter((alert) => !quiet.has(alert))).toEqual([])
  })

  it('each wait a while, say how urgent they are, and tell the operator what to do', () => {
    for (const rule of alertRules())
      expect({ alert: rule.alert, for: rule.for, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        for: expect.stringMatching(/^\d+[sm]$/),
        severity: expect.stringMatching(/^(page|ticket)$/),
      })
    for (const { alert, annotations } of alertRules()) {
      expect(annotations?.summary, `${alert}'s summary`).toBeTruthy()
      expect(annotations?.description, `${alert}'s description`).toMatch(/docs\/operating\.md/)
    }
  })
})

describe('prometheus.yml', () => {
  it('passes promtool’s check, with the rules it loads from where compose mounts them', async () => {
    const config = readYaml('prometheus.yml') as { rule_files: string[] }
    expect(config.rule_files).toEqual([MOUNTED_RULES])
    // Checked where the rules are, as they would be mounted.
    const dir = mkdtempSync(join(tmpdir(), 'chainellation-prometheus-'))
    try {
      copyFileSync(join(prometheusDir, 'alerts.yml'), join(dir, 'alerts.yml'))
      const text = readFileSync(join(prometheusDir, 'prometheus.yml'), 'utf8').replace(
        MOUNTED_RULES,
        join(dir, 'alerts.yml'),
      )
      writeFileSync(join(dir, 'prometheus.yml'), text)
      expect(await promtool(['check', 'config', 'prometheus.yml'], dir)).toMatch(/SUCCESS: \d+ rules found/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('scrapes every job the rules name', () => {
    const config = readYaml('prometheus.yml') as { scrape_configs: { job_name: string }[] }
    const scraped = config.scrape_configs.map((job) => job.job_name)
    const named = alertRules()
      .flatMap((rule) => selectorsOf(rule.expr))
      .flatMap((selector) => selector.matchers.filter((m) => m.label === 'job' && m.op === '='))
      .map((matcher) => matcher.value)
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((job) => !scraped.includes(job))).toEqual([])
  })
})
