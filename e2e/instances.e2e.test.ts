import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startSmtpStandIn,
  type SmtpStandIn,
} from '../apps/server/src/platform/mail/testing/smtp-stand-in.ts';
import { startS3StandIn, type S3StandIn } from '../apps/server/src/platform/storage/testing/s3-stand-in.ts';
import { waitUntil } from '../apps/server/src/platform/jobs/testing/wait-until.ts';
import { type RunningServer, startServer } from '../scripts/lib/server-process.ts';
import { apiAs, createDatabase, dropDatabase, placeOrder, signIn, type Api } from './instances-helpers.ts';

// Two API processes on one PostgreSQL database and one S3 bucket, as behind a load balancer:
// nothing a request or a job needs may live in one process's memory or disk. The journey
// alternates between them, then kills one in the middle of a job and lets a new one retry it.

const S3 = { accessKeyId: 'tradeport-instances', secretAccessKey: 'instances-secret-key' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let databaseUrl: string;
let s3: S3StandIn;
let smtp: SmtpStandIn;
let first: RunningServer;
let second: RunningServer;
let environment: Record<string, string>;
const started: RunningServer[] = [];

async function start(): Promise<RunningServer> {
  const server = await startServer({ env: environment });
  started.push(server);
  return server;
}

beforeAll(async () => {
  databaseUrl = await createDatabase(`tradeport_instances_${randomUUID().slice(0, 8)}`);
  [s3, smtp] = await Promise.all([startS3StandIn(S3), startSmtpStandIn()]);
  environment = {
    DATABASE_URL: databaseUrl,
    INSTANCES: '2',
    S3_BUCKET: 'tradeport-instances',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
    SMTP_URL: smtp.url,
    // A job a killed process held is retried by another after this long (and a second later).
    JOB_TIMEOUT_SECONDS: '5',
    JOB_RETRY_DELAY_SECONDS: '1',
  };
  // The first migrates and seeds; the second, started at the same time, waits for the
  // migration lock and finds both done.
  [first, second] = await Promise.all([start(), start()]);
});

// A failure says what each process printed (LOG_LEVEL warn): why one stopped answering, say.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [index, server] of started.entries())
    console.error(`--- process ${index + 1} (${server.url}) printed:\n${server.output()}`);
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await Promise.all([s3?.close(), smtp?.stop()]);
  if (databaseUrl) await dropDatabase(databaseUrl);
});

describe('two API processes on one database', () => {
  let customer: Api;
  let orderNumber: number;

  it('signs in on one and uploads an image and places an order on the other', async () => {
    const token = await signIn(first.url, 'customer@demo.test');
    // The token one process signed is good on the other: the signing secret is in the database.
    customer = apiAs(second.url, token);
    const me = await customer.ok<{ title: string }>('GET', '/users/current');

    const upload = await customer.ok<{
      upload_url: string;
      headers: Record<string, string>;
      public_url: string;
    }>('POST', '/s3/presigned-upload-url/image-type/png', undefined, 201);
    expect(upload.upload_url.startsWith(`${s3.endpoint}/tradeport-instances/`)).toBe(true);
    const put = await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: PNG });
    expect(put.status).toBe(200);
    await customer.ok('PUT', '/users/current', { name: me.title, image: upload.public_url });

    const placed = await placeOrder(customer);
    orderNumber = placed.number;

    // The first process sees what the second stored: the image in the bucket, the order in
    // the database.
    const onFirst = apiAs(first.url, token);
    expect((await onFirst.ok<{ image: string }>('GET', '/users/current')).image).toBe(upload.public_url);
    const key = new URL(upload.public_url).pathname.slice(1);
    expect(s3.objects.get(key)?.body).toEqual(PNG);
    expect((await onFirst.ok<{ number: number }>('GET', `/orders/${placed.id}`)).number).toBe(orderNumber);
  });

  it('sends the order’s confirmation once, though both processes run mail jobs', async () => {
    const isConfirmation = (mail: { subject: string; to: string }) =>
      mail.subject.startsWith(`Order ${orderNumber} confirmed`) && mail.to.includes('customer@demo.test');
    await smtp.waitFor(isConfirmation, { timeoutMs: 30_000 });
    await smtp.waitFor((mail) => mail.subject.startsWith(`New order ${orderNumber} `), { timeoutMs: 30_000 });
    // Both workers have been polling all along; give a duplicate every chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.messages.filter(isConfirmation)).toHaveLength(1);
  });

  it('retries a job on another process after the one running it is killed', async () => {
    // Only the first is left running mail jobs; its next delivery is held mid-way.
    await second.kill('SIGTERM');
    const hold = smtp.holdNext();
    const placed = await placeOrder(apiAs(first.url, await signIn(first.url, 'customer@demo.test')));
    await hold.held;
    expect(await first.kill('SIGKILL')).toBeNull();

    const third = await start();
    const delivered = (mail: { subject: string }) =>
      mail.subject.startsWith(`Order ${placed.number} confirmed`) ||
      mail.subject.startsWith(`New order ${placed.number} `);
    // The held mail's job times out (5 s), the third process's maintenance fails it for a retry
    // and its worker sends it: every mail of the order arrives, each once.
    await waitUntil(() => smtp.messages.filter(delivered).length >= 2, {
      timeoutMs: 45_000,
      what: 'the mails',
    });
    // The killed process had fetched them all (a batch), so each timed out and was retried.
    await waitUntil(async () => (await jobRows(placed.number)).every((row) => row.state === 'completed'), {
      timeoutMs: 15_000,
      what: 'the retried mail jobs to complete',
    });
    const retried = await jobRows(placed.number);
    expect(retried.length).toBeGreaterThanOrEqual(2);
    expect(retried.some((row) => row.retry_count > 0)).toBe(true);
    const subjects = smtp.messages.filter(delivered).map((mail) => `${mail.subject} → ${mail.to}`);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect((await fetch(`${third.url}/api/v1/ready`)).status).toBe(200);
  });
});

/** The mail jobs of an order's mails, from the database both processes share. */
async function jobRows(orderNumber: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; retry_count: number }>(
      `select j.state::text as state, j.retry_count from pgboss.job j
         join mail_outbox m on m.id::text = j.data->>'outboxId'
        where j.name = 'mail.send' and m.subject like $1`,
      [`%rder ${orderNumber} %`],
    );
    return rows;
  } finally {
    await client.end();
  }
}
