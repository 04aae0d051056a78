import type {
  applicationsTable,
  blocksTable,
  ColumnValue,
  messagesTable,
  projectsTable,
  TableDefinition,
  usersTable,
} from '@campuscollab/shared/core';

/** `posted_by_id` -> `postedById`, as `convertToCamelCase` turns the wire's keys (case/). */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/**
 * A row as the SDK returns it: camelCase keys, the stored value types, and null for owner-only
 * columns of someone else's row (docs/product.md §6.2). Skill and interest lists are
 * JSON-encoded text, as stored (docs/product.md §3.4).
 */
type TableRecord<Table extends TableDefinition> = {
  -readonly [Name in keyof Table['columns'] & string as CamelCase<Name>]:
    | ColumnValue<Table['columns'][Name]>
    | (Table['columns'][Name] extends { ownerOnly: true } ? null : never);
};

/** The four tables of the platform, from their definitions in packages/shared/src/tables. */
export type UserRecord = TableRecord<typeof usersTable>;
export type ProjectRecord = TableRecord<typeof projectsTable>;
export type ApplicationRecord = TableRecord<typeof applicationsTable>;
export type MessageRecord = TableRecord<typeof messagesTable>;
export type BlockRecord = TableRecord<typeof blocksTable>;

/** Table name (as passed to `tables.from`) to record type. */
export interface TableRecords {
  users: UserRecord;
  projects: ProjectRecord;
  applications: ApplicationRecord;
  messages: MessageRecord;
  blocks: BlockRecord;
}

/**
 * What `create` and `update` accept: any subset of the fields. Values are not narrowed to the
 * record's types because the server accepts more than it returns (skill lists as arrays or as
 * encoded text, notification switches as booleans, numbers or '1'/'0').
 */
export type RecordInput<Row> = { [K in keyof Row]?: unknown };
