import autocannon from 'autocannon';

export type LoadResult = {
  label: string;
  /** /health's req/s measured just before this route (measureBeside), where there was one. */
  baselinePerSecond?: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p975: number;
  errors: number;
};

export type LoadOptions = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
};

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Drives one URL with autocannon. Latencies are collected per response (autocannon's own summary
 * has no p95); non-2xx answers count as errors so a broken route cannot look fast.
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections ?? 10,
        duration: options.durationSeconds ?? 8,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p975: percentile(latencies, 97.5),
    errors: result.errors + result.non2xx,
  };
}

export function formatLoad(result: LoadResult): string {
  return `${result.label.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   p97.5 ${result.p975.toFixed(1).padStart(6)} ms   errors ${result.errors}`;
}

/** The baseline: /health, one round trip to the database and nothing else. */
const BASELINE_PATH = '/api/v1/health';

/**
 * Measures `load` right after 2 s of the baseline at the same connections. A shared machine's
 * speed can move by a third within minutes (seen here: one route's 500 req/s in one run, 350 in
 * the next, same build), so a figure alone does not say whether a change helped; a route's rate
 * as a share of what a single round trip got in the same minute says more, across runs and
 * machines.
 */
export async function measureBeside<T extends LoadResult>(
  serverUrl: string,
  load: () => Promise<T>,
  connections: number,
): Promise<T> {
  const baseline = await measure({
    label: 'baseline',
    url: `${serverUrl}${BASELINE_PATH}`,
    connections,
    durationSeconds: 2,
  });
  return { ...(await load()), baselinePerSecond: baseline.requestsPerSecond };
}

/** formatLoad, with the rate as a share of the baseline beside it (measureBeside). */
export function formatBeside(result: LoadResult): string {
  if (!result.baselinePerSecond) return formatLoad(result);
  const share = (100 * result.requestsPerSecond) / result.baselinePerSecond;
  return `${formatLoad(result)}   ${share.toFixed(1).padStart(5)} % of /health (${result.baselinePerSecond.toFixed(0)} req/s)`;
}
