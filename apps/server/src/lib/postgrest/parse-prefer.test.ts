import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import {
  parsePreferHeaders,
  renderPreferenceApplied,
  resolvePreferenceOperation,
} from './parse-prefer';
import type { Preferences } from './types';

const none: Preferences = {
  return: null,
  count: null,
  resolution: null,
  missing: null,
  handling: null,
  maxAffected: null,
  invalid: [],
};

describe('parsePreferHeaders', () => {
  it('returns no preferences for no header', () => {
    expect(parsePreferHeaders([])).toEqual(none);
  });

  it.each([
    ['return=minimal', { return: 'minimal' }],
    ['return=representation', { return: 'representation' }],
    ['return=headers-only', { return: 'headers-only' }],
    ['count=exact', { count: 'exact' }],
    ['count=planned', { count: 'planned' }],
    ['count=estimated', { count: 'estimated' }],
    ['resolution=merge-duplicates', { resolution: 'merge-duplicates' }],
    ['resolution=ignore-duplicates', { resolution: 'ignore-duplicates' }],
    ['missing=default', { missing: 'default' }],
    ['missing=null', { missing: 'null' }],
    ['handling=lenient', { handling: 'lenient' }],
    ['handling=strict', { handling: 'strict' }],
    ['max-affected=10', { maxAffected: 10 }],
    ['tx=commit', {}],
    ['tx=rollback', {}],
  ])('reads %j', (header, expected) => {
    expect(parsePreferHeaders([header])).toEqual({ ...none, ...expected });
  });

  it('reads several preferences from one header, with any spacing', () => {
    expect(
      parsePreferHeaders(['count=exact,    tx=commit   ,return=representation , missing=default']),
    ).toEqual({ ...none, count: 'exact', return: 'representation', missing: 'default' });
  });

  it('reads several headers', () => {
    expect(
      parsePreferHeaders(['return=minimal', 'count=exact, resolution=ignore-duplicates']),
    ).toEqual({ ...none, return: 'minimal', count: 'exact', resolution: 'ignore-duplicates' });
  });

  it('keeps the first occurrence, within and across headers', () => {
    expect(parsePreferHeaders(['return=minimal, return=representation']).return).toBe('minimal');
    expect(parsePreferHeaders(['count=planned', 'count=exact']).count).toBe('planned');
  });

  it('collects what it does not understand, leniently by default', () => {
    expect(
      parsePreferHeaders([
        'foo, return=everything, count=EXACT, timezone=UTC, params=single-object, tx=maybe, max-affected=-1, return',
      ]).invalid,
    ).toEqual([
      'foo',
      'return=everything',
      'count=EXACT',
      'timezone=UTC',
      'params=single-object',
      'tx=maybe',
      'max-affected=-1',
      'return',
    ]);
    expect(parsePreferHeaders(['handling=lenient, foo']).invalid).toEqual(['foo']);
    expect(parsePreferHeaders([' , ,count=exact,']).invalid).toEqual([]);
  });

  it('refuses unknown preferences with handling=strict (PGRST122)', () => {
    try {
      parsePreferHeaders(['handling=strict, foo', 'bar']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PostgrestError);
      expect((error as PostgrestError).status).toBe(400);
      expect((error as PostgrestError).toJSON()).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: foo, bar',
        hint: null,
      });
    }
  });

  it('accepts handling=strict when every preference is understood', () => {
    expect(parsePreferHeaders(['handling=strict, return=minimal, tx=rollback'])).toMatchObject({
      handling: 'strict',
      return: 'minimal',
    });
  });
});

describe('renderPreferenceApplied', () => {
  const all = parsePreferHeaders([
    'return=representation, count=exact, resolution=merge-duplicates, missing=default, handling=strict, max-affected=5',
  ]);

  it.each([
    ['read', 'count=exact, handling=strict'],
    [
      'insert',
      'resolution=merge-duplicates, missing=default, return=representation, count=exact, handling=strict',
    ],
    [
      'update',
      'missing=default, return=representation, count=exact, handling=strict, max-affected=5',
    ],
    ['upsert', 'return=representation, count=exact, handling=strict'],
    ['delete', 'return=representation, count=exact, handling=strict, max-affected=5'],
  ] as const)('echoes what applies to %s, in PostgREST order', (operation, expected) => {
    expect(renderPreferenceApplied(all, operation)).toBe(expected);
  });

  it('echoes the common postgrest-js combinations', () => {
    const insert = parsePreferHeaders(['return=representation,count=exact']);
    expect(renderPreferenceApplied(insert, 'insert')).toBe('return=representation, count=exact');
    expect(renderPreferenceApplied(parsePreferHeaders(['count=exact']), 'read')).toBe(
      'count=exact',
    );
    expect(renderPreferenceApplied(parsePreferHeaders(['return=minimal']), 'delete')).toBe(
      'return=minimal',
    );
  });

  it('leaves resolution out when it cannot apply', () => {
    const upsert = parsePreferHeaders(['resolution=ignore-duplicates, return=minimal']);
    expect(renderPreferenceApplied(upsert, 'insert', { resolutionApplies: false })).toBe(
      'return=minimal',
    );
  });

  it('acknowledges max-affected only with handling=strict', () => {
    const lenient = parsePreferHeaders(['max-affected=5']);
    expect(renderPreferenceApplied(lenient, 'update')).toBeNull();
  });

  it('returns null when nothing applies', () => {
    expect(renderPreferenceApplied(none, 'read')).toBeNull();
    expect(renderPreferenceApplied(parsePreferHeaders(['return=minimal']), 'read')).toBeNull();
    expect(renderPreferenceApplied(parsePreferHeaders(['foo, tx=commit']), 'insert')).toBeNull();
  });
});

describe('resolvePreferenceOperation', () => {
  it.each([
    ['GET', 'read'],
    ['head', 'read'],
    ['POST', 'insert'],
    ['PATCH', 'update'],
    ['PUT', 'upsert'],
    ['DELETE', 'delete'],
    ['OPTIONS', null],
  ])('%s -> %s', (method, expected) => {
    expect(resolvePreferenceOperation(method)).toBe(expected);
  });
});
