import type { ZodType } from 'zod';
import type {
  ClientColumnName,
  ColumnDefinition,
  ColumnValue,
  TableDefinition,
} from './table-definition';

/**
 * The zod rule of every column a client may write, keyed by column. Each rule must produce a
 * value the column can store (a list as JSON text, a switch as '1' or '0'), so a definition and
 * its rules cannot drift apart without the type check noticing.
 */
export type ColumnSchemas<Table extends TableDefinition> = {
  readonly [Name in ClientColumnName<Table>]: ZodType<ColumnValue<Table['columns'][Name]>>;
};

/** A column as the server checks a client's value: its definition and, if writable, its rule. */
export interface ColumnRule extends ColumnDefinition {
  readonly schema?: ZodType;
}

/**
 * Attaches the zod rules to a definition's columns. Lives in the zod entry so that the SDK,
 * which reads definitions from the core entry, carries no schemas.
 */
export function attachColumnSchemas<Table extends TableDefinition>(
  table: Table,
  schemas: ColumnSchemas<Table>,
): Readonly<Record<keyof Table['columns'] & string, ColumnRule>> {
  const rules = schemas as Partial<Record<string, ZodType>>;
  return Object.fromEntries(
    Object.entries(table.columns).map(([name, column]) => {
      const schema = Object.hasOwn(rules, name) ? rules[name] : undefined;
      return [name, schema ? { ...column, schema } : column];
    }),
  ) as Record<keyof Table['columns'] & string, ColumnRule>;
}
