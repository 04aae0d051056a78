import { makeDataDir } from '../bench-app';
import { createSeededDatabase, type BenchDatabase } from '../database';
import { signInStudents } from './accounts';
import { takeAddresses } from './addresses';
import type { ClientRequest, Opened, Streamed } from './client-process';
import { startChild, type ChildHandle } from './ipc';
import type { ServerFiles, ServerMemory, ServerRequest } from './server-process';
import { count } from './report';
import { measureScenarioSteadily, percentile, type Measurement } from './steady';

export interface RealtimeBenchOptions {
  /** PostgreSQL server to create the database on; SQLite (a temp file) when absent. */
  databaseUrl?: string;
  /** Subscribers of the broadcast, as many as the instances' open-file limits allow (bench/README). */
  sockets: number;
  /** Server instances on the one database (PostgreSQL only); subscribers are split over them. */
  instances: number;
  /** Child processes the subscribers are dealt out over. */
  clientProcesses: number;
  /** Broadcasts measured in the broadcast scenario. */
  broadcasts: number;
  /** The sustained scenario: channels x subscribers, messages a second over all, seconds. */
  channels: number;
  subscribersPerChannel: number;
  messagesPerSecond: number;
  seconds: number;
  /**
   * Published at the rate before the measured seconds, as the HTTP paths warm up (load.ts); the
   * broadcast sends one message first unless this is 0, which measures from a cold server.
   */
  warmupSeconds: number;
  /** Students signed in; their tokens are dealt out over the sockets. */
  accounts: number;
  /** Which scenarios run. */
  scenarios: RealtimeScenario[];
  log: (line: string) => void;
}

export type RealtimeScenario = 'broadcast' | 'sustained';

export const DEFAULT_REALTIME_OPTIONS: Omit<RealtimeBenchOptions, 'log'> = {
  sockets: 20_000,
  instances: 1,
  clientProcesses: 4,
  broadcasts: 3,
  channels: 20,
  subscribersPerChannel: 100,
  messagesPerSecond: 1000,
  seconds: 10,
  warmupSeconds: 2,
  accounts: 200,
  scenarios: ['broadcast', 'sustained'],
};

export interface RealtimeRow {
  scenario: string;
  instances: number;
  database: string;
  /** Sockets asked for and sockets open and subscribed. */
  requested: number;
  sockets: number;
  /** Messages published (acked), and how many deliveries were expected and arrived. */
  messages: number;
  expected: number;
  delivered: number;
  p50: number | null;
  p99: number | null;
  /** Measurements taken: 3 when the first p99 landed near the target (p50 and p99 their medians). */
  runs: number;
  /** Server memory per subscribed socket, bytes (after minus before, over the sockets). */
  rssPerSocket: number | null;
  heapPerSocket: number | null;
  /** The p99 target in milliseconds. */
  targetMs: number;
  /** Seconds published at the rate (or, when above 0, one broadcast) before measuring. */
  warmupSeconds: number;
  /** Why sockets failed to open, publishes refused, a rate not reached. */
  notes: string[];
}

const BROADCAST_TARGET_MS = 250;
const SUSTAINED_TARGET_MS = 100;
/**
 * Frames a second one socket may send is 20 (docs/realtime-protocol.md); publishers stay well
 * below it, so a publisher process that stalls on this busy machine and catches up in a burst
 * still fits in the bucket.
 */
const PUBLISHER_RATE = 8;
/** How long deliveries may take to arrive after the last publish before they count as missed. */
const DRAIN_MS = 15_000;

function split(total: number, parts: number): number[] {
  return Array.from(
    { length: parts },
    (_, index) => Math.floor(total / parts) + (index < total % parts ? 1 : 0),
  );
}

const rotate = <T>(list: T[], by: number) => [
  ...list.slice(by % list.length),
  ...list.slice(0, by % list.length),
];

interface Servers {
  urls: string[];
  handles: ChildHandle[];
  call<T>(index: number, request: ServerRequest): Promise<T>;
}

async function startServers(database: BenchDatabase, instances: number): Promise<Servers> {
  const handles = Array.from({ length: instances }, () => {
    const dataDir = makeDataDir();
    const handle = startChild(new URL('./server-process.ts', import.meta.url), {
      gc: true,
      // BENCH_PROFILE_DIR=dir writes each server's CPU profile there when it stops.
      execArgv: process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : [],
      env: {
        BENCH_DB_KIND: database.handle.kind,
        BENCH_DB_LOCATION: database.location,
        BENCH_DATA_DIR: dataDir.path,
      },
    });
    void handle.exited.then(() => dataDir.remove());
    return handle;
  });
  const urls = await Promise.all(handles.map((handle) => handle.call<string>({ type: 'url' })));
  return {
    urls,
    handles,
    call: <T>(index: number, request: ServerRequest) => handles[index]!.call<T>(request),
  };
}

const wsUrl = (url: string) => `${url.replace(/^http/, 'ws')}/api/realtime/campus`;

/** Subscriber processes (dealt out over the instances) and one publisher process on the first. */
async function openClients(
  servers: Servers,
  options: RealtimeBenchOptions,
  sockets: number,
  channels: string[],
  publishers: number,
  tokens: string[],
) {
  const shares = split(sockets, options.clientProcesses);
  const subscribers = shares.map(() => startChild(new URL('./client-process.ts', import.meta.url)));
  const publisher = startChild(new URL('./client-process.ts', import.meta.url));
  const all = [...subscribers, publisher];
  // The publishers first: at the descriptor limit the last sockets are the ones refused.
  const publishing = await publisher.call<Opened>({
    type: 'open',
    url: wsUrl(servers.urls[0]!),
    tokens,
    channels,
    subscribers: 0,
    publishers,
    addresses: takeAddresses(publishers),
  } satisfies ClientRequest);
  if (publishing.opened < publishers) throw new Error('the publishers could not connect');
  let offset = 0;
  const opening = shares.map((share, index) => {
    const request: ClientRequest = {
      type: 'open',
      url: wsUrl(servers.urls[index % servers.urls.length]!),
      tokens: rotate(tokens, offset),
      channels: rotate(channels, offset),
      subscribers: share,
      publishers: 0,
      addresses: takeAddresses(share),
    };
    offset += share;
    return subscribers[index]!.call<Opened>(request);
  });
  const opened = await Promise.all(opening);
  const failures: Record<string, number> = {};
  for (const each of opened) {
    for (const [reason, count] of Object.entries(each.failures)) {
      failures[reason] = (failures[reason] ?? 0) + count;
    }
  }
  const open = opened.reduce((sum, each) => sum + each.opened, 0);
  const received = async () =>
    (await Promise.all(subscribers.map((each) => each.call<number>({ type: 'received' })))).reduce(
      (sum, count) => sum + count,
      0,
    );
  /** Waits until `expected` deliveries arrived or the drain time is over. */
  const drain = async (expected: number) => {
    const deadline = Date.now() + DRAIN_MS;
    while ((await received()) < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const collect = async () =>
    (await Promise.all(subscribers.map((each) => each.call<number[]>({ type: 'collect' }))))
      .flat()
      .sort((a, b) => a - b);
  const close = async () => {
    await Promise.all(all.map((each) => each.call({ type: 'close' }).catch(() => null)));
    await Promise.all(all.map((each) => each.stop()));
  };
  const failureNotes = Object.entries(failures).map(
    ([reason, count]) => `${count} sockets failed: ${reason}`,
  );
  return { open, failureNotes, publisher, drain, collect, close };
}

/** Each instance's open descriptors and its limit on them. */
function serverFiles(servers: Servers): Promise<ServerFiles[]> {
  return Promise.all(
    servers.urls.map((_, index) => servers.call<ServerFiles>(index, { type: 'fds' })),
  );
}

/**
 * Descriptors an instance may still open besides its sockets: a file the database or a request
 * opens while the sockets are held.
 */
const SPARE_FILES = 8;

/**
 * How many subscribers the instances can hold next to `publishers` on the first: each may open
 * as many files as its limit, less what it holds already and a spare few. Past that, the
 * operating system refuses the connection (the client sees ECONNRESET), which is the machine's
 * limit and not the server's. Subscribers are dealt out as openClients does: each process takes
 * at most one more than its even share, and the processes go round the instances, so the
 * busiest instance serves `perInstance` processes. Null when an instance cannot tell its limit.
 */
async function socketRoom(
  servers: Servers,
  processes: number,
  publishers: number,
): Promise<{ sockets: number; limit: number } | null> {
  const files = await serverFiles(servers);
  let free = Infinity;
  let limit = Infinity;
  for (const each of files) {
    if (each.open === null || each.limit === null) return null;
    free = Math.min(free, each.limit - each.open - SPARE_FILES);
    limit = Math.min(limit, each.limit);
  }
  const perInstance = Math.ceil(processes / servers.urls.length);
  // `processes` shares of this many each fit on the busiest instance, publishers included.
  const share = Math.floor((free - publishers) / perInstance);
  return { sockets: Math.max(0, share * processes), limit };
}

async function serverMemory(servers: Servers): Promise<ServerMemory> {
  const each = await Promise.all(
    servers.urls.map((_, index) => servers.call<ServerMemory>(index, { type: 'memory' })),
  );
  return {
    rss: each.reduce((sum, memory) => sum + memory.rss, 0),
    heapUsed: each.reduce((sum, memory) => sum + memory.heapUsed, 0),
  };
}

/** Every socket on one channel, one message published to it, as many times as asked. */
async function broadcastScenario(
  servers: Servers,
  options: RealtimeBenchOptions,
  tokens: string[],
  database: string,
): Promise<RealtimeRow> {
  const channel = 'public:bench-everyone';
  const before = await serverMemory(servers);
  const room = await socketRoom(servers, options.clientProcesses, 1);
  const sockets = Math.min(options.sockets, room?.sockets ?? Infinity);
  const capped =
    room && sockets < options.sockets
      ? [`capped at ${count(sockets)} by each instance's open-file limit (${count(room.limit)})`]
      : [];
  options.log(`broadcast: opening ${sockets} sockets${capped.length ? ` (${capped[0]})` : ''}`);
  const clients = await openClients(servers, options, sockets, [channel], 1, tokens);
  try {
    const after = await serverMemory(servers);
    const files = await serverFiles(servers);
    options.log(
      `broadcast: ${clients.open} subscribed; server file descriptors ${files.map((each) => `${each.open ?? 'all'} of ${each.limit ?? '?'}`).join(', ')}; ${clients.failureNotes.join('; ') || 'no failures'}`,
    );
    // One broadcast first, not measured: the server's fan-out code warms up, as the HTTP paths
    // and the sustained run do (one run of 19,955 sockets: p99 428 ms for the first, 263 to 324
    // for the three after it).
    if (options.warmupSeconds > 0) {
      await clients.publisher.call({ type: 'publish', channel } satisfies ClientRequest);
      await clients.drain(clients.open);
      const warmup = await clients.collect();
      options.log(
        `  warm-up broadcast: ${warmup.length} delivered, p99 ${percentile(warmup, 0.99)?.toFixed(1)} ms`,
      );
    }
    const broadcasts = async (): Promise<Measurement> => {
      const latencies: number[] = [];
      for (let round = 0; round < options.broadcasts; round += 1) {
        await clients.publisher.call({ type: 'publish', channel } satisfies ClientRequest);
        await clients.drain(clients.open);
        const arrived = await clients.collect();
        options.log(
          `  broadcast ${round + 1}: ${arrived.length} delivered, p99 ${percentile(arrived, 0.99)?.toFixed(1)} ms`,
        );
        latencies.push(...arrived);
      }
      latencies.sort((a, b) => a - b);
      const expected = clients.open * options.broadcasts;
      return { latencies, messages: options.broadcasts, expected, notes: [] };
    };
    const figures = await measureScenarioSteadily(BROADCAST_TARGET_MS, broadcasts, options.log);
    const perSocket = (bytes: number) => (clients.open > 0 ? bytes / clients.open : null);
    return {
      scenario: 'broadcast to every socket',
      instances: servers.urls.length,
      database,
      requested: options.sockets,
      sockets: clients.open,
      ...figures,
      rssPerSocket: perSocket(after.rss - before.rss),
      heapPerSocket: perSocket(after.heapUsed - before.heapUsed),
      targetMs: BROADCAST_TARGET_MS,
      warmupSeconds: options.warmupSeconds,
      notes: [...capped, ...clients.failureNotes, ...figures.notes],
    };
  } finally {
    await clients.close();
  }
}

/** Many channels of a hundred subscribers, published to at a steady rate over all of them. */
async function sustainedScenario(
  servers: Servers,
  options: RealtimeBenchOptions,
  tokens: string[],
  database: string,
): Promise<RealtimeRow> {
  const channels = Array.from({ length: options.channels }, (_, i) => `public:bench-room-${i}`);
  const sockets = options.channels * options.subscribersPerChannel;
  // Each channel gets its share of the rate from publishers that stay under the per-socket limit.
  const perChannel = options.messagesPerSecond / options.channels;
  const publishersPerChannel = Math.ceil(perChannel / PUBLISHER_RATE);
  const plan = channels.flatMap((channel) =>
    Array.from({ length: publishersPerChannel }, () => ({
      channel,
      perSecond: perChannel / publishersPerChannel,
    })),
  );
  options.log(`sustained: opening ${sockets} sockets and ${plan.length} publishers`);
  const clients = await openClients(servers, options, sockets, channels, plan.length, tokens);
  try {
    options.log(
      `sustained: ${clients.open} subscribed; publishing for ${options.warmupSeconds} s of warm-up, then ${options.seconds} s`,
    );
    const stream = async (): Promise<Measurement> => {
      const streamed = await clients.publisher.call<Streamed>({
        type: 'stream',
        plan,
        warmupMs: options.warmupSeconds * 1000,
        durationMs: options.seconds * 1000,
      } satisfies ClientRequest);
      // Each channel's subscribers, as opened (a failed socket lowers what is expected of it).
      const perMessage = clients.open / options.channels;
      // Warm-up deliveries arrive too; their latency is not recorded.
      await clients.drain(Math.round((streamed.published + streamed.warmedUp) * perMessage));
      const latencies = await clients.collect();
      options.log(
        `  ${latencies.length} delivered, p99 ${percentile(latencies, 0.99)?.toFixed(1)} ms`,
      );
      const notes = Object.entries(streamed.refused).map(
        ([code, refused]) => `${refused} publishes refused: ${code}`,
      );
      const rate = streamed.published / options.seconds;
      if (rate < options.messagesPerSecond * 0.95)
        notes.push(`published ${Math.round(rate)} msg/s`);
      const expected = Math.round(streamed.published * perMessage);
      return { latencies, messages: streamed.published, expected, notes };
    };
    const figures = await measureScenarioSteadily(SUSTAINED_TARGET_MS, stream, options.log);
    return {
      scenario: `${options.channels} channels x ${options.subscribersPerChannel}, ${options.messagesPerSecond} msg/s for ${options.seconds} s`,
      instances: servers.urls.length,
      database,
      requested: sockets,
      sockets: clients.open,
      ...figures,
      rssPerSocket: null,
      heapPerSocket: null,
      targetMs: SUSTAINED_TARGET_MS,
      warmupSeconds: options.warmupSeconds,
      notes: [...clients.failureNotes, ...figures.notes],
    };
  } finally {
    await clients.close();
  }
}

/**
 * The realtime benchmark: the real server in a process of its own (or `instances` of them on one
 * PostgreSQL database), seeded students signed in over HTTP, and authenticated sockets opened
 * from child processes over many loopback addresses. Latency is from the publisher's send to a
 * subscriber's receipt, both read on the machine's monotonic clock (clock.ts).
 */
export async function runRealtimeBench(options: RealtimeBenchOptions): Promise<RealtimeRow[]> {
  if (options.instances > 1 && !options.databaseUrl) {
    throw new Error('--instances above 1 needs DATABASE_URL: instances share one PostgreSQL');
  }
  const label = options.databaseUrl ? 'PostgreSQL' : 'SQLite';
  options.log(`realtime: seeding ${options.accounts} students on ${label}`);
  const database = await createSeededDatabase(options.databaseUrl, options.accounts, () => {});
  const servers = await startServers(database, options.instances).catch(async (error) => {
    await database.drop();
    throw error;
  });
  try {
    const tokens = await signInStudents(
      database.handle,
      servers.urls[0]!,
      database.password,
      options.accounts,
    );
    options.log(`realtime: ${tokens.length} students signed in`);
    const rows: RealtimeRow[] = [];
    if (options.scenarios.includes('broadcast')) {
      rows.push(await broadcastScenario(servers, options, tokens, label));
    }
    if (options.scenarios.includes('sustained')) {
      rows.push(await sustainedScenario(servers, options, tokens, label));
    }
    return rows;
  } finally {
    await Promise.all(servers.handles.map((handle) => handle.stop()));
    await database.drop();
  }
}
