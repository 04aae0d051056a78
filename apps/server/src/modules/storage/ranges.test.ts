import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './errors';
import { matchesEtag, parseRange } from './ranges';

describe('byte ranges', () => {
  const etag = '"v1"';
  it.each([
    [undefined, undefined, { kind: 'whole' }],
    ['bytes=0-9', undefined, { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', undefined, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=90-500', undefined, { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-5', undefined, { kind: 'partial', range: { start: 95, end: 99 } }],
    ['bytes=-500', undefined, { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', undefined, { kind: 'unsatisfiable' }],
    ['bytes=-0', undefined, { kind: 'unsatisfiable' }],
    ['bytes=9-0', undefined, { kind: 'whole' }],
    ['bytes=0-1,5-6', undefined, { kind: 'whole' }],
    ['items=0-1', undefined, { kind: 'whole' }],
    ['bytes=0-9', '"v0"', { kind: 'whole' }],
    ['bytes=0-9', '"v1"', { kind: 'partial', range: { start: 0, end: 9 } }],
  ])('reads Range %j (If-Range %j) of 100 bytes as %j', (header, ifRange, expected) => {
    expect(parseRange(header, ifRange, 100, etag)).toEqual(expected);
  });

  it.each([
    [undefined, false],
    ['"v1"', true],
    ['W/"v1"', true],
    ['"v0", "v1"', true],
    ['*', true],
    ['"v0"', false],
  ])('If-None-Match %j matches "v1": %s', (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});

describe('sizes in messages', () => {
  it.each([
    [50 * 1024 * 1024, '50'],
    [50 * 1024 * 1024 + 1, '50.1'],
    [51 * 1024 * 1024, '51'],
    [1.25 * 1024 * 1024, '1.3'],
  ])('%i bytes read as %s MB', (bytes, expected) => {
    expect(formatMegabytes(bytes)).toBe(expected);
  });
});
