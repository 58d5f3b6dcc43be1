import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { findOutboxMail, markMailSent, type OutboxRow, recordFailedDelivery } from './mail-outbox.queries.ts';
import { MAIL_SEND_JOB } from './outbox.ts';

/** The parts of a pino logger the worker uses (fastify's `app.log` fits). */
export type MailLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MailConfig = {
  /** smtp:// or smtps:// URL with credentials; without it mail is written to the log instead. */
  smtpUrl?: string;
  /** From header, e.g. `Tradeport <no-reply@example.com>`. */
  from: string;
};

const JobData = z.object({ outboxId: z.uuid() });
const MAX_ERROR_LENGTH = 1_000;
// Fail fast enough for the job to be retried rather than sit on a dead connection.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Delivers queued mail. Each `mail.send` job names an outbox row; the row, not the job, is the
 * truth: a row already sent is skipped, so a retried or duplicated job never mails twice.
 */
export async function startMailWorker(options: {
  database: Database;
  jobs: Pick<Jobs, 'work'>;
  config: MailConfig;
  log: MailLog;
}): Promise<void> {
  const { database, jobs, config, log } = options;
  const deliver = config.smtpUrl ? smtpDelivery(config.smtpUrl, config.from) : logDelivery(log);

  await jobs.work(MAIL_SEND_JOB, async (data) => {
    const { outboxId } = JobData.parse(data);
    const mail = await findOutboxMail(database.db, outboxId);
    if (!mail) {
      log.warn({ outboxId }, 'queued mail is no longer in the outbox; nothing to send');
      return;
    }
    if (mail.sentAt) return;

    try {
      await deliver(mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordFailedDelivery(database.db, { id: mail.id, error: message.slice(0, MAX_ERROR_LENGTH) });
      log.warn({ outboxId, err: error }, 'mail delivery failed; it will be retried');
      throw error;
    }
    await markMailSent(database.db, mail.id);
  });
}

function smtpDelivery(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'tradeport.local';
  return async (mail: OutboxRow) => {
    await transport.sendMail({
      from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody ?? undefined,
      attachments: mail.attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.content_type,
        content: Buffer.from(attachment.content_base64, 'base64'),
      })),
      // Stable across retries, so a receiver can drop a copy sent twice after a lost acknowledgement.
      messageId: `<${mail.id}@${domain}>`,
    });
  };
}

/** The embedded default: no account needed, and the links in the mail can be followed from the log. */
function logDelivery(log: MailLog) {
  return async (mail: OutboxRow) => {
    const links = mail.textBody.match(/https?:\/\/[^\s<>"]+/g) ?? [];
    // Attachments by name and size only: their bytes would flood the log.
    const attachments = mail.attachments.map(
      (attachment) =>
        `${attachment.filename} (${Buffer.byteLength(attachment.content_base64, 'base64')} bytes)`,
    );
    log.info(
      {
        mail: {
          id: mail.id,
          to: mail.toAddress,
          subject: mail.subject,
          links,
          attachments,
          text: mail.textBody,
        },
      },
      `mail to ${mail.toAddress} (SMTP_URL is not set, so it is written here instead of sent): ${mail.subject}`,
    );
  };
}
