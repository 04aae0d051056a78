import {
  applicationsTable,
  messagesTable,
  projectsTable,
  usersTable,
  type SqlType,
  type TableDefinition,
} from '@campuscollab/shared';
import type { Selectable } from 'kysely';
import type { Database } from '../src/db/schema';

/** The tables a seed fills, in the order their rows must be written (parents first). */
export const SEED_TABLES = [
  'auth_accounts',
  'users',
  'projects',
  'applications',
  'messages',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

/** A complete row: the seed sets every column itself, defaults included, so rows are exact. */
export type SeedRow<T extends SeedTable> = Selectable<Database[T]>;

/** The SQL type of each column of a table API table, from its definition (packages/shared). */
function columnTypes<Table extends TableDefinition>(
  table: Table,
): Record<keyof Table['columns'], SqlType> {
  const entries = Object.entries(table.columns).map(([name, column]) => [name, column.type]);
  return Object.fromEntries(entries) as Record<keyof Table['columns'], SqlType>;
}

/**
 * Every column of every seeded table with its SQL type. Typed against the schema, so a column
 * added by a migration fails the type check here instead of silently staying at its default;
 * the table API's tables take theirs from their definitions. PostgreSQL's bulk insert needs the
 * types to cast its column arrays.
 */
export const SEED_COLUMNS: { [T in SeedTable]: Record<keyof SeedRow<T>, SqlType> } = {
  auth_accounts: {
    id: 'text',
    email: 'text',
    password_hash: 'text',
    display_name: 'text',
    email_verified_at: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  users: columnTypes(usersTable),
  projects: columnTypes(projectsTable),
  applications: columnTypes(applicationsTable),
  messages: columnTypes(messagesTable),
};

/** The columns of a table, in a fixed order both writers use. */
export function listColumns<T extends SeedTable>(table: T): (keyof SeedRow<T> & string)[] {
  return Object.keys(SEED_COLUMNS[table]) as (keyof SeedRow<T> & string)[];
}
