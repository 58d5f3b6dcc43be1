import type { Db } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { insertOutboxMail } from './mail-outbox.queries.ts';

/** A file sent with a mail (an order's tax invoice). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** The shape modules receive in AppDeps (`mail.queue({ tx, message })`). */
export type MailQueue = { queue(options: { tx: Db; message: MailMessage }): Promise<void> };

export const MAIL_SEND_JOB = 'mail.send';

export type MailSendJob = { outboxId: string };

/**
 * Keeps the mail in the outbox and queues its delivery, both in the caller's transaction: a change
 * that rolls back sends nothing, one that commits is delivered (retried until it is).
 */
export async function queueMail(options: {
  tx: Db;
  jobs: Pick<Jobs, 'sendInTransaction'>;
  message: MailMessage;
}): Promise<void> {
  const { tx, jobs, message } = options;
  const outboxId = await insertOutboxMail(tx, {
    toAddress: message.to.trim(),
    // A line break in a subject would start a new header.
    subject: message.subject.replace(/[\r\n]+/g, ' ').trim(),
    textBody: message.text,
    htmlBody: message.html ?? null,
    // Kept whole in the outbox, so a retry days later still sends exactly what was queued.
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content_type: attachment.contentType,
      content_base64: attachment.content.toString('base64'),
    })),
  });
  const data: MailSendJob = { outboxId };
  await jobs.sendInTransaction(tx, { name: MAIL_SEND_JOB, data });
}

export function createMailQueue(jobs: Pick<Jobs, 'sendInTransaction'>): MailQueue {
  return { queue: ({ tx, message }) => queueMail({ tx, jobs, message }) };
}
