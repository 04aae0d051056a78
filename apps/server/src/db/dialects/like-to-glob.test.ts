import { describe, expect, it } from 'vitest';
import { containedText, likeToGlob } from './like-to-glob';

describe('likeToGlob', () => {
  it.each([
    ['%ada%', '*ada*'],
    ['a_a', 'a?a'],
    ['100\\%', '100%'],
    ['a\\_b', 'a_b'],
    ['what?*', 'what[?][*]'],
    ['[x]%', '[[]x]*'],
    ['trailing\\', 'trailing\\'],
  ])('%s -> %s', (like, glob) => {
    expect(likeToGlob(like)).toBe(glob);
  });
});

describe('containedText', () => {
  it.each([
    ['%python%', 'python'],
    ['%Machine Learning%', 'Machine Learning'],
    ['%%', ''],
    ["%it's [x] *%", "it's [x] *"],
  ])('%s looks for "%s"', (pattern, text) => {
    expect(containedText(pattern)).toBe(text);
  });

  it.each(['python%', '%python', '%py%on%', '%py_on%', '%100\\%%', '%', 'python'])(
    '%s is not a plain "contains"',
    (pattern) => {
      expect(containedText(pattern)).toBeNull();
    },
  );
});
