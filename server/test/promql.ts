// PromQL read as Prometheus reads it, for the tests of the alert rules and the dashboard: the series each expression
// selects, from Prometheus's own grammar (@prometheus-io/lezer-promql, which its web UI parses with). Not imported by
// the server itself.
import { parser } from '@prometheus-io/lezer-promql'

/** A series selector of an expression: its metric name, and its label matchers (`job="api"` is `job`, `=`, `api`). */
export type Selector = { name?: string; matchers: { label: string; op: string; value: string }[] }

/** A string literal's value: "…" holds escapes as JSON's do; '…' and `…` are read as written. */
const unquote = (literal: string): string => (literal.startsWith('"') ? JSON.parse(literal) : literal.slice(1, -1))

/**
 * The selectors of `expr`, in order. Grafana's interval variables (`$__rate_interval`) are read as 5m, as Grafana
 * puts a duration there; its other variables stand inside strings, where PromQL takes them as they are. Throws on
 * what the grammar does not parse, and on a metric name matched otherwise than by `=`, which no name check can read.
 */
export function selectorsOf(expr: string): Selector[] {
  const text = expr.replaceAll(/\$__(rate_interval|interval|range)\b/g, '5m')
  const selectors: Selector[] = []
  parser.parse(text).iterate({
    enter(ref) {
      if (ref.type.isError) throw new Error(`PromQL that does not parse at ${ref.from}: ${text}`)
      if (ref.name !== 'VectorSelector') return
      const node = ref.node
      const identifier = node.getChild('Identifier')
      const selector: Selector = {
        matchers: [],
        ...(identifier && { name: text.slice(identifier.from, identifier.to) }),
      }
      const matchers = node.getChild('LabelMatchers')
      // A quoted name or label (`{"x"}`, `{"a"="b"}`), which Prometheus 3 reads and these checks do not.
      if (matchers?.getChild('QuotedLabelName') || matchers?.getChild('QuotedLabelMatcher'))
        throw new Error(`a quoted metric or label name: ${text}`)
      for (const matcher of matchers?.getChildren('UnquotedLabelMatcher') ?? []) {
        const [label, op, value] = ['LabelName', 'MatchOp', 'StringLiteral'].map((part) => {
          const child = matcher.getChild(part)
          return child ? text.slice(child.from, child.to) : ''
        }) as [string, string, string]
        selector.matchers.push({ label, op, value: unquote(value) })
      }
      // A name given as a label: `{__name__="x"}`.
      const named = selector.matchers.filter((m) => m.label === '__name__')
      if (named.some((m) => m.op !== '=')) throw new Error(`a metric name matched by a pattern: ${text}`)
      if (named[0]) selector.name = named[0].value
      selectors.push(selector)
    },
  })
  return selectors
}
