import { describe, expect, it } from 'vitest';
import { parseAcceptHeader } from './parse-accept';

describe('parseAcceptHeader', () => {
  it.each([
    [[], false],
    [['application/json'], false],
    [['*/*'], false],
    [['application/vnd.pgrst.object+json'], true],
    [['application/vnd.pgrst.object'], true],
    [['APPLICATION/VND.PGRST.OBJECT+JSON'], true],
    [['application/vnd.pgrst.object+json; nulls=stripped'], true],
    [['application/vnd.pgrst.object+json, application/json'], true],
    [['application/json, application/vnd.pgrst.object+json'], false],
    [['application/json;q=0.5, application/vnd.pgrst.object+json'], true],
    [['application/vnd.pgrst.object+json;q=0, application/json'], false],
    [['text/csv, application/vnd.pgrst.object+json'], true],
    [['text/csv'], false],
    [['application/vnd.pgrst.array+json'], false],
    [['text/html', 'application/vnd.pgrst.object+json'], true],
  ])('%j -> singular %s', (headers, singular) => {
    expect(parseAcceptHeader(headers)).toEqual({ singular });
  });
});
