import type { MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';

export function passwordResetEmail(options: {
  to: string;
  name: string;
  code: string;
  link: URL;
}): MailMessage {
  const { text, html } = renderEmail({
    heading: 'Reset your Tradeport password',
    paragraphs: [
      `Hi ${options.name}, someone (hopefully you) asked to reset the password for this email.`,
      `Your code is ${options.code}. It works once, for the next hour.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: options.link.toString() },
  });
  return { to: options.to, subject: 'Your Tradeport password reset code', text, html };
}

export function emailVerificationEmail(options: {
  to: string;
  name: string;
  code: string;
  link: URL;
}): MailMessage {
  const { text, html } = renderEmail({
    heading: 'Confirm your email address',
    paragraphs: [
      `Hi ${options.name}, welcome to Tradeport. Please confirm that this is your email address.`,
      `Your code is ${options.code}. It works once, for the next 24 hours.`,
      'If you did not create a Tradeport account, ignore this email.',
    ],
    action: { label: 'Confirm my email', url: options.link.toString() },
  });
  return { to: options.to, subject: 'Confirm your Tradeport email address', text, html };
}
