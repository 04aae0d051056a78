import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names and skips the falsy ones', () => {
    expect(cn('flex', false, null, undefined, '', 'gap-2')).toBe('flex gap-2');
  });

  it("lets a caller's class replace the default that sets the same thing", () => {
    expect(cn('rounded-xl bg-white p-6 shadow-sm', 'p-5')).toBe(
      'rounded-xl bg-white shadow-sm p-5',
    );
    expect(cn('bg-white', 'bg-brand-50')).toBe('bg-brand-50');
    expect(cn('animate-pulse rounded-md', 'rounded-full')).toBe('animate-pulse rounded-full');
  });

  it('keeps classes that only refine a default', () => {
    expect(cn('p-6', 'py-12')).toBe('p-6 py-12');
    expect(cn('px-4 py-2.5 text-sm', 'w-full sm:w-auto')).toBe(
      'px-4 py-2.5 text-sm w-full sm:w-auto',
    );
  });
});
