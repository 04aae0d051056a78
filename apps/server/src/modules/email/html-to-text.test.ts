import { describe, expect, it } from 'vitest';
import { convertHtmlToText } from './html-to-text';

describe('convertHtmlToText', () => {
  it.each([
    ['<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['Line<br>break<br/>again', 'Line\nbreak\nagain'],
    ['<a href="https://mit.edu">MIT</a>', 'MIT (https://mit.edu)'],
    ["<a href='/x?a=1&amp;b=2'>link</a>", 'link (/x?a=1&b=2)'],
    ['<a name="top">no target</a>', 'no target'],
    ['<script>alert(1)</script><style>p{}</style>Shown', 'Shown'],
    ['Tom &amp; Jerry &lt;3 &#233;&#x1F600; &bogus;', 'Tom & Jerry <3 é😀 &bogus;'],
    ['&#99999999;', '&#99999999;'],
    ['a < b and c > d, <3', 'a < b and c > d, <3'],
    ['<!doctype html><!-- note --><p>Body</p>', 'Body'],
    ['<b>unclosed <i', 'unclosed <i'],
    ['  lots   of\t space  ', 'lots of space'],
  ])('renders %j as %j', (html, text) => {
    expect(convertHtmlToText(html)).toBe(text);
  });

  it('stays linear on input built to make regular expressions backtrack', () => {
    const hostile = [
      '<'.repeat(200_000),
      `${'<'.repeat(200_000)}>`,
      `${'<!'.repeat(100_000)}>`,
      '<a '.repeat(70_000),
      '<script>'.repeat(25_000),
    ];
    for (const html of hostile) {
      const started = performance.now();
      convertHtmlToText(html);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
