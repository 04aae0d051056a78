import { describe, expect, it } from 'vitest';
import { isIgnoredError } from './is-ignored-error';

describe('isIgnoredError', () => {
  it.each([
    [new Error('Network request failed'), true],
    [new TypeError('Failed to fetch'), true],
    [new TypeError('Load failed'), true],
    [new TypeError('NetworkError when attempting to fetch resource.'), true],
    [Object.assign(new Error('boom'), { stack: 'at flush (/api/analytics/campus/log)' }), true],
    [new Error('Analytics batch rejected'), true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/page.js'), false],
    [new TypeError("Cannot read properties of undefined (reading 'name')"), false],
    ['a thrown string', false],
  ])('%s -> %s', (error, ignored) => {
    expect(isIgnoredError(error)).toBe(ignored);
  });
});
