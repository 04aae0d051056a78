import { describe, expect, it } from 'vitest';
import { renderHtmlDocument } from './layout';
import { composeRequestedEmail } from './requested-email';

describe('composeRequestedEmail (docs/decisions/009-notifications-and-analytics.md)', () => {
  const request = { to: 'ada@mit.edu', subject: 'Hi' };

  it('keeps both parts when both are given', () => {
    expect(composeRequestedEmail({ ...request, html: '<b>Bold</b>', text: 'Plain' })).toEqual({
      ...request,
      html: '<b>Bold</b>',
      text: 'Plain',
    });
  });

  it('builds the HTML part from escaped text, keeping paragraphs and line breaks', () => {
    const email = composeRequestedEmail({ ...request, text: 'Line <one>\r\nline & two\n\nNext' });
    expect(email.html).toBe(
      renderHtmlDocument('<p>Line &lt;one&gt;<br>line &amp; two</p>\n<p>Next</p>'),
    );
  });

  it('builds the text part from HTML, and counts a blank part as missing', () => {
    const email = composeRequestedEmail({
      ...request,
      html: '<p>See <a href="/x">this</a></p>',
      text: '  ',
    });
    expect(email.text).toBe('See this (/x)');
  });
});
