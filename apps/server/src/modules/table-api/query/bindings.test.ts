import { describe, expect, it } from 'vitest';
import { Slot } from '../../../db/plans';
import { Bindings } from './bindings';

describe('Bindings', () => {
  it('hands the builder a Slot per value while a plan is built', () => {
    const bindings = new Bindings(false);
    expect(bindings.bind('dog')).toEqual(new Slot(0));
    expect(bindings.bind(3)).toEqual(new Slot(1));
    expect(bindings.values).toEqual(['dog', 3]);
  });

  it('hands the builder the values themselves when binding directly', () => {
    const bindings = new Bindings(true);
    expect(bindings.bind('dog')).toBe('dog');
    expect(bindings.values).toEqual(['dog']);
  });
});
