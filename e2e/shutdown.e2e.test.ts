import { request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/platform/db/client.ts';
import {
  startSmtpStandIn,
  type SmtpStandIn,
} from '../apps/server/src/platform/mail/testing/smtp-stand-in.ts';
import { type RunningServer, startServer } from '../scripts/lib/server-process.ts';
import { DEMO_DATA_DIR_ENV } from './global-setup.ts';
import { apiAs, placeOrder, signIn } from './instances-helpers.ts';

// SIGTERM (a deploy, a scale-down) must lose nothing: a request being answered is finished and a
// job being run is completed before the process exits, while nothing new is taken on.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: RunningServer | undefined;
let smtp: SmtpStandIn | undefined;
afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  server = smtp = undefined;
});

const copyOf = () => process.env[DEMO_DATA_DIR_ENV];

/** PUTs `body` to `url` in two halves, calling `between` after the first has been sent. */
function putInTwoHalves(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  between: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const put = request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': body.length } },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
      },
    );
    put.on('error', reject);
    const half = Math.floor(body.length / 2);
    put.write(body.subarray(0, half), () => {
      between().then(
        () => put.end(body.subarray(half)),
        (error: unknown) => {
          put.destroy();
          reject(error);
        },
      );
    });
  });
}

/** Waits (up to 10 s) until the server's output has a line matching `pattern`. */
async function untilLogged(running: RunningServer, pattern: RegExp) {
  const deadline = Date.now() + 10_000;
  while (
    !running
      .output()
      .split('\n')
      .some((line) => pattern.test(line))
  ) {
    if (Date.now() > deadline) throw new Error(`The server never logged ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM', () => {
  it('finishes a request in flight and refuses new connections, then exits cleanly', async () => {
    // Its requests logged (info), for the upload's to be seen taken on.
    server = await startServer({ copyOf: copyOf(), env: { LOG_LEVEL: 'info' } });
    const merchant = apiAs(server.url, await signIn(server.url, 'merchant@demo.test'));
    const upload = await merchant.ok<{ upload_url: string; headers: Record<string, string> }>(
      'POST',
      '/s3/presigned-upload-url/image-type/png',
      undefined,
      201,
    );
    let exit: Promise<number | null> | undefined;
    const answer = await putInTwoHalves(upload.upload_url, upload.headers, PNG, async () => {
      // The first half has left this process, which says nothing of the server having read it: on
      // a loaded machine the signal could arrive first and the upload be turned away as new. Its
      // request log line says the server has taken it on.
      await untilLogged(server!, /"method":"PUT".*"msg":"incoming request"/);
      exit = server!.kill('SIGTERM');
      // Give the signal time to land: the server stops listening while this body is half sent.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(fetch(`${server!.url}/api/v1/health`)).rejects.toThrow();
    });
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ stored: true, size_bytes: PNG.length });
    expect(await exit).toBe(0);
    const uploads = path.join(server.dataDir, 'uploads');
    const stored = await readdir(uploads, { recursive: true, withFileTypes: true });
    const files = stored.filter((entry) => entry.isFile());
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(files[0]!.parentPath, files[0]!.name))).toEqual(PNG);
  });

  it('lets a job being run finish before the database closes', async () => {
    smtp = await startSmtpStandIn();
    server = await startServer({ copyOf: copyOf(), env: { SMTP_URL: smtp.url } });
    const hold = smtp.holdNext();
    const customer = apiAs(server.url, await signIn(server.url, 'customer@demo.test'));
    await placeOrder(customer);
    const { subject } = await hold.held;
    const exit = server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    hold.release();
    expect(await exit).toBe(0);
    // The held mail was accepted, and the job that sent it was recorded as done.
    expect(smtp.messages.map((mail) => mail.subject)).toContain(subject);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(server.dataDir, 'pglite') });
    try {
      const { rows } = (await database.db.execute(
        sql`select state::text as state, count(*)::int as count from pgboss.job where name = 'mail.send' group by 1`,
      )) as unknown as { rows: { state: string; count: number }[] };
      expect(rows.filter((row) => row.state === 'active')).toEqual([]);
      expect(rows.find((row) => row.state === 'completed')?.count).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  });
});
