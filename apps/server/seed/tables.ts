import type { Selectable } from 'kysely';
import type { Database } from '../src/db/schema';

/** The tables a seed fills, in the order their rows must be written (parents first). */
export const SEED_TABLES = [
  'auth_accounts',
  'users',
  'projects',
  'applications',
  'messages',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

/** A complete row: the seed sets every column itself, defaults included, so rows are exact. */
export type SeedRow<T extends SeedTable> = Selectable<Database[T]>;

export type ColumnType = 'text' | 'integer';

/**
 * Every column of every seeded table with its SQL type. Typed against the schema, so a column
 * added by a migration fails the type check here instead of silently staying at its default.
 * PostgreSQL's bulk insert needs the types to cast its column arrays.
 */
export const SEED_COLUMNS: { [T in SeedTable]: Record<keyof SeedRow<T>, ColumnType> } = {
  auth_accounts: {
    id: 'text',
    email: 'text',
    password_hash: 'text',
    display_name: 'text',
    email_verified_at: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  users: {
    id: 'text',
    user_id: 'text',
    name: 'text',
    email: 'text',
    university: 'text',
    city: 'text',
    role: 'text',
    skills: 'text',
    interests: 'text',
    referral_code: 'text',
    referred_by: 'text',
    referral_count: 'integer',
    bio: 'text',
    profile_picture: 'text',
    instagram_handle: 'text',
    linkedin_url: 'text',
    contact_email: 'text',
    portfolio_link: 'text',
    email_notifications: 'text',
    project_notifications: 'text',
    collaboration_notifications: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  projects: {
    id: 'text',
    title: 'text',
    description: 'text',
    timeline: 'text',
    skills_needed: 'text',
    posted_by_id: 'text',
    posted_by: 'text',
    university: 'text',
    city: 'text',
    status: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  applications: {
    id: 'text',
    project_id: 'text',
    applicant_id: 'text',
    message: 'text',
    status: 'text',
    created_at: 'text',
    updated_at: 'text',
  },
  messages: {
    id: 'text',
    sender_id: 'text',
    recipient_id: 'text',
    subject: 'text',
    message: 'text',
    read_status: 'integer',
    created_at: 'text',
  },
};

/** The columns of a table, in a fixed order both writers use. */
export function listColumns<T extends SeedTable>(table: T): (keyof SeedRow<T> & string)[] {
  return Object.keys(SEED_COLUMNS[table]) as (keyof SeedRow<T> & string)[];
}
