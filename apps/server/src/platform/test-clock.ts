import { ConfigError } from './config.ts';

/**
 * The server's clock for browser journeys that depend on the time of day (an order placed after a
 * delivery method's cut-off): TRADEPORT_FAKE_NOW=<ISO instant> starts the clock at that instant
 * and lets it run on from there, so sessions and timeouts still see time pass. Only a test server
 * (NODE_ENV=test) reads it; any other refuses to start with it rather than quietly run on a
 * wrong clock.
 */
export function clockFromEnv(env: Record<string, string | undefined> = process.env): () => Date {
  const fake = env.TRADEPORT_FAKE_NOW;
  if (!fake) return () => new Date();
  if (env.NODE_ENV !== 'test') {
    throw new ConfigError(['TRADEPORT_FAKE_NOW: only a test server (NODE_ENV=test) may run on a fake clock']);
  }
  const startsAt = Date.parse(fake);
  if (Number.isNaN(startsAt)) throw new ConfigError([`TRADEPORT_FAKE_NOW: not an ISO instant: ${fake}`]);
  const realStart = Date.now();
  return () => new Date(startsAt + (Date.now() - realStart));
}
