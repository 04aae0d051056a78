/**
 * Quotes a value for PostgREST's logic groups (`or=(...)`, `and=(...)`), where an unquoted value
 * ends at `,` or `)`: quoted, with its quotes and backslashes escaped, what a student types stays
 * one value and cannot add conditions to the group.
 */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
