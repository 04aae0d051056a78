import { describe, expect, it } from 'vitest';
import * as postgrest from './index';

describe('public API', () => {
  it('exports the parser, errors, error codes, cursor, preference and shape helpers', () => {
    expect(Object.keys(postgrest).sort()).toEqual([
      'DEFAULT_MAX_LIMIT',
      'PostgrestCode',
      'PostgrestError',
      'REQUEST_HEADERS',
      'createParseError',
      'decodeCursor',
      'encodeCursor',
      'fingerprintOrder',
      'isSafeIdentifier',
      'listReferencedColumns',
      'ownShapeKey',
      'parsePostgrestRequest',
      'parsePreferHeaders',
      'readHeader',
      'renderPreferenceApplied',
      'requestShape',
      'resolvePreferenceOperation',
      'shapeKey',
      'withKeyColumn',
    ]);
  });

  it('pages with a cursor made from the parsed order', () => {
    const options = { cursorSecret: 's3cret', cursorScope: 'posts' };
    const first = postgrest.parsePostgrestRequest('order=score.desc,id&limit=2', {}, options);
    const token = postgrest.encodeCursor([10, 'b'], {
      secret: options.cursorSecret,
      order: first.order,
      scope: options.cursorScope,
    });
    const next = postgrest.parsePostgrestRequest(
      `order=score.desc,id&limit=2&cursor=${token}`,
      {},
      options,
    );
    expect(next.cursor).toEqual({ values: [10, 'b'] });
    expect(() =>
      postgrest.parsePostgrestRequest(`order=score.asc,id&cursor=${token}`, {}, options),
    ).toThrow(postgrest.PostgrestError);
  });
});
