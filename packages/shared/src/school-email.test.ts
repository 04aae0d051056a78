import { describe, expect, it } from 'vitest';
import { hasSchoolEmailSuffix, normalizeEmail } from './school-email';

describe('hasSchoolEmailSuffix', () => {
  it.each([
    ['ada@mit.edu', true],
    ['ADA@MIT.EDU', true],
    ['  ada@ox.ac.uk ', true],
    ['ada@unimelb.edu.au', true],
    ['ada@utoronto.edu.ca', true],
    ['ada@iitb.ac.in', true],
    ['ada@nus.edu.sg', true],
    ['ada@hku.edu.hk', true],
    ['ada@gmail.com', false],
    ['ada@edu.com', false],
    ['ada@mit.edu.evil.com', false],
    ['ada@ac.uk.example.org', false],
  ])('%s -> %s', (email, expected) => {
    expect(hasSchoolEmailSuffix(email)).toBe(expected);
  });

  it('normalizes case and whitespace', () => {
    expect(normalizeEmail('  Ada@MIT.Edu ')).toBe('ada@mit.edu');
  });
});
