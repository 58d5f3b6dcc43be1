import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `check` until it holds or the deadline passes: background work (jobs, SMTP) is awaited
 * by what it does, never by a fixed sleep.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<void> {
  const { timeoutMs = 10_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${options.what ?? 'a condition'}`);
    }
    await sleep(intervalMs);
  }
}
