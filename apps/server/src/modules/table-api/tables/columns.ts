import type { ZodType } from 'zod';
import type { ColumnRule } from './types';

// Shorthands that keep the policy tables readable.
export const serverText = (nullable = false): ColumnRule => ({
  type: 'text',
  nullable,
  insert: 'server',
  update: 'server',
});

export const clientText = (
  schema: ZodType,
  options: { required?: boolean; nullable?: boolean; fixed?: boolean; ownerOnly?: boolean } = {},
  // Columns are nullable unless required or said otherwise; NOT NULL columns with a default
  // pass `nullable: false`, so a client's null is refused before the database sees it.
): ColumnRule => ({
  type: 'text',
  nullable: options.nullable ?? !options.required,
  insert: options.required ? 'required' : 'optional',
  update: options.fixed ? 'server' : 'client',
  ownerOnly: options.ownerOnly,
  schema,
});

/** An id the client may propose (the SDK gives records without one a random id). */
export const idColumn = (schema: ZodType): ColumnRule => ({
  type: 'text',
  nullable: false,
  insert: 'optional',
  update: 'server',
  schema,
});
