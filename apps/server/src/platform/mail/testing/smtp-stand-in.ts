import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from '../../jobs/testing/wait-until.ts';

export type ReceivedMail = {
  /** Envelope recipients, comma-separated (one for every mail the product sends). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  /** Files attached to the mail, decoded to their bytes. */
  attachments: ReceivedAttachment[];
  raw: string;
};

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };

export type SmtpStandIn = {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL. */
  url: string;
  /** Accepted mails, in arrival order. */
  messages: ReceivedMail[];
  /** Rejected deliveries so far (see `rejectFirst`). */
  rejections: number;
  waitFor(
    predicate: (mail: ReceivedMail) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<ReceivedMail>;
  /** Answers the next `count` deliveries with a temporary failure (451). */
  rejectNext(count: number): void;
  /**
   * Leaves the next delivery unanswered once its data has arrived (the sender's job is then in
   * flight) until `release` accepts it; a sender killed meanwhile never has it accepted.
   */
  holdNext(): { held: Promise<{ subject: string }>; release(): void };
  stop(): Promise<void>;
};

/**
 * A real SMTP server on a free local port, for tests that go through nodemailer end to end.
 * Plain SMTP without TLS or authentication, like a local relay.
 */
export async function startSmtpStandIn(options: { rejectFirst?: number } = {}): Promise<SmtpStandIn> {
  let toReject = options.rejectFirst ?? 0;
  const messages: ReceivedMail[] = [];
  const standIn = { rejections: 0 };
  let hold: { onHeld(mail: { subject: string }): void; released: Promise<void> } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    // Advertising STARTTLS would make nodemailer upgrade to the stand-in's self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (hold) {
          const { onHeld, released } = hold;
          hold = undefined;
          onHeld({ subject: parseMessage(Buffer.concat(chunks).toString('utf8')).subject });
          await released;
        }
        if (toReject > 0) {
          toReject -= 1;
          standIn.rejections += 1;
          callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((recipient) => recipient.address).join(', '),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get rejections() {
      return standIn.rejections;
    },
    async waitFor(predicate, waitOptions = {}) {
      await waitUntil(() => messages.some(predicate), { ...waitOptions, what: 'a matching mail' });
      return messages.find(predicate)!;
    },
    rejectNext(count) {
      toReject = count;
    },
    holdNext() {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = new Promise<{ subject: string }>((resolve) => (hold = { onHeld: resolve, released }));
      return { held, release };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

/** Just enough MIME for what nodemailer writes: headers, multipart, quoted-printable, base64. */
function parseMessage(
  raw: string,
): Pick<ReceivedMail, 'subject' | 'text' | 'html' | 'messageId' | 'attachments'> {
  const message = splitPart(raw);
  const leaves = flatten(message);
  const isAttachment = (part: Part) => /^attachment\b/i.test(part.headers.get('content-disposition') ?? '');
  const bodies = leaves.filter((part) => !isAttachment(part));
  const text = bodies.find((part) => contentType(part).type === 'text/plain');
  const html = bodies.find((part) => contentType(part).type === 'text/html');
  return {
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : undefined,
    messageId: message.headers.get('message-id'),
    attachments: leaves.filter(isAttachment).map((part) => ({
      filename: decodeWords(
        /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? '',
      ),
      contentType: contentType(part).type,
      content: decodeBytes(part),
    })),
  };
}

function splitPart(raw: string): Part {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(part: Part): { type: string; boundary?: string } {
  const value = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(value)?.[1];
  return { type: value.split(';')[0]!.trim().toLowerCase(), boundary };
}

function flatten(part: Part): Part[] {
  const { type, boundary } = contentType(part);
  if (!type.startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => flatten(splitPart(section.replace(/^\r?\n/, ''))));
}

function decodeBytes(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body = part.body.replace(/\r?\n$/, '');
  return encoding === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : Buffer.from(body, 'utf8');
}

function decodeBody(part: Part): string {
  return decodeBytes(part).toString('utf8').replace(/\r\n/g, '\n');
}

function decodeQuotedPrintable(body: string): Buffer {
  const unfolded = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i += 1) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}
