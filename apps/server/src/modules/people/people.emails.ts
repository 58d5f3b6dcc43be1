import type { MailMessage } from '../../platform/mail/outbox.ts';
import { renderEmail } from '../../platform/mail/render-email.ts';

export function invitationEmail(options: {
  to: string;
  organisationTitle: string;
  invitedBy: string | null;
  link: URL;
  hasAccount: boolean;
}): MailMessage {
  const who = options.invitedBy ? `${options.invitedBy} has invited you` : 'You have been invited';
  const { text, html } = renderEmail({
    heading: `Join ${options.organisationTitle} on Tradeport`,
    paragraphs: [
      `${who} to join ${options.organisationTitle} on Tradeport.`,
      options.hasAccount
        ? 'Sign in with this email address to accept.'
        : 'Create your account with this email address to accept.',
      'The link works once and expires in 7 days.',
    ],
    action: { label: 'Accept the invitation', url: options.link.toString() },
  });
  return {
    to: options.to,
    subject: `Invitation to join ${options.organisationTitle} on Tradeport`,
    text,
    html,
  };
}
