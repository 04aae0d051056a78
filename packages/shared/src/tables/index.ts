/** The table API's tables, zod-free (the core entry); their zod rules are in `schemas.ts`. */
import { applicationsTable } from './applications';
import { blocksTable } from './blocks';
import { messagesTable } from './messages';
import { projectsTable } from './projects';
import { usersTable } from './users';

export { applicationsTable, blocksTable, messagesTable, projectsTable, usersTable };
export type {
  ClientColumnName,
  ColumnDefinition,
  ColumnDefinitions,
  ColumnValue,
  DefinedTable,
  InsertRule,
  SqlType,
  TableDefinition,
  UpdateRule,
} from './table-definition';

/** Every table the table API serves. */
export const API_TABLES = [
  usersTable,
  projectsTable,
  applicationsTable,
  messagesTable,
  blocksTable,
] as const;
