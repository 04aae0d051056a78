/** A moment in epoch milliseconds as the ISO 8601 text the database stores and compares. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
