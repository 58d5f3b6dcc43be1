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
