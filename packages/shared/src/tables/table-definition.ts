/**
 * What the platform knows about one table of the table API, written once per table in this
 * folder and read by the server (row types, access rules, the seed) and the SDK (record types).
 * Zod-free, so the SDK can import it from the core entry; the zod rules for client values are
 * attached in the full entry (`schemas.ts`). See docs/decisions/018.
 */

/** The SQL type of a column; the same name on SQLite and PostgreSQL. */
export type SqlType = 'text' | 'integer';

/** On insert: the client may give the value, must give it, or the server sets it. */
export type InsertRule = 'optional' | 'required' | 'server';

/** On update: the client may change the value, or only the server does. */
export type UpdateRule = 'client' | 'server';

export interface ColumnDefinition {
  readonly type: SqlType;
  readonly nullable: boolean;
  /** The database fills the column when an insert leaves it out. */
  readonly hasDefault: boolean;
  readonly insert: InsertRule;
  readonly update: UpdateRule;
  /** Shown only to the row's owner (`ownerColumn`); every other reader gets null. */
  readonly ownerOnly: boolean;
}

export type ColumnDefinitions = Readonly<Record<string, ColumnDefinition>>;

export interface TableDefinition {
  readonly name: string;
  readonly primaryKey: string;
  /** The column holding the account id of the row's owner, for owner-only columns. */
  readonly ownerColumn?: string;
  readonly columns: ColumnDefinitions;
}

/** A definition whose keys are checked against its columns, each column's exact type kept. */
export interface DefinedTable<Columns extends ColumnDefinitions> extends TableDefinition {
  readonly primaryKey: keyof Columns & string;
  readonly ownerColumn?: keyof Columns & string;
  readonly columns: Columns;
}

interface SqlValues {
  text: string;
  integer: number;
}

/** The value a column holds as stored: its SQL type, or null where the column allows it. */
export type ColumnValue<Column extends ColumnDefinition> =
  SqlValues[Column['type']] | (Column['nullable'] extends true ? null : never);

/** The columns a client may write, on insert or on update: those that carry a zod rule. */
export type ClientColumnName<Table extends TableDefinition> = {
  [Name in keyof Table['columns']]: Table['columns'][Name] extends {
    insert: 'server';
    update: 'server';
  }
    ? never
    : Name;
}[keyof Table['columns']] &
  string;

/** Checks a table's keys against its columns while keeping every column's exact type. */
export function defineTable<const Columns extends ColumnDefinitions>(
  table: DefinedTable<Columns>,
): DefinedTable<Columns> {
  return table;
}

/**
 * What a definition states about a column. Who writes it is always said; the rest are
 * exceptions (a column is NOT NULL, has no default and is seen by every reader unless marked).
 */
interface ColumnOptions {
  readonly insert: InsertRule;
  readonly update: UpdateRule;
  readonly nullable?: boolean;
  readonly hasDefault?: boolean;
  readonly ownerOnly?: boolean;
}

type Marked<Options, Key extends keyof ColumnOptions> = Options extends { [K in Key]: true }
  ? true
  : false;

/** A column with its literal facts kept in its type, for the types derived from definitions. */
export interface Column<
  Type extends SqlType,
  Options extends ColumnOptions,
> extends ColumnDefinition {
  readonly type: Type;
  readonly nullable: Marked<Options, 'nullable'>;
  readonly hasDefault: Marked<Options, 'hasDefault'>;
  readonly insert: Options['insert'];
  readonly update: Options['update'];
  readonly ownerOnly: Marked<Options, 'ownerOnly'>;
}

function column<Type extends SqlType, Options extends ColumnOptions>(
  type: Type,
  options: Options,
): Column<Type, Options> {
  return {
    type,
    nullable: options.nullable ?? false,
    hasDefault: options.hasDefault ?? false,
    insert: options.insert,
    update: options.update,
    ownerOnly: options.ownerOnly ?? false,
  } as Column<Type, Options>;
}

/** A text column; `text({ insert: 'optional', update: 'client', nullable: true })`. */
export const text = <const Options extends ColumnOptions>(options: Options) =>
  column('text', options);

/** An integer column, stated like `text`. */
export const integer = <const Options extends ColumnOptions>(options: Options) =>
  column('integer', options);
