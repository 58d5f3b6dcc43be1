import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { clockFromEnv } from './test-clock.ts';

describe('the server clock from the environment', () => {
  it('is the real clock without TRADEPORT_FAKE_NOW', () => {
    const now = clockFromEnv({ NODE_ENV: 'test' })();
    expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('starts at TRADEPORT_FAKE_NOW on a test server and runs on from there', async () => {
    const clock = clockFromEnv({ NODE_ENV: 'test', TRADEPORT_FAKE_NOW: '2026-11-25T03:30:00Z' });
    const first = clock().getTime();
    expect(first - Date.parse('2026-11-25T03:30:00Z')).toBeLessThan(1_000);
    expect(first).toBeGreaterThanOrEqual(Date.parse('2026-11-25T03:30:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock().getTime()).toBeGreaterThan(first);
  });

  it('refuses a fake clock outside tests, and a date it cannot read', () => {
    expect(() =>
      clockFromEnv({ NODE_ENV: 'production', TRADEPORT_FAKE_NOW: '2026-11-25T03:30:00Z' }),
    ).toThrow(ConfigError);
    expect(() => clockFromEnv({ TRADEPORT_FAKE_NOW: '2026-11-25T03:30:00Z' })).toThrow(ConfigError);
    expect(() => clockFromEnv({ NODE_ENV: 'test', TRADEPORT_FAKE_NOW: 'Wednesday' })).toThrow(
      /not an ISO instant/,
    );
  });
});
