import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email.ts';

const hostile = `Tom & "Jerry" <script>alert('x')</script>`;

describe('renderEmail', () => {
  it('escapes everything it puts into the HTML', () => {
    const { html } = renderEmail({
      heading: hostile,
      paragraphs: [hostile],
      action: { label: hostile, url: 'https://example.test/accept?a=1&b=<2>' },
      footer: hostile,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`"Jerry"`);
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    // The URL is normalised (`<` `>` percent-encoded) and then escaped inside the attribute.
    expect(html).toContain('href="https://example.test/accept?a=1&amp;b=%3C2%3E"');
    expect(html.match(/Tom &amp;/g)).toHaveLength(5); // title, heading, paragraph, button, footer
  });

  it('keeps the text part readable, with the link written out', () => {
    const { text } = renderEmail({
      heading: 'Reset your password',
      paragraphs: ['Hi Tom & Jerry,', 'Your code is 123456.'],
      action: { label: 'Choose a new password', url: 'https://example.test/reset?code=1&email=a%40b.test' },
    });
    expect(text).toContain('Tradeport');
    expect(text).toContain('Hi Tom & Jerry,');
    expect(text).toContain('Choose a new password:\nhttps://example.test/reset?code=1&email=a%40b.test');
    expect(text).not.toContain('&amp;');
  });

  it('is an accessible, branded document', () => {
    const { html, text } = renderEmail({ heading: 'Welcome', paragraphs: ['Hello.'] });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Welcome</title>');
    expect(html).toContain('<h1');
    expect(html).toContain('role="presentation"');
    expect(html).toContain('Tradeport');
    expect(html).not.toContain('<a '); // no action, no link
    expect(text).toContain('Sent by Tradeport');
  });

  it('refuses links that are not web or mail links', () => {
    expect(() =>
      renderEmail({ heading: 'x', paragraphs: [], action: { label: 'Go', url: 'javascript:alert(1)' } }),
    ).toThrow(/http\(s\) or mailto/);
  });
});
