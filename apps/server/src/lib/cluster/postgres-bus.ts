import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { loadPg } from '../load-pg';
import type { Database } from '../../db/schema';
import type { ClusterBus, ClusterHandler } from './cluster-bus';

/** The NOTIFY channel; LISTEN/NOTIFY is per database, so deployments never hear each other. */
export const CLUSTER_CHANNEL = 'campuscollab_cluster';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; bigger messages go by id. */
export const MAX_NOTIFY_BYTES = 7900;

/** Room in a NOTIFY for the envelope around its messages: the sender's id and the brackets. */
const ENVELOPE_BYTES = 64;

/** Stored messages are read within milliseconds; a minute covers a slow receiver. */
const STORED_MESSAGE_MS = 60_000;

/** The listener's application_name prefix, which names it in pg_stat_activity. */
export const LISTENER_NAME = 'campuscollab-cluster';

export interface PostgresBusOptions {
  db: Kysely<Database>;
  connectionString: string;
  log: FastifyBaseLogger;
  /** First wait before reconnecting the listener; doubles up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/** One message: its topic, and its data or the id it is stored under. */
interface Part {
  t: string;
  d?: unknown;
  r?: string;
}

/**
 * What travels in a NOTIFY: the sending instance and one message, or several (`m`) when they
 * were published while an earlier NOTIFY was on its way.
 */
interface Envelope extends Partial<Part> {
  i: string;
  m?: Part[];
}

interface Outgoing {
  topic: string;
  data: unknown;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Epoch milliseconds by the database's clock, which every instance shares. */
export const databaseNowMs = sql<number>`(extract(epoch from now()) * 1000)::bigint`;

/**
 * The bus on PostgreSQL LISTEN/NOTIFY (docs/architecture.md §2.5): NOTIFY goes through the pool,
 * LISTEN holds a connection of its own, reconnected with backoff when it drops. Messages are
 * handled one at a time in the order they arrive, so a stored one read back by id is not
 * overtaken by a smaller one sent after it.
 */
export async function createPostgresBus<Topics extends object>(
  options: PostgresBusOptions,
): Promise<ClusterBus<Topics>> {
  const { db, log } = options;
  const reconnectMinMs = options.reconnectMinMs ?? 250;
  const reconnectMaxMs = options.reconnectMaxMs ?? 10_000;
  const instanceId = randomUUID();
  const handlers = new Map<string, Set<ClusterHandler<never>>>();
  const reconnectHandlers = new Set<() => void>();
  let listener: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let receiving = Promise.resolve();
  let outgoing: Outgoing[] = [];
  let draining: Promise<void> | null = null;
  let nextPrune = 0;

  const dispatch = async (part: Part) => {
    let data = part.d;
    if (part.r !== undefined) {
      const row = await db
        .selectFrom('cluster_messages')
        .select('payload')
        .where('id', '=', part.r)
        .executeTakeFirst();
      if (!row) return log.warn({ topic: part.t }, 'cluster message expired before it was read');
      data = JSON.parse(row.payload) as unknown;
    }
    for (const handler of [...(handlers.get(part.t) ?? [])]) {
      try {
        await (handler as ClusterHandler<unknown>)(data);
      } catch (error) {
        log.error({ err: error, topic: part.t }, 'cluster message handler failed');
      }
    }
  };

  const receive = (message: pg.Notification) => {
    if (message.channel !== CLUSTER_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      return log.warn('unreadable cluster message');
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    if (typeof envelope.i !== 'string' || envelope.i === instanceId) return;
    const parts: unknown[] = Array.isArray(envelope.m) ? envelope.m : [envelope];
    for (const part of parts) {
      if (typeof part !== 'object' || part === null) continue;
      const { t, d, r } = part as Partial<Part>;
      if (typeof t !== 'string' || (r !== undefined && typeof r !== 'string')) continue;
      receiving = receiving
        .then(() => dispatch({ t, d, r }))
        .catch((error: unknown) => log.error({ err: error }, 'cluster message failed'));
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** failures);
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => {
          for (const handler of reconnectHandlers) handler();
        },
        (error: unknown) => {
          log.warn({ err: error }, 'cluster listener could not reconnect; retrying');
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async () => {
    const { Client } = loadPg();
    const client = new Client({
      connectionString: options.connectionString,
      application_name: `${LISTENER_NAME} ${instanceId}`,
    });
    // A dropped connection emits 'error' and then 'end'; both lead to one reconnect.
    const lost = (error?: unknown) => {
      if (listener !== client) return;
      listener = null;
      if (!closed) log.warn({ err: error }, 'cluster listener lost its connection; reconnecting');
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', receive);
    try {
      await client.connect();
      await client.query(`listen ${CLUSTER_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) return void (await client.end().catch(() => {}));
    listener = client;
    failures = 0;
  };

  const store = async (payload: string): Promise<string> => {
    const id = randomUUID();
    await db
      .insertInto('cluster_messages')
      .values({ id, payload, created_at: databaseNowMs })
      .execute();
    if (Date.now() >= nextPrune) {
      nextPrune = Date.now() + STORED_MESSAGE_MS;
      await db
        .deleteFrom('cluster_messages')
        .where('created_at', '<', sql<number>`${databaseNowMs} - ${STORED_MESSAGE_MS}`)
        .execute();
    }
    return id;
  };

  /** A message as it travels: its data inline, or stored when that would not fit a NOTIFY. */
  const partOf = async ({ topic, data }: Outgoing): Promise<{ part: Part; bytes: number }> => {
    const inline: Part = { t: topic, d: data };
    const bytes = Buffer.byteLength(JSON.stringify(inline));
    if (bytes + ENVELOPE_BYTES <= MAX_NOTIFY_BYTES) return { part: inline, bytes };
    const stored: Part = { t: topic, r: await store(JSON.stringify(data)) };
    return { part: stored, bytes: Buffer.byteLength(JSON.stringify(stored)) };
  };

  const notify = async (parts: Part[]) => {
    const envelope: Envelope =
      parts.length === 1 ? { i: instanceId, ...parts[0] } : { i: instanceId, m: parts };
    await sql`select pg_notify(${CLUSTER_CHANNEL}, ${JSON.stringify(envelope)})`.execute(db);
  };

  /** The messages in order, in as few NOTIFYs as hold them; a lone one as a plain envelope. */
  const sendAll = async (batch: Outgoing[]) => {
    let held: Part[] = [];
    let heldBytes = 0;
    for (const outgoing of batch) {
      const { part, bytes } = await partOf(outgoing);
      // Each part after the first adds its comma.
      if (held.length > 0 && heldBytes + bytes + 1 + ENVELOPE_BYTES > MAX_NOTIFY_BYTES) {
        await notify(held);
        held = [];
        heldBytes = 0;
      }
      held.push(part);
      heldBytes += bytes + 1;
    }
    if (held.length > 0) await notify(held);
  };

  /**
   * Sends what was published, one NOTIFY after another: NOTIFYs from different pool connections
   * could commit out of order. What is published while one is on its way waits, and then goes
   * with the rest that waited: under load, one round trip carries many messages.
   */
  const drain = async () => {
    while (outgoing.length > 0) {
      const batch = outgoing;
      outgoing = [];
      try {
        await sendAll(batch);
        for (const { resolve } of batch) resolve();
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    draining = null;
  };

  await connect();

  return {
    instanceId,
    shared: true,
    publish(topic, data) {
      return new Promise<void>((resolve, reject) => {
        outgoing.push({ topic, data, resolve, reject });
        draining ??= drain();
      });
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler as ClusterHandler<never>);
      handlers.set(topic, set);
      return () => set.delete(handler as ClusterHandler<never>);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await draining;
      await receiving;
    },
  };
}
