import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Reading a downloaded PDF as a person reads it: its text, laid out (poppler's pdftotext).

const run = promisify(execFile);

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tradeport-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Money as an Australian reads it (`$1,234.56`), worked out apart from the server's own formatting. */
export const audMoney = (cents: number) => aud.format(cents / 100);
