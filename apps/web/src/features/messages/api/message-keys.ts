/**
 * Every TanStack Query key of messages (docs/architecture.md §6): the queries read with them, and
 * mutations and live events invalidate them. Each key starts with `all`, so invalidating `all`
 * refreshes the inbox, the sent list and the unread badge.
 */
export const messageKeys = {
  all: ['messages'] as const,
  inbox: (userId: string | undefined) => [...messageKeys.all, 'inbox', userId] as const,
  /** Every sent list, whoever sent. */
  sent: () => [...messageKeys.all, 'sent'] as const,
  sentBy: (userId: string | undefined) => [...messageKeys.sent(), userId] as const,
  unread: (userId: string | undefined) => [...messageKeys.all, 'unread', userId] as const,
};
