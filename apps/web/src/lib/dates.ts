const LONG = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const SHORT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'November 22, 2026'; 'Unknown' when the value cannot be read (docs/product.md §2.16). */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? LONG.format(date) : 'Unknown';
}

/** 'Nov 22, 2026', for cards; empty when the value cannot be read. */
export function formatShortDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? SHORT.format(date) : '';
}
