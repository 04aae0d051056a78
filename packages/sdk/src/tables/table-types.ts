/**
 * The four tables of the platform as the SDK returns them (camelCase; docs/product.md §6 has
 * the access policies). Skill and interest lists are JSON-encoded text, as stored (§3.4).
 */
export interface UserRecord {
  /** The profile's own id ('user_' + timestamp), assigned by the server. */
  id: string;
  /** The auth account id. */
  userId: string;
  name: string;
  /** Only on one's own profile; null on others'. */
  email: string | null;
  university: string;
  city: string | null;
  role: string;
  skills: string;
  interests: string;
  referralCode: string;
  referredBy: string | null;
  referralCount: number;
  bio: string | null;
  profilePicture: string | null;
  instagramHandle: string | null;
  linkedinUrl: string | null;
  contactEmail: string | null;
  portfolioLink: string | null;
  /** '1' or '0' on one's own profile; null on others'. */
  emailNotifications: string | null;
  projectNotifications: string | null;
  collaborationNotifications: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectRecord {
  id: string;
  title: string;
  description: string;
  timeline: string | null;
  skillsNeeded: string;
  postedById: string;
  postedBy: string | null;
  /** The poster's campus when it was posted, set by the server (Explore's university filter). */
  university: string | null;
  city: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationRecord {
  id: string;
  projectId: string;
  applicantId: string;
  message: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface MessageRecord {
  id: string;
  senderId: string;
  recipientId: string;
  subject: string;
  message: string;
  readStatus: number;
  createdAt: string;
}

/** Table name (as passed to `tables.from`) to record type. */
export interface TableRecords {
  users: UserRecord;
  projects: ProjectRecord;
  applications: ApplicationRecord;
  messages: MessageRecord;
}

/**
 * What `create` and `update` accept: any subset of the fields. Values are not narrowed to the
 * record's types because the server accepts more than it returns (skill lists as arrays or as
 * encoded text, notification switches as booleans, numbers or '1'/'0').
 */
export type RecordInput<Row> = { [K in keyof Row]?: unknown };
