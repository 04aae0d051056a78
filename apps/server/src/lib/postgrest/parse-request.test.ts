import { describe, expect, it } from 'vitest';
import { encodeCursor } from './cursor';
import { PostgrestError } from './errors';
import { parsePostgrestRequest, readHeader } from './parse-request';
import type { RequestHeaders } from './parse-request';

const secret = 'cursor-secret';

function parse(query: string, headers: RequestHeaders = {}, method = 'GET') {
  return parsePostgrestRequest(query, headers, { cursorSecret: secret, method });
}

function requestError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

describe('parsePostgrestRequest', () => {
  it('gives defaults for an empty request', () => {
    expect(parsePostgrestRequest('', {}, {})).toEqual({
      select: [{ kind: 'star' }],
      filters: [],
      order: [],
      range: { offset: 0, limit: null, maxLimit: 1000 },
      cursor: null,
      columns: null,
      onConflict: null,
      preferences: {
        return: null,
        count: null,
        resolution: null,
        missing: null,
        handling: null,
        maxAffected: null,
        invalid: [],
      },
      preferenceApplied: null,
      singular: false,
      referencedColumns: [],
    });
  });

  it('parses what postgrest-js sends for a typical read', () => {
    const query = new URLSearchParams();
    query.set('select', 'id,title:name,created_at');
    query.append('status', 'eq.published');
    query.append('age', 'gte.18');
    query.append('age', 'lt.65');
    query.append('name', 'ilike.*smith*');
    query.append('deleted_at', 'is.null');
    query.append('id', 'in.(1,2,"3,4")');
    query.append('or', '(role.eq.admin,and(team.eq.red,rank.gt.3))');
    query.set('order', 'created_at.desc.nullslast,id');
    query.set('offset', '20');
    query.set('limit', '10');
    const parsed = parsePostgrestRequest(
      query,
      { prefer: 'count=exact', accept: 'application/vnd.pgrst.object+json' },
      {},
    );
    expect(parsed.select).toEqual([
      { kind: 'column', column: 'id', alias: null },
      { kind: 'column', column: 'name', alias: 'title' },
      { kind: 'column', column: 'created_at', alias: null },
    ]);
    expect(parsed.filters).toEqual([
      { kind: 'filter', column: 'status', operator: 'eq', value: 'published', negated: false },
      { kind: 'filter', column: 'age', operator: 'gte', value: '18', negated: false },
      { kind: 'filter', column: 'age', operator: 'lt', value: '65', negated: false },
      { kind: 'filter', column: 'name', operator: 'ilike', value: '%smith%', negated: false },
      { kind: 'filter', column: 'deleted_at', operator: 'is', value: null, negated: false },
      { kind: 'filter', column: 'id', operator: 'in', value: ['1', '2', '3,4'], negated: false },
      {
        kind: 'group',
        operator: 'or',
        negated: false,
        conditions: [
          { kind: 'filter', column: 'role', operator: 'eq', value: 'admin', negated: false },
          {
            kind: 'group',
            operator: 'and',
            negated: false,
            conditions: [
              { kind: 'filter', column: 'team', operator: 'eq', value: 'red', negated: false },
              { kind: 'filter', column: 'rank', operator: 'gt', value: '3', negated: false },
            ],
          },
        ],
      },
    ]);
    expect(parsed.order).toEqual([
      { column: 'created_at', direction: 'desc', nulls: 'last' },
      { column: 'id', direction: 'asc', nulls: 'last' },
    ]);
    expect(parsed.range).toEqual({ offset: 20, limit: 10, maxLimit: 1000 });
    expect(parsed.preferences.count).toBe('exact');
    expect(parsed.preferenceApplied).toBe('count=exact');
    expect(parsed.singular).toBe(true);
    expect(parsed.referencedColumns).toEqual([
      'id',
      'name',
      'created_at',
      'status',
      'age',
      'deleted_at',
      'role',
      'team',
      'rank',
    ]);
  });

  it('accepts a raw query string, with or without "?", decoding + and %', () => {
    const parsed = parse('?name=eq.John+Smith&city=eq.S%C3%A3o%20Paulo&note=eq.%22a%2Cb%22');
    expect(parsed.filters.map((filter) => filter.kind === 'filter' && filter.value)).toEqual([
      'John Smith',
      'São Paulo',
      '"a,b"',
    ]);
  });

  it('parses the not.or / not.and parameters and ANDs repeated logic params', () => {
    const parsed = parse('not.or=(a.eq.1,b.eq.2)&not.and=(c.eq.3)&or=(d.eq.4)');
    expect(
      parsed.filters.map((filter) => filter.kind === 'group' && [filter.operator, filter.negated]),
    ).toEqual([
      ['or', true],
      ['and', true],
      ['or', false],
    ]);
  });

  it('reads an insert: columns, on_conflict and the Prefer headers', () => {
    const parsed = parse(
      'columns=%22id%22,%22email%22&on_conflict=email&select=*',
      {
        Prefer: ['return=representation', 'resolution=merge-duplicates,missing=default'],
      },
      'POST',
    );
    expect(parsed.columns).toEqual(['id', 'email']);
    expect(parsed.onConflict).toEqual(['email']);
    expect(parsed.preferences).toMatchObject({
      return: 'representation',
      resolution: 'merge-duplicates',
      missing: 'default',
    });
    expect(parsed.preferenceApplied).toBe(
      'resolution=merge-duplicates, missing=default, return=representation',
    );
    expect(parsed.referencedColumns).toEqual(['id', 'email']);
  });

  it.each([
    ['GET', 'count=exact'],
    ['HEAD', 'count=exact'],
    ['POST', 'return=minimal, count=exact'],
    ['PATCH', 'return=minimal, count=exact'],
    ['PUT', 'return=minimal, count=exact'],
    ['DELETE', 'return=minimal, count=exact'],
    ['OPTIONS', null],
  ])('renders Preference-Applied for %s', (method, expected) => {
    expect(parse('', { prefer: 'return=minimal, count=exact' }, method).preferenceApplied).toBe(
      expected,
    );
  });

  it('raises PGRST122 for unknown preferences with handling=strict', () => {
    expect(requestError(() => parse('', { prefer: 'handling=strict, bogus' }))).toMatchObject({
      status: 400,
      code: 'PGRST122',
    });
  });

  it('reads headers whatever their case', () => {
    expect(parse('', { ACCEPT: 'application/vnd.pgrst.object+json' }).singular).toBe(true);
    expect(
      readHeader({ Prefer: 'a', prefer: ['b', 'c'], other: 'x', gone: undefined }, 'prefer'),
    ).toEqual(['a', 'b', 'c']);
  });

  describe('range', () => {
    it('converts the Range header to offset/limit on GET', () => {
      expect(parse('', { range: '0-9', 'range-unit': 'items' }).range).toMatchObject({
        offset: 0,
        limit: 10,
      });
      expect(parse('', { Range: '25-' }).range).toMatchObject({ offset: 25, limit: null });
    });

    it('intersects the Range header with limit/offset', () => {
      expect(parse('limit=3&offset=6', { range: '0-9' }).range).toMatchObject({
        offset: 6,
        limit: 3,
      });
    });

    it('ignores the Range header on other methods, as PostgREST does', () => {
      expect(parse('', { range: '5-2' }, 'HEAD').range).toMatchObject({ offset: 0, limit: null });
      expect(parse('', { range: '0-9' }, 'PATCH').range.limit).toBeNull();
    });

    it('clamps limit to the configured maximum', () => {
      const parsed = parsePostgrestRequest('limit=500', {}, { maxLimit: 100 });
      expect(parsed.range).toEqual({ offset: 0, limit: 100, maxLimit: 100 });
      expect(parsePostgrestRequest('limit=1000000', {}, {}).range.limit).toBe(1000);
    });

    it('answers an inverted Range with 416', () => {
      expect(requestError(() => parse('', { range: '5-2' }))).toMatchObject({
        status: 416,
        code: 'PGRST103',
      });
    });
  });

  describe('cursor', () => {
    const order = [
      { column: 'created_at', direction: 'desc', nulls: 'first' },
      { column: 'id', direction: 'asc', nulls: 'last' },
    ] as const;
    const token = encodeCursor(['2024-05-01', 17], { secret, order: [...order] });

    it('decodes a cursor issued for the same order', () => {
      const parsed = parse(`order=created_at.desc,id&cursor=${token}`);
      expect(parsed.cursor).toEqual({ values: ['2024-05-01', 17] });
    });

    it('binds the cursor to the configured scope', () => {
      const scoped = encodeCursor([1, 2], { secret, order: [...order], scope: 'posts' });
      const query = `order=created_at.desc,id&cursor=${scoped}`;
      const options = { cursorSecret: secret, cursorScope: 'posts' };
      expect(parsePostgrestRequest(query, {}, options).cursor).toEqual({ values: [1, 2] });
      expect(() => parse(query)).toThrow('Invalid cursor');
    });

    it.each([
      ['another order', `order=created_at.asc,id&cursor=${token}`, 'different order'],
      ['no order', `cursor=${token}`, 'needs the order parameter'],
      ['a tampered token', `order=created_at.desc,id&cursor=x${token}`, 'signature'],
      ['an empty token', 'order=created_at.desc,id&cursor=', 'malformed'],
    ])('rejects a cursor with %s', (_name, query, details) => {
      const error = requestError(() => parse(query));
      expect(error).toMatchObject({ status: 400, code: 'PGRST100', message: 'Invalid cursor' });
      expect(error.details).toContain(details);
    });

    it('rejects cursors when no secret is configured', () => {
      const error = requestError(() =>
        parsePostgrestRequest(`order=created_at.desc,id&cursor=${token}`, {}, {}),
      );
      expect(error).toMatchObject({ code: 'PGRST100', message: 'Invalid cursor' });
      expect(error.details).toBe('cursor pagination is not enabled');
    });
  });

  describe('bad input', () => {
    it.each([
      // Injection attempts in column names.
      ['name;drop table users=eq.1', 'failed to parse tree path'],
      ['na"me=eq.1', 'failed to parse tree path'],
      ['name--=eq.1', 'failed to parse tree path'],
      ['a b=eq.1', 'failed to parse tree path'],
      ['name)=eq.1', 'failed to parse tree path'],
      ["name'=eq.1", 'failed to parse tree path'],
      ['=eq.1', 'failed to parse tree path'],
      ['select=name;drop table users', 'failed to parse select parameter'],
      ['select=id,"na"me"', 'failed to parse select parameter'],
      ['order=name--', 'failed to parse order'],
      ['order=a b.desc', 'failed to parse order'],
      ['on_conflict=id;drop', 'failed to parse on_conflict parameter'],
      ['columns=id)', 'failed to parse columns parameter'],
      ['or=(name;drop.eq.1)', 'failed to parse logic tree'],
      ['or=(a b.eq.1)', 'failed to parse logic tree'],
      // Malformed filters.
      ['name=eq', 'failed to parse filter (eq)'],
      ['name=foo.bar', 'failed to parse filter (foo.bar)'],
      ['name=john', 'failed to parse filter (john)'],
      ['name=', 'failed to parse filter ()'],
      ['name', 'failed to parse filter ()'],
      ['name=in.(1,2', 'failed to parse filter (in.(1,2)'],
      ['name=in.1,2', 'failed to parse filter (in.1,2)'],
      ['name=is.nothing', 'failed to parse filter (is.nothing)'],
      ['name=cs.{1}', 'failed to parse filter (cs.{1})'],
      ['name=not.in.(1', 'failed to parse filter (not.in.(1)'],
      // Unbalanced parentheses and bad groups.
      ['or=(a.eq.1', 'failed to parse logic tree'],
      ['or=a.eq.1)', 'failed to parse logic tree'],
      ['and=(a.eq.1,or(b.eq.2)', 'failed to parse logic tree'],
      ['or=()', 'failed to parse logic tree'],
      ['or=(a.eq.1))', 'failed to parse logic tree'],
      ['order=id)', 'failed to parse order'],
      // Limits and offsets.
      ['limit=-1', 'failed to parse limit parameter'],
      ['limit=1.5', 'failed to parse limit parameter'],
      ['limit=ten', 'failed to parse limit parameter'],
      ['limit=', 'failed to parse limit parameter'],
      ['limit=99999999999999999999', 'failed to parse limit parameter'],
      ['offset=-10', 'failed to parse offset parameter'],
      ['offset=1e3', 'failed to parse offset parameter'],
      ['offset=99999999999999999999', 'failed to parse offset parameter'],
      // Other parameters.
      ['order=', 'failed to parse order'],
      ['order=id.sideways', 'failed to parse order'],
      ['columns=', 'failed to parse columns parameter'],
    ])('refuses %j with PGRST100', (query, message) => {
      const error = requestError(() => parse(query));
      expect(error.status).toBe(400);
      expect(error.code).toBe('PGRST100');
      expect(error.message).toContain(message);
      expect(error.details).toEqual(expect.any(String));
    });

    it.each([
      ['select=author(name)', 'Embedded resources are not supported'],
      ['author.name=eq.x', 'Embedded resources are not supported'],
      ['author.or=(a.eq.1)', 'Embedded resources are not supported'],
      ['author.order=name', 'Embedded resources are not supported'],
      ['author.limit=1', 'Embedded resources are not supported'],
      ['order=author(name)', 'Ordering by embedded resources is not supported'],
      ['select=data->x', 'JSON operators (-> and ->>) are not supported'],
      ['select=id::text', 'Casts (::) are not supported in select'],
    ])('refuses the unsupported %j by name', (query, message) => {
      expect(requestError(() => parse(query))).toMatchObject({
        status: 400,
        code: 'PGRST100',
        message,
      });
    });

    it.each(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'cursor'])(
      'refuses a repeated %s parameter',
      (param) => {
        const error = requestError(() => parse(`${param}=id&${param}=id`));
        expect(error).toMatchObject({
          code: 'PGRST100',
          message: `"${param}" parameter given more than once`,
        });
      },
    );

    it('serialises errors as the PostgREST body', () => {
      expect(JSON.parse(JSON.stringify(requestError(() => parse('id=eq'))))).toEqual({
        code: 'PGRST100',
        details:
          'unexpected end of input at position 3, expecting delimiter (.) after the operator "eq"',
        hint: null,
        message: '"failed to parse filter (eq)"',
      });
    });
  });
});
