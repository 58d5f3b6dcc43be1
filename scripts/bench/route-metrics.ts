// What the server's own Prometheus metrics (METRICS_PORT, GET /metrics) say after a bench's load:
// per route, how many requests and the latency bucket its 95th percentile falls in. Printed
// beside the load generator's figures, so the two views of the same run can be compared.

type RouteBuckets = { count: number; buckets: [number, number][] };

/** Reads http_request_duration_seconds from the exposition text, summed over status codes. */
export function routeLatencies(text: string): Map<string, RouteBuckets> {
  const routes = new Map<string, RouteBuckets>();
  const entry = (key: string) => {
    let found = routes.get(key);
    if (!found) routes.set(key, (found = { count: 0, buckets: [] }));
    return found;
  };
  for (const line of text.split('\n')) {
    const bucket =
      /^http_request_duration_seconds_bucket\{le="([^"]+)",method="(\w+)",route="([^"]+)",status_code="\d+"\} (\d+)/.exec(
        line,
      );
    if (bucket) {
      const [, le = '', method, route, value = '0'] = bucket;
      const routeEntry = entry(`${method} ${route}`);
      const bound = le === '+Inf' ? Infinity : Number(le);
      const existing = routeEntry.buckets.find(([b]) => b === bound);
      if (existing) existing[1] += Number(value);
      else routeEntry.buckets.push([bound, Number(value)]);
      continue;
    }
    const count =
      /^http_request_duration_seconds_count\{method="(\w+)",route="([^"]+)",status_code="\d+"\} (\d+)/.exec(
        line,
      );
    if (count) entry(`${count[1]} ${count[2]}`).count += Number(count[3]);
  }
  return routes;
}

/** The upper bound (ms) of the first bucket holding 95 % of the route's requests. */
function p95Bucket({ count, buckets }: RouteBuckets): string {
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const target = count * 0.95;
  const bound = sorted.find(([, cumulative]) => cumulative >= target)?.[0] ?? Infinity;
  return bound === Infinity ? '> 10 s' : `≤ ${bound * 1000} ms`;
}

export async function printRouteMetrics(metricsUrl: string, label: string): Promise<void> {
  const text = await (await fetch(metricsUrl)).text();
  const routes = [...routeLatencies(text)]
    .filter(([, r]) => r.count > 0)
    .sort((a, b) => b[1].count - a[1].count);
  console.log(`\n${label}: the server's own metrics (${metricsUrl}), per route`);
  for (const [route, latency] of routes)
    console.log(
      `  ${String(latency.count).padStart(7)} requests, p95 ${p95Bucket(latency).padEnd(11)} ${route}`,
    );
}
