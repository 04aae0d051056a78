import { describe, expect, it } from 'vitest';
import { resolveRedirectTarget } from './redirect-target';

const PUBLIC = 'http://localhost:3000';

describe('resolveRedirectTarget', () => {
  it.each([
    [undefined, 'http://localhost:3000/'],
    ['/', 'http://localhost:3000/'],
    ['/?page=dashboard', 'http://localhost:3000/?page=dashboard'],
    ['http://localhost:3000/app', 'http://localhost:3000/app'],
    ['https://partner.example/cb', 'https://partner.example/cb'],
  ])('accepts %s', (requested, expected) => {
    expect(resolveRedirectTarget(requested, PUBLIC, ['https://partner.example'])?.toString()).toBe(
      expected,
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://localhost:3001/',
    'https://partner.example.evil.example/',
  ])('refuses %s', (requested) => {
    expect(resolveRedirectTarget(requested, PUBLIC, ['https://partner.example'])).toBeNull();
  });
});
