// Preloaded into the indexer's node (`--import`, INDEXER_NODE_FLAGS in ponder-bin.ts). Ponder's metrics ask
// prom-client to sample the event loop's delay every millisecond (`eventLoopMonitoringPrecision: 1`): a native timer
// that woke the idle indexer about 850 times a second, 12–13 ms of its CPU a second, in production as in every test
// run (docs/decisions/indexer.md, "Idle"). The histogram stays, at prom-client's own default resolution.
import perfHooks from 'node:perf_hooks'

/** prom-client's default `eventLoopMonitoringPrecision`, in ms: the finest sampling the indexer's node allows. */
export const FINEST_RESOLUTION_MS = 10

const monitor = perfHooks.monitorEventLoopDelay
// prom-client looks the function up on the module when it collects its default metrics, after this has run.
perfHooks.monitorEventLoopDelay = (options = {}) =>
  monitor({ ...options, resolution: Math.max(options.resolution ?? FINEST_RESOLUTION_MS, FINEST_RESOLUTION_MS) })
