import { describe, expect, it } from 'vitest';
import { Placeholder } from '../../../db/compiled-queries/placeholders';
import { Bindings } from './bindings';

describe('Bindings', () => {
  it('hands the builder a placeholder per value for a compiled query', () => {
    const bindings = Bindings.forCompiledQuery();
    expect(bindings.bind('dog')).toEqual(new Placeholder(0));
    expect(bindings.bind(3)).toEqual(new Placeholder(1));
    expect(bindings.values).toEqual(['dog', 3]);
  });

  it('hands the builder the values themselves for a query built for one run', () => {
    const bindings = Bindings.forOneRun();
    expect(bindings.bind('dog')).toBe('dog');
    expect(bindings.values).toEqual(['dog']);
  });
});
