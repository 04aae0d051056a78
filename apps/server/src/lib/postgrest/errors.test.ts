import { describe, expect, it } from 'vitest';
import { createParseError, describeFailure, ParseFailure, PostgrestError } from './errors';

describe('PostgrestError', () => {
  it('serialises to the PostgREST error body', () => {
    const error = new PostgrestError({ status: 416, code: 'PGRST103', message: 'm', details: 'd' });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(416);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'PGRST103',
      details: 'd',
      hint: null,
      message: 'm',
    });
  });

  it('makes PGRST100 parse errors with status 400', () => {
    const error = createParseError('msg', null, 'try quoting');
    expect(error.toJSON()).toEqual({
      code: 'PGRST100',
      details: null,
      hint: 'try quoting',
      message: 'msg',
    });
    expect(error.status).toBe(400);
  });
});

describe('describeFailure', () => {
  it('names the parameter in the message and the problem in the details', () => {
    const run = () =>
      describeFailure('failed to parse filter (eq)', () => {
        throw new ParseFailure('expecting "."');
      });
    expect(run).toThrow(PostgrestError);
    expect(() => run()).toThrow('"failed to parse filter (eq)"');
    try {
      run();
    } catch (error) {
      expect((error as PostgrestError).details).toBe('expecting "."');
    }
  });

  it('leads with the reason for unsupported features', () => {
    try {
      describeFailure('failed to parse select parameter (a(b))', () => {
        throw new ParseFailure('Embedded resources are not supported', { unsupported: true });
      });
      expect.unreachable();
    } catch (error) {
      expect((error as PostgrestError).toJSON()).toMatchObject({
        message: 'Embedded resources are not supported',
        details: '"failed to parse select parameter (a(b))"',
      });
    }
  });

  it('returns the result and lets unrelated errors through', () => {
    expect(describeFailure('x', () => 42)).toBe(42);
    expect(() =>
      describeFailure('x', () => {
        throw new RangeError('boom');
      }),
    ).toThrow(RangeError);
  });
});
