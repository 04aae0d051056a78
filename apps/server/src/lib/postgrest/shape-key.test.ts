import { describe, expect, it } from 'vitest';
import { encodeCursor } from './cursor';
import { parsePostgrestRequest, type RequestHeaders } from './parse-request';
import { requestShape, shapeKey, type ShapeContext } from './shape-key';

const SECRET = 'shape-secret';
const context: ShapeContext = { table: 'posts' };

const keyOf = (query: string, headers: RequestHeaders = {}, given = context) =>
  shapeKey(requestShape(parsePostgrestRequest(query, headers, { cursorSecret: SECRET })), given);

const cursor = (values: unknown[]) =>
  encodeCursor(values, {
    secret: SECRET,
    order: [{ column: 'score', direction: 'desc', nulls: 'first' }],
  });

describe('requestShape and shapeKey', () => {
  it('is the same for requests that differ in values alone', () => {
    const same = [
      ['title=eq.robots&or=(a.gt.1,b.in.(x,y))', 'title=eq.drones&or=(a.gt.99,b.in.(p,q))'],
      ['name=ilike.*ada*&limit=5&offset=10', 'name=ilike.b_b&limit=5&offset=2'],
      [`order=score.desc&cursor=${cursor([1])}`, `order=score.desc&cursor=${cursor(['z'])}`],
      ['limit=20', 'limit=20&offset=0'],
    ];
    for (const [one, two] of same) expect(keyOf(one!)).toBe(keyOf(two!));
  });

  it('tells apart every change of shape', () => {
    const shapes = [
      'title=eq.x',
      'title=neq.x',
      'title=not.eq.x',
      'name=eq.x',
      'title=in.(x)',
      'title=in.(x,y)',
      'title=in.()',
      'title=is.null',
      'title=is.true',
      'or=(title.eq.x,name.eq.x)',
      'and=(title.eq.x,name.eq.x)',
      'not.or=(title.eq.x,name.eq.x)',
      'select=title',
      'select=heading:title',
      'order=title.asc',
      'order=title.desc',
      'order=title.asc.nullsfirst',
      'limit=1',
      'limit=2',
      'offset=1',
      `order=score.desc&cursor=${cursor([1])}`,
      'columns=title',
    ];
    const keys = new Set(shapes.map((query) => keyOf(query)));
    expect(keys.size).toBe(shapes.length);
  });

  it('tells apart the headers a parse reads', () => {
    const keys = new Set([
      keyOf('limit=5'),
      keyOf('limit=5', { prefer: 'count=exact' }),
      keyOf('limit=5', { accept: 'application/vnd.pgrst.object+json' }),
      keyOf('', { range: '0-9' }),
    ]);
    expect(keys.size).toBe(4);
  });

  it('is JSON of the context and the shape', () => {
    const key = keyOf('title=eq.x&offset=3', {}, { table: 'posts', forms: [] });
    const [given, shape] = JSON.parse(key) as [unknown, { filters: unknown[]; range: unknown }];
    expect(given).toEqual({ table: 'posts', forms: [] });
    expect(shape.filters).toEqual([
      { kind: 'filter', column: 'title', operator: 'eq', value: '?', negated: false },
    ]);
    expect(shape.range).toEqual({ offset: '?', limit: null, maxLimit: 1000 });
  });

  it('names its context as given', () => {
    expect(keyOf('title=eq.x', {}, { table: 'posts' })).not.toBe(
      keyOf('title=eq.x', {}, { table: 'notes' }),
    );
    expect(keyOf('title=eq.x', {}, { table: 'posts', forms: ['like'] })).not.toBe(
      keyOf('title=eq.x', {}, { table: 'posts', forms: ['glob'] }),
    );
  });
});
