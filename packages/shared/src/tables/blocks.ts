import { defineTable, text } from './table-definition';

/**
 * A student's blocks (safety). The blocker is the server's to set; the name of the blocked
 * student is copied at block time, because the read policies hide their profile from the
 * blocker (Settings still lists whom they blocked).
 */
export const blocksTable = defineTable({
  name: 'blocks',
  primaryKey: 'id',
  ownerColumn: 'blocker_id',
  columns: {
    id: text({ insert: 'server', update: 'server' }),
    blocker_id: text({ insert: 'server', update: 'server' }),
    /** The blocked student's account id. */
    blocked_id: text({ insert: 'required', update: 'server' }),
    blocked_name: text({ nullable: true, insert: 'server', update: 'server' }),
    created_at: text({ insert: 'server', update: 'server' }),
  },
});
