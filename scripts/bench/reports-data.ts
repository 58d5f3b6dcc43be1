import { percentile } from './load.ts';

// Issue 12's reports over LAST_YEAR on the large data set, timed one request at a time (a report
// is read by one person, not twenty at once): each route warmed once, then REPORT_RUNS requests.

export const REPORT_RUNS = 10;
export const REPORT_BUDGET_MS = 500;

export type ReportTiming = { label: string; p50: number; p95: number; errors: number };

const REPORTS = [
  { label: 'sales by product', path: 'sales?group_by=product' },
  { label: 'sales by customer', path: 'sales?group_by=customer' },
  { label: 'sales by category', path: 'sales?group_by=category' },
  { label: 'sales by brand', path: 'sales?group_by=brand' },
  { label: 'GST summary', path: 'gst?' },
  { label: 'payments received', path: 'payments?' },
  // Aging is owed now, whatever the period.
  { label: 'receivables aging', path: 'aging?' },
];

export async function timeReports(
  session: { url: string; token: string },
  merchantId: string,
): Promise<ReportTiming[]> {
  const timings: ReportTiming[] = [];
  for (const report of REPORTS) {
    const url = `${session.url}/api/v1/reports/${merchantId}/${report.path}&period=LAST_YEAR`;
    const headers = { authorization: `Bearer ${session.token}` };
    let errors = 0;
    const get = async () => {
      const startedAt = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) errors += 1;
      return performance.now() - startedAt;
    };
    await get();
    const times: number[] = [];
    for (let run = 0; run < REPORT_RUNS; run++) times.push(await get());
    times.sort((a, b) => a - b);
    timings.push({
      label: `report ${report.label}, LAST_YEAR`,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      errors,
    });
  }
  return timings;
}

export function formatReportTiming(timing: ReportTiming): string {
  return `${timing.label.padEnd(44)} p50 ${timing.p50.toFixed(1).padStart(7)} ms   p95 ${timing.p95.toFixed(1).padStart(7)} ms   errors ${timing.errors}`;
}
