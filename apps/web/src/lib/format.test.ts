import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocales, formatLongDate, formatNumber, formatShortDate } from './format';

const NOON = '2026-11-22T12:00:00.000Z';

describe('format', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes long dates in each locale, or Unknown', () => {
    expect(formatLongDate(NOON, ['en-US'])).toBe('November 22, 2026');
    expect(formatLongDate(NOON, ['de-DE'])).toBe('22. November 2026');
    expect(formatLongDate(NOON, ['ja-JP'])).toBe('2026年11月22日');
    expect(formatLongDate('not a date', ['de-DE'])).toBe('Unknown');
    expect(formatLongDate(null, ['en-US'])).toBe('Unknown');
  });

  it('writes short dates for cards in each locale, or nothing', () => {
    expect(formatShortDate('2026-03-05T12:00:00.000Z', ['en-US'])).toBe('Mar 5, 2026');
    expect(formatShortDate('2026-03-05T12:00:00.000Z', ['de-DE'])).toBe('5. März 2026');
    expect(formatShortDate('2026-03-05T12:00:00.000Z', ['ja-JP'])).toBe('2026年3月5日');
    expect(formatShortDate('', ['en-US'])).toBe('');
  });

  it('groups digits as each locale does', () => {
    expect(formatNumber(1234567, ['en-US'])).toBe('1,234,567');
    expect(formatNumber(1234567, ['de-DE'])).toBe('1.234.567');
    expect(formatNumber(1234567, ['ja-JP'])).toBe('1,234,567');
    expect(formatNumber(0, ['de-DE'])).toBe('0');
  });

  it("follows the browser's languages, skipping tags Intl refuses", () => {
    vi.stubGlobal('navigator', { languages: ['not a tag!', 'de-DE', 'en'], language: 'de-DE' });
    expect(browserLocales()).toEqual(['de-DE', 'en']);
    expect(formatLongDate(NOON)).toBe('22. November 2026');
    expect(formatNumber(5000)).toBe('5.000');
  });

  it('falls back to the single language when the list is empty', () => {
    vi.stubGlobal('navigator', { languages: [], language: 'ja-JP' });
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatShortDate(NOON)).toBe('2026年11月22日');
  });
});
