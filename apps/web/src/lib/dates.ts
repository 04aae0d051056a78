// The date helpers moved to format.ts beside the number one; this path stays for existing imports.
export { formatLongDate, formatShortDate } from './format';
