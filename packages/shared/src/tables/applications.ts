import { defineTable, text } from './table-definition';

/**
 * Applications (docs/product.md §3.7): the applicant writes the project and the message once;
 * only the status changes afterwards, by the project's owner (§4.10).
 */
export const applicationsTable = defineTable({
  name: 'applications',
  primaryKey: 'id',
  columns: {
    id: text({ insert: 'optional', update: 'server' }),
    project_id: text({ insert: 'required', update: 'server' }),
    applicant_id: text({ insert: 'server', update: 'server' }),
    message: text({ insert: 'required', update: 'server' }),
    status: text({ hasDefault: true, insert: 'server', update: 'client' }),
    created_at: text({ insert: 'server', update: 'server' }),
    updated_at: text({ insert: 'server', update: 'server' }),
  },
});
