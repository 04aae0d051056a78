import type {
  applicationsTable,
  blocksTable,
  ColumnDefinition,
  ColumnValue,
  messagesTable,
  ReportReason,
  ReportStatus,
  ReportTargetKind,
  projectsTable,
  TableDefinition,
  usersTable,
} from '@campuscollab/shared';
import type { Generated } from 'kysely';

/**
 * Row types of every table, as Kysely sees them. Timestamps are ISO 8601 text in UTC on both
 * dialects: they sort correctly as text, and the API returns them as docs/product.md §3.1 says.
 */
export interface AuthAccountsTable {
  id: string;
  email: string;
  password_hash: string;
  display_name: string | null;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** A sign-in. Revoking it ends every refresh token it has issued. */
export interface AuthSessionsTable {
  id: string;
  account_id: string;
  created_at: string;
  revoked_at: string | null;
}

/**
 * One refresh token of a sign-in: generation 0 at sign-in, each rotation the next. A token
 * whose successor exists has been used; its successor's created_at is when.
 */
export interface AuthRefreshTokensTable {
  session_id: string;
  generation: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/**
 * A single-use link sent to an account's address. It proves the mailbox and nothing else: no
 * link carries a password (see modules/auth/email-tokens.ts).
 */
export interface AuthEmailTokensTable {
  id: string;
  account_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/**
 * A password someone chose when signing up an address. It never opens the account: signing in
 * with it only answers that the address awaits verification (modules/auth/signup-attempts.ts).
 */
export interface AuthSignupAttemptsTable {
  id: string;
  account_id: string;
  password_hash: string;
  created_at: string;
  expires_at: string;
}

export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

/**
 * What an account's first profile settled, surviving the profile's deletion (migration 012):
 * the university a re-created profile must keep, and the code that was credited, if any.
 */
export interface FirstProfilesTable {
  account_id: string;
  university: string;
  referred_by: string | null;
  created_at: string;
}

/** A column as Kysely sees it: one the database fills by default may be left out of an insert. */
type KyselyColumn<Column extends ColumnDefinition> = Column extends { hasDefault: true }
  ? Generated<ColumnValue<Column>>
  : ColumnValue<Column>;

/** The row type of a table API table, from its one definition (packages/shared/src/tables). */
type KyselyTable<Table extends TableDefinition> = {
  -readonly [Name in keyof Table['columns']]: KyselyColumn<Table['columns'][Name]>;
};

export type UsersTable = KyselyTable<typeof usersTable>;
export type ProjectsTable = KyselyTable<typeof projectsTable>;
export type ApplicationsTable = KyselyTable<typeof applicationsTable>;
export type MessagesTable = KyselyTable<typeof messagesTable>;
export type BlocksTable = KyselyTable<typeof blocksTable>;

/** A student's report, for operators only (modules/safety; migration 020). */
export interface ReportsTable {
  id: string;
  /** Null once the reporter's account is deleted. */
  reporter_id: string | null;
  target_kind: ReportTargetKind;
  target_id: string;
  target_owner_id: string | null;
  reason: ReportReason;
  details: string | null;
  status: Generated<ReportStatus>;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}

export interface RealtimeMessagesTable {
  id: string;
  channel: string;
  event: string;
  /** The message's payload as JSON text. */
  payload: string;
  /** Null for events the server itself publishes. */
  sender_id: string | null;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  session_id: string;
  /** The signed-in account that sent the event; null for anonymous visitors. */
  user_id: string | null;
  /** JSON object, every string in it clipped to 256 characters (docs/product.md §7.7). */
  properties: string;
  occurred_at: string;
  received_at: string;
}

/** A student's AI use on one UTC day (modules/ai/usage.ts). */
export interface AiUsageTable {
  user_id: string;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  requests: number;
  tokens: number;
}

/** A profile's skills and interests, one lower-cased tag each (migration 018, matching). */
export interface ProfileTagsTable {
  profile_id: string;
  kind: 'skill' | 'interest';
  tag: string;
  /** The item as the profile spells it. */
  label: string;
}

/** A project's needed skills, one lower-cased tag each (migration 018, matching). */
export interface ProjectTagsTable {
  project_id: string;
  tag: string;
  label: string;
}

/** Bus messages too big for a NOTIFY, sent by id (PostgreSQL only; migration 017). */
export interface ClusterMessagesTable {
  id: string;
  payload: string;
  /** Epoch milliseconds, database clock. */
  created_at: number;
}

/** Each instance's presence entries, one per (channel, student) (PostgreSQL only). */
export interface RealtimePresenceTable {
  instance_id: string;
  channel: string;
  user_id: string;
  /** The PresenceMember as JSON text. */
  member: string;
  /** Epoch milliseconds, database clock. */
  heartbeat_at: number;
}

/** Counters shared by every instance, one per limited key (PostgreSQL only). */
export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: number;
  taken: boolean;
}

/** When a team member last opened the team space (migration 019). */
export interface TeamReadsTable {
  project_id: string;
  user_id: string;
  read_at: string;
}

export interface Database {
  auth_accounts: AuthAccountsTable;
  auth_sessions: AuthSessionsTable;
  auth_refresh_tokens: AuthRefreshTokensTable;
  auth_email_tokens: AuthEmailTokensTable;
  auth_signup_attempts: AuthSignupAttemptsTable;
  email_outbox: EmailOutboxTable;
  users: UsersTable;
  first_profiles: FirstProfilesTable;
  projects: ProjectsTable;
  applications: ApplicationsTable;
  messages: MessagesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  realtime_messages: RealtimeMessagesTable;
  analytics_events: AnalyticsEventsTable;
  ai_usage: AiUsageTable;
  profile_tags: ProfileTagsTable;
  project_tags: ProjectTagsTable;
  cluster_messages: ClusterMessagesTable;
  realtime_presence: RealtimePresenceTable;
  rate_limits: RateLimitsTable;
  team_reads: TeamReadsTable;
}
