import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { RealtimeMessage } from '@campuscollab/shared';
import type { Database, RealtimeMessagesTable } from '../../db/schema';
import { batchPerTurn } from '../../lib/turn-batch';
import { formatUserChannel, teamProjectOf } from './channels';

export interface HistoryOptions {
  /** Newest messages kept per channel. */
  keepPerChannel: number;
  /**
   * Newest messages kept per `team:` channel: a team's chat is its record of the work, so it
   * keeps far more than notifications and public channels do.
   */
  keepPerTeamChannel: number;
  /** Inserts into one channel between two trims: the table may exceed `keep` by this much. */
  trimEvery: number;
}

export const DEFAULT_HISTORY: HistoryOptions = {
  keepPerChannel: 200,
  keepPerTeamChannel: 10_000,
  trimEvery: 20,
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;
// Bounds the trim counters when many channels are written; a forgotten count only trims early.
const MAX_TRACKED_CHANNELS = 10_000;

/**
 * Messages one trim deletes at most: far more than the inserts between two trims, so a channel
 * that outgrew its keep (a lower setting, another instance's inserts) shrinks back within a few.
 */
const TRIMMED_AT_ONCE = 10_000;

/** Rows of one insert: six values each stay far below what either database binds at once. */
const ROWS_PER_INSERT = 500;

let lastMillis = 0;
let sequence = 0;

/**
 * Ids sort in publish order even within one millisecond, so (created_at, id) is a stable keyset
 * and two messages of the same millisecond come back in the order they were sent.
 */
export function createMessageId(now: number): string {
  sequence = now === lastMillis ? sequence + 1 : 0;
  lastMillis = now;
  const time = now.toString(36).padStart(9, '0');
  const seq = sequence.toString(36).padStart(4, '0');
  return `rtm_${time}${seq}${randomBytes(4).toString('hex')}`;
}

function parseMessageRow(row: Selectable<RealtimeMessagesTable>): RealtimeMessage {
  return {
    id: row.id,
    channel: row.channel,
    event: row.event,
    payload: JSON.parse(row.payload) as unknown,
    senderId: row.sender_id,
    createdAt: row.created_at,
  };
}

export function createHistoryStore(
  db: Kysely<Database>,
  options: HistoryOptions = DEFAULT_HISTORY,
) {
  const insertsSinceTrim = new Map<string, number>();

  /**
   * The messages published in one turn of the event loop, in one insert: under load each message
   * and application a student sends publishes one, and on PostgreSQL each statement is a round
   * trip (lib/turn-batch.ts).
   */
  const insertInTurn = batchPerTurn(async (messages: RealtimeMessage[]) => {
    for (let start = 0; start < messages.length; start += ROWS_PER_INSERT) {
      await db
        .insertInto('realtime_messages')
        .values(
          messages.slice(start, start + ROWS_PER_INSERT).map((message) => ({
            id: message.id,
            channel: message.channel,
            event: message.event,
            payload: JSON.stringify(message.payload),
            sender_id: message.senderId,
            created_at: message.createdAt,
          })),
        )
        .execute();
    }
    return messages.map(() => undefined);
  });

  /**
   * Deletes what lies past the channel's `keep`-th newest message, in one statement that walks
   * the channel's index newest first. A range delete under a cutoff read first took two round
   * trips, and on PostgreSQL its bitmap visited again every row the earlier trims had deleted
   * and vacuum had not yet reclaimed: on a busy channel that was most of the trim's time. An
   * ordinary index walk marks those entries dead, so the next trim skips them.
   */
  async function trimChannel(channel: string): Promise<void> {
    const keep =
      teamProjectOf(channel) === null ? options.keepPerChannel : options.keepPerTeamChannel;
    await db
      .deleteFrom('realtime_messages')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('realtime_messages')
          .select('id')
          .where('channel', '=', channel)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(TRIMMED_AT_ONCE)
          .offset(keep),
      )
      .execute();
  }

  return {
    async insertMessage(message: RealtimeMessage): Promise<void> {
      await insertInTurn(message);
      // The first insert after a start trims too, so a channel never keeps growing across restarts.
      const count = insertsSinceTrim.get(message.channel);
      if (count !== undefined && count + 1 < options.trimEvery) {
        insertsSinceTrim.set(message.channel, count + 1);
        return;
      }
      if (insertsSinceTrim.size >= MAX_TRACKED_CHANNELS) insertsSinceTrim.clear();
      insertsSinceTrim.set(message.channel, 0);
      await trimChannel(message.channel);
    },

    /**
     * Newest first. `before` is a message id (exclusive keyset cursor: pass the oldest id of the
     * previous page) or an ISO time (messages strictly older). An unknown id is one already
     * trimmed, and everything older went with it: the page is empty.
     */
    async listMessages(
      channel: string,
      page: { limit: number; before?: string | undefined },
    ): Promise<RealtimeMessage[]> {
      let query = db
        .selectFrom('realtime_messages')
        .selectAll()
        .where('channel', '=', channel)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit);
      const before = page.before;
      if (before && ISO_TIME.test(before) && !Number.isNaN(Date.parse(before))) {
        query = query.where('created_at', '<', new Date(before).toISOString());
      } else if (before) {
        const cursor = await db
          .selectFrom('realtime_messages')
          .select(['created_at', 'id'])
          .where('channel', '=', channel)
          .where('id', '=', before)
          .executeTakeFirst();
        if (!cursor) return [];
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', cursor.created_at),
            eb.and([eb('created_at', '=', cursor.created_at), eb('id', '<', cursor.id)]),
          ]),
        );
      }
      return (await query.execute()).map(parseMessageRow);
    },

    /** Account deletion erases what the account published and its private channel's history. */
    async deleteAccountMessages(accountId: string): Promise<void> {
      await db
        .deleteFrom('realtime_messages')
        .where((eb) =>
          eb.or([
            eb('sender_id', '=', accountId),
            eb('channel', '=', formatUserChannel(accountId)),
          ]),
        )
        .execute();
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
