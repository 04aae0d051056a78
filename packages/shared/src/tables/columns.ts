import type { ColumnDefinition, InsertRule, SqlType, UpdateRule } from './table-definition';

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

export const text = <const Options extends ColumnOptions>(options: Options) =>
  column('text', options);

export const integer = <const Options extends ColumnOptions>(options: Options) =>
  column('integer', options);
