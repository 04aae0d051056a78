import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate } from './dates';

describe('dates', () => {
  it('writes the long US date, or Unknown', () => {
    expect(formatLongDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
    expect(formatLongDate('not a date')).toBe('Unknown');
    expect(formatLongDate(null)).toBe('Unknown');
  });

  it('writes the short date for cards', () => {
    expect(formatShortDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatShortDate('')).toBe('');
  });
});
