// docs/product.md §4.14: errors from analytics or network failures never take the page down.
const IGNORED = [
  /analytics/i,
  /Load failed/,
  /Network request failed/,
  /Failed to fetch(?! dynamically imported module)/, // Chromium's fetch failure
  /NetworkError when attempting to fetch resource/, // Firefox's
  /The network connection was lost/, // Safari's
];

export function isIgnoredError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  return IGNORED.some((pattern) => pattern.test(text));
}
