import { describe, expect, it } from 'vitest';
import { likeToGlob } from './like-to-glob';

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
