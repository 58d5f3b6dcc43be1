import { createHash } from 'node:crypto';
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

export type QueueMailOptions = {
  tx: Db;
  message: MailMessage;
  /**
   * Queues the mail at most once for this key (e.g. `payment.receipt:<payment id>:<address>`): a
   * job that runs again after queueing it (jobs run at least once) queues nothing more.
   */
  onceKey?: string;
};

/** The shape modules receive in AppDeps (`mail.queue({ tx, message })`). */
export type MailQueue = { queue(options: QueueMailOptions): Promise<void> };

/** A UUID made from a key (its SHA-256, shaped as a v8 UUID): the outbox id of a mail sent once. */
function idOfKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const MAIL_SEND_JOB = 'mail.send';

export type MailSendJob = { outboxId: string };

/**
 * Keeps the mail in the outbox and queues its delivery, both in the caller's transaction: a change
 * that rolls back sends nothing, one that commits is delivered (retried until it is).
 */
export async function queueMail(
  options: QueueMailOptions & { jobs: Pick<Jobs, 'sendInTransaction'> },
): Promise<void> {
  const { tx, jobs, message } = options;
  const outboxId = await insertOutboxMail(tx, {
    ...(options.onceKey ? { id: idOfKey(options.onceKey) } : {}),
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
  // Queued before under the same key: nothing more to send.
  if (!outboxId) return;
  const data: MailSendJob = { outboxId };
  await jobs.sendInTransaction(tx, { name: MAIL_SEND_JOB, data });
}

export function createMailQueue(jobs: Pick<Jobs, 'sendInTransaction'>): MailQueue {
  return { queue: (options) => queueMail({ ...options, jobs }) };
}
