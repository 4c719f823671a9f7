/** prom-client's default `eventLoopMonitoringPrecision`, in ms: the finest sampling the indexer's node allows. */
export declare const FINEST_RESOLUTION_MS: number
