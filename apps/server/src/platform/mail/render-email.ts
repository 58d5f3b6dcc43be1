export type EmailContent = {
  heading: string;
  paragraphs: string[];
  /** One call to action; rendered as a button and, for clients that hide it, as a plain link. */
  action?: { label: string; url: string };
  footer?: string;
};

const BRAND = 'Tradeport';
const DEFAULT_FOOTER = 'Sent by Tradeport because of your account or an invitation to it.';
const ALLOWED_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/**
 * The one layout of every email: the text part carries everything the HTML does (links
 * included), so plain-text clients, screen readers and the log of the embedded mode lose
 * nothing. Everything interpolated is escaped; inputs are plain text, never markup.
 */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const action = content.action && { label: content.action.label, url: safeUrl(content.action.url) };
  const footer = content.footer ?? DEFAULT_FOOTER;
  return {
    text: renderText({ ...content, action, footer }),
    html: renderHtml({ ...content, action, footer }),
  };
}

type Resolved = EmailContent & { footer: string };

function renderText({ heading, paragraphs, action, footer }: Resolved): string {
  const lines = [BRAND, '', heading, '='.repeat(Math.min(heading.length, 72)), ''];
  for (const paragraph of paragraphs) lines.push(paragraph, '');
  if (action) lines.push(`${action.label}:`, action.url, '');
  lines.push('--', footer);
  return lines.join('\n');
}

function renderHtml({ heading, paragraphs, action, footer }: Resolved): string {
  const body = paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  const button = action
    ? `<p style="margin:24px 0;"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1c5dd8;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4a5361;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1c5dd8;word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;color:#1f2733;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px 0;font-size:18px;font-weight:700;color:#1c5dd8;">${BRAND}</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#1f2733;">${escapeHtml(heading)}</h1>
${body}
${button}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e3e6ea;font-size:13px;line-height:20px;color:#4a5361;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Escaping stops markup, not `javascript:` links: only web and mail links are accepted. */
function safeUrl(value: string): string {
  const url = new URL(value);
  if (!ALLOWED_PROTOCOLS.has(url.protocol))
    throw new TypeError(`Email links must be http(s) or mailto, not ${url.protocol}`);
  return url.toString();
}
