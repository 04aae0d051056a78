import { describe, expect, it } from 'vitest';
import { composeEmail, renderHtmlDocument } from './layout';

describe('composeEmail', () => {
  const email = composeEmail({
    to: 'ada@mit.edu',
    subject: 'Bob <b> wrote',
    paragraphs: ['First & foremost', 'Second'],
    action: { label: 'Open it', url: 'https://campus.test/?page=messages&x="1"' },
    fineprint: ['Small print'],
    footnote: 'Turn these off in Settings.',
  });

  it('says the same things in the same order in both parts', () => {
    expect(email.text).toBe(
      [
        'First & foremost',
        'Second',
        'Open it: https://campus.test/?page=messages&x="1"',
        'Small print',
        'Turn these off in Settings.\nCampusCollab: connecting students, building futures.\n',
      ].join('\n\n'),
    );
    const order = ['<h1', 'First', 'Second', 'Open it</a>', 'paste this link', 'Small', 'Turn'];
    const positions = order.map((fragment) => email.html.indexOf(fragment));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('escapes every value in the HTML part, the link included', () => {
    expect(email.html).toContain('<h1 style="font-size:20px">Bob &lt;b&gt; wrote</h1>');
    expect(email.html).toContain('<p>First &amp; foremost</p>');
    expect(email.html).toContain('href="https://campus.test/?page=messages&amp;x=&quot;1&quot;"');
    expect(email.html).not.toContain('<b>');
  });

  it('uses the heading when given, and the tagline alone without a footnote', () => {
    const plain = composeEmail({
      to: 'ada@mit.edu',
      subject: 'Verify your CampusCollab email',
      heading: 'Verify your email',
      paragraphs: ['Welcome'],
      action: { label: 'Verify email', url: 'https://campus.test/v' },
    });
    expect(plain.html).toContain('>Verify your email</h1>');
    expect(plain.text).toBe(
      'Welcome\n\nVerify email: https://campus.test/v\n\nCampusCollab: connecting students, building futures.\n',
    );
  });
});

describe('renderHtmlDocument', () => {
  it('wraps a body in the one document every email uses', () => {
    const html = renderHtmlDocument('<p>Hi</p>');
    expect(html.startsWith('<!doctype html><html><body style="')).toBe(true);
    expect(html.endsWith('\n<p>Hi</p>\n</body></html>')).toBe(true);
  });
});
