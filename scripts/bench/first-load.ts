import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../lib/browser.ts';

/**
 * Every script a real browser fetches to show `path` until the network is idle, gzipped: the
 * entry, its preloads, and anything the page imports straight after rendering. Only chunks
 * that load on a later interaction are left out.
 */
export async function firstLoadJs(baseUrl: string, path: string) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: new URL(response.url()).pathname, bytes: gzipSync(body).length });
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { scripts, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0) };
  } finally {
    await browser.close();
  }
}
