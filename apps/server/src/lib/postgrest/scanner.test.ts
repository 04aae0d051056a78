import { describe, expect, it } from 'vitest';
import { ParseFailure } from './errors';
import { Scanner } from './scanner';

describe('Scanner', () => {
  it('consumes, reads and skips', () => {
    const scanner = new Scanner('not. \tab,cd');
    expect(scanner.consume('not.')).toBe(true);
    expect(scanner.consume('x')).toBe(false);
    scanner.skipSpaces();
    expect(scanner.readUntil(',')).toBe('ab');
    expect(scanner.peek()).toBe(',');
    expect(scanner.rest()).toBe(',cd');
    scanner.expect(',');
    expect(scanner.readUntil(',')).toBe('cd');
    expect(scanner.atEnd()).toBe(true);
    expect(scanner.describeNext()).toBe('end of input');
  });

  it('reports what it found and where', () => {
    const scanner = new Scanner('ab');
    scanner.position = 1;
    expect(() => scanner.expect('(')).toThrow(ParseFailure);
    expect(() => scanner.fail('"("')).toThrow('unexpected "b" at position 2, expecting "("');
  });
});
