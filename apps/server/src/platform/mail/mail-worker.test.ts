import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/platform.ts';
import { createJobs, type Jobs } from '../jobs/jobs.ts';
import { waitUntil } from '../jobs/testing/wait-until.ts';
import { MAIL_SEND_JOB, type MailMessage, queueMail } from './outbox.ts';
import { type MailLog, startMailWorker } from './mail-worker.ts';
import { renderEmail } from './render-email.ts';
import { type SmtpStandIn, startSmtpStandIn } from './testing/smtp-stand-in.ts';

const FROM = 'Tradeport <no-reply@tradeport.test>';

let database: Database;
let drop: () => Promise<void>;
let jobs: Jobs | undefined;
let smtp: SmtpStandIn | undefined;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});

afterEach(async () => {
  await jobs?.stop();
  await smtp?.stop();
  jobs = undefined;
  smtp = undefined;
});

afterAll(async () => {
  await drop();
});

type Entry = { level: string; obj: object; msg: string };

function collectingLog() {
  const entries: Entry[] = [];
  const log: MailLog = {
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
  return { entries, log };
}

async function startWorker(options: { smtpUrl?: string; log?: MailLog } = {}) {
  const log = options.log ?? collectingLog().log;
  jobs = await createJobs(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, log });
  await jobs.start();
  await startMailWorker({ database, jobs, config: { smtpUrl: options.smtpUrl, from: FROM }, log });
  return jobs;
}

function resetEmail(to: string, token: string): MailMessage {
  const { text, html } = renderEmail({
    heading: 'Reset your password',
    paragraphs: ['Someone asked to reset the password for this email.'],
    action: { label: 'Choose a new password', url: `https://tradeport.test/reset?token=${token}&step=1` },
  });
  return { to, subject: 'Your Tradeport password reset', text, html };
}

async function queue(message: MailMessage) {
  await database.db.transaction(async (tx) => {
    await queueMail({ tx, jobs: jobs!, message });
  });
}

async function outboxRow(to: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('mail', () => {
  it('delivers a committed mail over SMTP and marks it sent', async () => {
    smtp = await startSmtpStandIn();
    await startWorker({ smtpUrl: smtp.url });
    await queue({ ...resetEmail('ana@example.test', 'tok-1'), subject: 'Café order → confirmed' });

    const mail = await smtp.waitFor((m) => m.to === 'ana@example.test');
    expect(mail.subject).toBe('Café order → confirmed');
    expect(mail.from).toBe('no-reply@tradeport.test');
    expect(mail.text).toContain('https://tradeport.test/reset?token=tok-1&step=1');
    expect(mail.html).toContain('href="https://tradeport.test/reset?token=tok-1&amp;step=1"');
    await waitUntil(async () => Boolean((await outboxRow('ana@example.test'))?.sentAt));
    const row = await outboxRow('ana@example.test');
    expect(mail.messageId).toBe(`<${row!.id}@tradeport.test>`);
    expect(row).toMatchObject({ attempts: 0, lastError: null });
  });

  it('delivers a mail’s attachments byte for byte', async () => {
    smtp = await startSmtpStandIn();
    await startWorker({ smtpUrl: smtp.url });
    const content = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xe2, 0x80, 0x99, 0x0a]);
    await queue({
      ...resetEmail('attached@example.test', 'tok-8'),
      attachments: [{ filename: 'INV-000001.pdf', contentType: 'application/pdf', content }],
    });

    const mail = await smtp.waitFor((m) => m.to === 'attached@example.test');
    expect(mail.text).toContain('Choose a new password');
    expect(mail.attachments).toEqual([
      { filename: 'INV-000001.pdf', contentType: 'application/pdf', content },
    ]);
    const row = await outboxRow('attached@example.test');
    expect(row?.attachments).toEqual([
      {
        filename: 'INV-000001.pdf',
        content_type: 'application/pdf',
        content_base64: content.toString('base64'),
      },
    ]);
  });

  it('never sends a mail whose transaction rolled back', async () => {
    smtp = await startSmtpStandIn();
    await startWorker({ smtpUrl: smtp.url });
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail({ tx, jobs: jobs!, message: resetEmail('rolled-back@example.test', 'tok-2') });
        throw new Error('sign-up rejected');
      }),
    ).rejects.toThrow('sign-up rejected');
    await queue(resetEmail('after@example.test', 'tok-3'));

    // Jobs run in order: once the later mail arrived, the earlier one would have too.
    await smtp.waitFor((m) => m.to === 'after@example.test');
    expect(smtp.messages.map((m) => m.to)).toEqual(['after@example.test']);
    expect(await outboxRow('rolled-back@example.test')).toBeUndefined();
  });

  it('records a failed attempt and delivers the mail on retry', async () => {
    smtp = await startSmtpStandIn({ rejectFirst: 1 });
    const { entries, log } = collectingLog();
    await startWorker({ smtpUrl: smtp.url, log });
    await queue(resetEmail('retry@example.test', 'tok-4'));

    await waitUntil(async () => (await outboxRow('retry@example.test'))?.attempts === 1, {
      what: 'the failed attempt to be recorded',
    });
    const failed = await outboxRow('retry@example.test');
    expect(failed?.lastError).toMatch(/451/);

    await smtp.waitFor((m) => m.to === 'retry@example.test');
    await waitUntil(async () => Boolean((await outboxRow('retry@example.test'))?.sentAt));
    expect(smtp.rejections).toBe(1);
    expect(smtp.messages.filter((m) => m.to === 'retry@example.test')).toHaveLength(1);
    expect(await outboxRow('retry@example.test')).toMatchObject({
      attempts: 1,
      lastError: failed?.lastError,
    });
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringMatching(/retried/) }),
    );
  });

  it('without SMTP, writes the mail and its link to the log', async () => {
    const { entries, log } = collectingLog();
    await startWorker({ log });
    await queue({
      ...resetEmail('log@example.test', 'tok-5'),
      attachments: [
        { filename: 'INV-000002.pdf', contentType: 'application/pdf', content: Buffer.alloc(10) },
      ],
    });

    await waitUntil(async () => Boolean((await outboxRow('log@example.test'))?.sentAt));
    const entry = entries.find((e) => e.level === 'info');
    expect(entry?.msg).toContain('log@example.test');
    expect(entry?.msg).toContain('Your Tradeport password reset');
    expect(entry?.obj).toMatchObject({
      mail: {
        to: 'log@example.test',
        links: ['https://tradeport.test/reset?token=tok-5&step=1'],
        // Named and sized, never their bytes.
        attachments: ['INV-000002.pdf (10 bytes)'],
        text: expect.stringContaining('Choose a new password'),
      },
    });
  });

  it('does not send a mail twice when its job runs again', async () => {
    smtp = await startSmtpStandIn();
    await startWorker({ smtpUrl: smtp.url });
    await queue(resetEmail('once@example.test', 'tok-6'));
    await waitUntil(async () => Boolean((await outboxRow('once@example.test'))?.sentAt));

    const row = await outboxRow('once@example.test');
    await database.db.transaction(async (tx) => {
      await jobs!.sendInTransaction(tx, { name: MAIL_SEND_JOB, data: { outboxId: row!.id } });
    });
    await queue(resetEmail('marker@example.test', 'tok-7'));
    await smtp.waitFor((m) => m.to === 'marker@example.test');
    expect(smtp.messages.map((m) => m.to)).toEqual(['once@example.test', 'marker@example.test']);
  });
});
