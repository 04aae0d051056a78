import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { parseColumnList } from './parse-columns';

describe('parseColumnList', () => {
  it.each([
    ['id', ['id']],
    ['id,name', ['id', 'name']],
    [' id , name ', ['id', 'name']],
    // postgrest-js quotes every name it puts in `columns=`.
    ['"id","name"', ['id', 'name']],
    ['id,name,id', ['id', 'name']],
  ])('parses %j', (input, expected) => {
    expect(parseColumnList('columns', input)).toEqual(expected);
    expect(parseColumnList('on_conflict', input)).toEqual(expected);
  });

  it.each(['', 'id,', 'a b', 'id;drop', '"a"b"', 'rel(id)', 'x--'])('refuses %j', (input) => {
    expect(() => parseColumnList('on_conflict', input)).toThrow(PostgrestError);
    try {
      parseColumnList('columns', input);
    } catch (error) {
      expect((error as PostgrestError).toJSON()).toMatchObject({
        code: 'PGRST100',
        message: `"failed to parse columns parameter (${input})"`,
      });
    }
  });
});
