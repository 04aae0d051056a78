import { describe, expect, it } from 'vitest';
import { listReferencedColumns } from './collect-columns';

describe('listReferencedColumns', () => {
  it('lists each column once, from every part of the request, without aliases', () => {
    expect(
      listReferencedColumns({
        select: [
          { kind: 'star' },
          { kind: 'column', column: 'id', alias: null },
          { kind: 'column', column: 'name', alias: 'title' },
        ],
        filters: [
          { kind: 'filter', column: 'age', operator: 'gt', value: '1', negated: false },
          {
            kind: 'group',
            operator: 'or',
            negated: false,
            conditions: [
              { kind: 'filter', column: 'id', operator: 'eq', value: '1', negated: false },
              {
                kind: 'group',
                operator: 'and',
                negated: true,
                conditions: [
                  { kind: 'filter', column: 'deep', operator: 'is', value: null, negated: false },
                ],
              },
            ],
          },
        ],
        order: [{ column: 'created_at', direction: 'desc', nulls: 'first' }],
        columns: ['email', 'name'],
        onConflict: ['email', 'tenant'],
      }),
    ).toEqual(['id', 'name', 'age', 'deep', 'created_at', 'email', 'tenant']);
  });

  it('is empty for a bare request', () => {
    expect(
      listReferencedColumns({
        select: [{ kind: 'star' }],
        filters: [],
        order: [],
        columns: null,
        onConflict: null,
      }),
    ).toEqual([]);
  });
});
