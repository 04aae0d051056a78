import type { ColumnMetadata } from 'kysely';
import { API_TABLES, type SqlType, type TableDefinition } from '@campuscollab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';

/** The SQL types of the definitions, by the names each database reports them under. */
const REPORTED_TYPES: Readonly<Record<string, SqlType>> = {
  text: 'text',
  integer: 'integer',
  int4: 'integer',
};

interface ColumnFacts {
  type: SqlType | string;
  nullable: boolean;
  hasDefault: boolean;
}

function definedColumns(table: TableDefinition): Record<string, ColumnFacts> {
  return Object.fromEntries(
    Object.entries(table.columns).map(([name, { type, nullable, hasDefault }]) => [
      name,
      { type, nullable, hasDefault },
    ]),
  );
}

function migratedColumns(
  table: TableDefinition,
  columns: ColumnMetadata[],
): Record<string, ColumnFacts> {
  return Object.fromEntries(
    columns.map((column) => [
      column.name,
      {
        type: REPORTED_TYPES[column.dataType.toLowerCase()] ?? column.dataType,
        // SQLite lets a primary key that is not an INTEGER hold null, a quirk it keeps for old
        // files; the table API never writes one, and PostgreSQL checks the key in full.
        nullable: column.isNullable && column.name !== table.primaryKey,
        hasDefault: column.hasDefaultValue,
      },
    ]),
  );
}

/**
 * Columns a database derives from a row's own (migrations 024 and 025): in no definition, so the table
 * API neither shows nor takes them. Any other column the migrations add must be defined.
 */
const DERIVED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string[]>>>> = {
  postgres: {
    users: ['skill_tags', 'name_lower', 'skills_lower', 'bio_lower'],
    projects: ['skill_tags', 'title_lower', 'description_lower'],
  },
};

// Each table is defined once, in packages/shared/src/tables (docs/decisions/018); the
// migrations are history and stay as written. This keeps the two from drifting apart.
describe.each(DIALECTS)('the table definitions on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it.each(API_TABLES)('state the migrated columns of $name', async (table) => {
    const migrated = (await database.db.introspection.getTables()).find(
      (candidate) => candidate.name === table.name,
    );
    expect(migrated).toBeDefined();
    const derived = DERIVED_COLUMNS[kind]?.[table.name] ?? [];
    const stored = migrated!.columns.filter((column) => !derived.includes(column.name));
    expect(stored).toHaveLength(migrated!.columns.length - derived.length);
    expect(migratedColumns(table, stored)).toEqual(definedColumns(table));
  });
});
