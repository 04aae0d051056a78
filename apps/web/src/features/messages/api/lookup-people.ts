import type { MessageRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';

/** Who wrote (or received) a message, as the cards show them. */
export interface MessagePerson {
  userId: string;
  name: string;
  university: string;
  profilePicture: string | null;
}

export interface MessageWithPerson extends MessageRecord {
  /** The sender in the inbox, the recipient in Sent; null when they have no profile. */
  person: MessagePerson | null;
}

/** docs/product.md §3.8: a missing sender shows 'Unknown User'. */
export const UNKNOWN_USER = 'Unknown User';

/**
 * One `users where userId in (...)` per page rather than one lookup per message (docs/product.md
 * §3.8). A failed lookup leaves everyone unknown instead of hiding the messages (§8.4).
 */
export async function attachPeople(
  messages: MessageRecord[],
  personOf: (message: MessageRecord) => string,
): Promise<MessageWithPerson[]> {
  const ids = [...new Set(messages.map(personOf))];
  const people = new Map<string, MessagePerson>();
  if (ids.length > 0) {
    const { data, error } = await client.tables.from('users').list({
      where: { userId: ids },
      columns: ['userId', 'name', 'university', 'profilePicture'],
      limit: ids.length,
    });
    if (error) console.error('Error looking up message senders:', error);
    for (const person of data ?? []) people.set(person.userId, person);
  }
  return messages.map((message) => ({ ...message, person: people.get(personOf(message)) ?? null }));
}
