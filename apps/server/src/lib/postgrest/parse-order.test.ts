import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { parseOrderParam } from './parse-order';

function parseError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

describe('parseOrderParam', () => {
  it.each([
    ['id', 'asc', 'last'],
    ['id.asc', 'asc', 'last'],
    ['id.desc', 'desc', 'first'],
    ['id.nullsfirst', 'asc', 'first'],
    ['id.nullslast', 'asc', 'last'],
    ['id.asc.nullsfirst', 'asc', 'first'],
    ['id.asc.nullslast', 'asc', 'last'],
    ['id.desc.nullsfirst', 'desc', 'first'],
    ['id.desc.nullslast', 'desc', 'last'],
    [' id.desc ', 'desc', 'first'],
    ['"id".desc', 'desc', 'first'],
  ])('parses %j with PostgreSQL defaults for nulls', (input, direction, nulls) => {
    expect(parseOrderParam(input)).toEqual([{ column: 'id', direction, nulls }]);
  });

  it('parses several terms in order', () => {
    expect(parseOrderParam('a.desc.nullslast,b.asc.nullsfirst,c')).toEqual([
      { column: 'a', direction: 'desc', nulls: 'last' },
      { column: 'b', direction: 'asc', nulls: 'first' },
      { column: 'c', direction: 'asc', nulls: 'last' },
    ]);
  });

  it.each([
    [
      'foo.bar',
      'unexpected "bar" in "foo.bar", expecting "asc", "desc", "nullsfirst" or "nullslast"',
    ],
    ['id.ac', 'expecting "asc", "desc"'],
    ['id.ASC', 'unexpected "ASC"'],
    ['id.descc', 'unexpected "descc"'],
    [
      'id.asc.nlsfst',
      'unexpected "nlsfst" in "id.asc.nlsfst", expecting "nullsfirst" or "nullslast"',
    ],
    ['id.nullsfirst.desc', 'expecting "," or end of input'],
    ['id.asc.nullslast.x', 'expecting "," or end of input'],
    ['id.asc.desc', 'expecting "nullsfirst" or "nullslast"'],
    ['id.', 'unexpected ""'],
    ['', 'empty term'],
    ['id,', 'empty term'],
    ['.desc', 'is not a valid column name'],
    ['name;drop table users.desc', 'is not a valid column name'],
    ['a b', 'is not a valid column name'],
    ['(id', 'unbalanced'],
  ])('refuses %j', (input, details) => {
    const error = parseError(() => parseOrderParam(input));
    expect(error).toMatchObject({
      status: 400,
      code: 'PGRST100',
      message: `"failed to parse order (${input})"`,
    });
    expect(error.details).toContain(details);
  });

  it.each([
    ['author(name).desc', 'Ordering by embedded resources is not supported'],
    ['data->key', 'JSON operators (-> and ->>) are not supported'],
  ])('refuses the unsupported %j by name', (input, message) => {
    expect(parseError(() => parseOrderParam(input))).toMatchObject({ code: 'PGRST100', message });
  });
});
