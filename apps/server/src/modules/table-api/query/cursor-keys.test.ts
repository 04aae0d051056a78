import { describe, expect, it } from 'vitest';
import type { OrderTerm } from '../../../lib/postgrest';
import { cursorKeys, extraCursorKeys } from './cursor-keys';

const keyset: OrderTerm[] = [
  { column: 'created_at', direction: 'desc', nulls: 'first' },
  { column: 'id', direction: 'desc', nulls: 'first' },
];

describe('cursor keys', () => {
  it('reads a key from the row when the select has its column, under any alias', () => {
    const output = [
      { column: 'id', alias: 'ref' },
      { column: 'title', alias: 'title' },
    ];
    expect(cursorKeys(keyset, output)).toEqual([
      { column: 'created_at', alias: '$cursor_key_0' },
      { column: 'id', alias: 'ref' },
    ]);
    expect(extraCursorKeys(keyset, output)).toEqual([
      { column: 'created_at', alias: '$cursor_key_0' },
    ]);
  });

  it('selects nothing extra when every key is in the select', () => {
    const output = ['id', 'created_at', 'title'].map((column) => ({ column, alias: column }));
    expect(extraCursorKeys(keyset, output)).toEqual([]);
    expect(extraCursorKeys(null, output)).toEqual([]);
  });

  it('does not trust an alias that names two columns', () => {
    const output = [
      { column: 'id', alias: 'id' },
      { column: 'title', alias: 'id' },
    ];
    expect(cursorKeys(keyset, output)[1]).toEqual({ column: 'id', alias: '$cursor_key_1' });
  });
});
