import { defineTable, integer, text } from './table-definition';

/**
 * Profiles, one per account (docs/product.md §3.4). The university and the referrer are the
 * student's to give once, at creation; the address, the referrer and the notification
 * switches are the owner's alone to see (§6.2).
 */
export const usersTable = defineTable({
  name: 'users',
  primaryKey: 'id',
  ownerColumn: 'user_id',
  columns: {
    /** The profile's own id ('user_' + timestamp), assigned by the server. */
    id: text({ insert: 'server', update: 'server' }),
    /** The auth account id. */
    user_id: text({ insert: 'server', update: 'server' }),
    name: text({ insert: 'required', update: 'client' }),
    /** The login email. */
    email: text({ insert: 'server', update: 'server', ownerOnly: true }),
    university: text({ insert: 'required', update: 'server' }),
    city: text({ nullable: true, insert: 'optional', update: 'client' }),
    role: text({ hasDefault: true, insert: 'required', update: 'client' }),
    /** JSON-encoded list of strings, as stored (docs/product.md §5.5). */
    skills: text({ hasDefault: true, insert: 'optional', update: 'client' }),
    interests: text({ hasDefault: true, insert: 'optional', update: 'client' }),
    referral_code: text({ insert: 'server', update: 'server' }),
    referred_by: text({ nullable: true, insert: 'optional', update: 'server', ownerOnly: true }),
    referral_count: integer({ hasDefault: true, insert: 'server', update: 'server' }),
    bio: text({ nullable: true, insert: 'optional', update: 'client' }),
    profile_picture: text({ nullable: true, insert: 'optional', update: 'client' }),
    instagram_handle: text({ nullable: true, insert: 'optional', update: 'client' }),
    linkedin_url: text({ nullable: true, insert: 'optional', update: 'client' }),
    contact_email: text({ nullable: true, insert: 'optional', update: 'client' }),
    portfolio_link: text({ nullable: true, insert: 'optional', update: 'client' }),
    /** '1' or '0' (docs/product.md §5.9). */
    email_notifications: notificationSwitch(),
    project_notifications: notificationSwitch(),
    collaboration_notifications: notificationSwitch(),
    created_at: text({ insert: 'server', update: 'server' }),
    updated_at: text({ insert: 'server', update: 'server' }),
    /** Set when an operator hid the profile (safety): only its owner still reads it. */
    hidden_at: text({ nullable: true, insert: 'server', update: 'server' }),
  },
});

function notificationSwitch() {
  return text({ hasDefault: true, insert: 'optional', update: 'client', ownerOnly: true });
}
