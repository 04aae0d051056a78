import { describe, expect, it } from 'vitest';
import {
  describeUnsafeJson,
  exceedsJsonDepth,
  hasPrototypeKey,
  MAX_JSON_DEPTH,
} from './json-limits';

const nestArrays = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('exceedsJsonDepth', () => {
  it.each([
    ['a scalar', 1, false],
    ['an empty object at the limit', [], false],
  ])('%s', (_name, value, expected) => {
    expect(exceedsJsonDepth(value, 1)).toBe(expected);
  });

  it('counts arrays and objects alike, up to the limit and one past it', () => {
    expect(exceedsJsonDepth(nestArrays(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nestArrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth({ a: [{ b: [] }] }, 4)).toBe(false);
    expect(exceedsJsonDepth({ a: [{ b: [{}] }] }, 4)).toBe(true);
  });

  it('answers for depths that would exhaust a recursive walk', () => {
    expect(exceedsJsonDepth(nestArrays(200_000))).toBe(true);
  });
});

describe('hasPrototypeKey', () => {
  it.each([
    ['{"__proto__":{"id":1}}', true],
    ['[1,{"a":{"__proto__":null}}]', true],
    ['{"constructor":{"prototype":{}},"toString":1}', false],
    ['{"a":"__proto__"}', false],
  ])('%s -> %s', (text, expected) => {
    expect(hasPrototypeKey(JSON.parse(text))).toBe(expected);
  });
});

describe('describeUnsafeJson', () => {
  it('names the problem, or null for ordinary JSON', () => {
    expect(describeUnsafeJson({ title: 'Hi', tags: ['a'] })).toBeNull();
    expect(describeUnsafeJson(nestArrays(10_000))).toMatch(/deeper than 64/);
    expect(describeUnsafeJson(JSON.parse('{"__proto__":1}'))).toMatch(/__proto__/);
  });
});
