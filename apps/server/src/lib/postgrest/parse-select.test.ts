import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { parseSelectParam } from './parse-select';

function parseError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

const column = (name: string, alias: string | null = null) => ({
  kind: 'column',
  column: name,
  alias,
});

describe('parseSelectParam', () => {
  it.each([
    ['*', [{ kind: 'star' }]],
    ['', [{ kind: 'star' }]],
    ['  ', [{ kind: 'star' }]],
    ['id', [column('id')]],
    ['id,name', [column('id'), column('name')]],
    [' id , name ', [column('id'), column('name')]],
    ['*,extra', [{ kind: 'star' }, column('extra')]],
    ['title:name', [column('name', 'title')]],
    [' title : name ', [column('name', 'title')]],
    ['"id","full_name"', [column('id'), column('full_name')]],
    ['a:"b"', [column('b', 'a')]],
  ])('parses %j', (input, expected) => {
    expect(parseSelectParam(input)).toEqual(expected);
  });

  it.each([
    ['author(name)', 'Embedded resources are not supported'],
    ['id,author(*)', 'Embedded resources are not supported'],
    ['writer:author(name)', 'Embedded resources are not supported'],
    ['author!inner(name)', 'Embedded resources are not supported'],
    ['...author(name)', 'Embedded resources are not supported'],
    ['count()', 'Aggregate functions are not supported'],
    ['amount.sum()', 'Aggregate functions are not supported'],
    ['data->key', 'JSON operators (-> and ->>) are not supported'],
    ['data->>key', 'JSON operators (-> and ->>) are not supported'],
    ['id::text', 'Casts (::) are not supported in select'],
  ])('refuses the unsupported %j by name', (input, message) => {
    const error = parseError(() => parseSelectParam(input));
    expect(error).toMatchObject({ status: 400, code: 'PGRST100', message });
    expect(error.details).toBe(`"failed to parse select parameter (${input})"`);
  });

  it.each([
    ['id,', 'empty item'],
    [',id', 'empty item'],
    ['a:b:c', 'unexpected ":"'],
    ['a:*', '"*" cannot have an alias'],
    ['name;drop table users', 'is not a valid column name'],
    ['na"me', 'unterminated double-quoted string'],
    ['na"m"e', 'is not a valid column name'],
    ['name--', 'is not a valid column name'],
    ['a b', 'is not a valid column name'],
    ['bad alias:name', 'is not a valid alias name'],
    ['author(name', 'unbalanced "("'],
    ['name)', 'unbalanced ")"'],
    ['"id', 'unterminated'],
    ['*!hint', 'is not a valid column name'],
    ['__proto__:id', '"__proto__" cannot be an alias'],
    ['"__proto__":id', '"__proto__" cannot be an alias'],
  ])('refuses %j', (input, details) => {
    const error = parseError(() => parseSelectParam(input));
    expect(error).toMatchObject({
      status: 400,
      code: 'PGRST100',
      message: `"failed to parse select parameter (${input})"`,
    });
    expect(error.details).toContain(details);
  });
});
