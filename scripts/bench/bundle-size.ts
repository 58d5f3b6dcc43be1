import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JS a browser must fetch before the first paint of the entry page: the entry module and
 * every chunk Vite tells it to modulepreload. Lazy route chunks are not counted.
 */
export async function firstLoadJsGzipBytes(distDir: string): Promise<{ files: string[]; bytes: number }> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(distDir, file))).length;
  return { files, bytes };
}
