import { defineTable, text } from './table-definition';

/**
 * Projects (docs/product.md §3.6). The poster, their name and their campus are the server's to
 * set; the poster changes the rest, status included (§4.9).
 */
export const projectsTable = defineTable({
  name: 'projects',
  primaryKey: 'id',
  columns: {
    /** A client may propose the id (docs/product.md §3.1). */
    id: text({ insert: 'optional', update: 'server' }),
    title: text({ insert: 'required', update: 'client' }),
    description: text({ insert: 'required', update: 'client' }),
    timeline: text({ nullable: true, insert: 'optional', update: 'client' }),
    /** JSON-encoded list of strings, as stored (docs/product.md §5.5). */
    skills_needed: text({ hasDefault: true, insert: 'optional', update: 'client' }),
    posted_by_id: text({ insert: 'server', update: 'server' }),
    /** The poster's profile name, never the login email (migration 013). */
    posted_by: text({ nullable: true, insert: 'server', update: 'server' }),
    /** The poster's campus when the project was posted, for Explore's university filter. */
    university: text({ nullable: true, insert: 'server', update: 'server' }),
    city: text({ nullable: true, insert: 'server', update: 'server' }),
    status: text({ hasDefault: true, insert: 'server', update: 'client' }),
    created_at: text({ insert: 'server', update: 'server' }),
    updated_at: text({ insert: 'server', update: 'server' }),
    /** Set when an operator hid the project (safety): only its owner still reads it. */
    hidden_at: text({ nullable: true, insert: 'server', update: 'server' }),
  },
});
