/** The zod rules of the table API's columns (the full entry only; the SDK never loads them). */
export { applicationsColumnRules } from './applications-schemas';
export { attachColumnSchemas, type ColumnRule, type ColumnSchemas } from './column-rules';
export { messagesColumnRules } from './messages-schemas';
export { projectsColumnRules } from './projects-schemas';
export { usersColumnRules } from './users-schemas';
