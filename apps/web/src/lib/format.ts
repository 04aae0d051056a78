/**
 * Dates and numbers as the student's browser would write them (docs/product.md §2.18): the
 * browser's preferred languages pick the order, month names and digit grouping, while the words
 * around them stay the product's own. Formatters are costly to build and used on every card, so
 * one is kept per locale list and style.
 */

type Locales = readonly string[];

/** The browser's languages in order of preference, without tags Intl would refuse. */
export function browserLocales(): Locales {
  const preferred =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  return preferred.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

const LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key);
  if (!value) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

function dateFormat(style: 'long' | 'short', locales: Locales): Intl.DateTimeFormat {
  return cached(
    dateFormats,
    `${style}|${locales.join(',')}`,
    () => new Intl.DateTimeFormat([...locales], style === 'long' ? LONG : SHORT),
  );
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'November 22, 2026' in en-US, '22. November 2026' in de-DE; 'Unknown' when unreadable. */
export function formatLongDate(iso: string | null | undefined, locales = browserLocales()): string {
  const date = parse(iso);
  return date ? dateFormat('long', locales).format(date) : 'Unknown';
}

/** 'Nov 22, 2026' in en-US, for cards; empty when the value cannot be read. */
export function formatShortDate(
  iso: string | null | undefined,
  locales = browserLocales(),
): string {
  const date = parse(iso);
  return date ? dateFormat('short', locales).format(date) : '';
}

/** A count as the browser groups digits: '1,234' in en-US, '1.234' in de-DE. */
export function formatNumber(value: number, locales = browserLocales()): string {
  return cached(numberFormats, locales.join(','), () => new Intl.NumberFormat([...locales])).format(
    value,
  );
}
