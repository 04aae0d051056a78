import WebSocket from 'ws';
import { serveRequests } from './ipc';
import { monotonicMicros } from './clock';

/**
 * A share of the benchmark's clients, in a process of its own so that the clients' parsing
 * does not queue behind one event loop: each process opens its sockets, subscribes them, and
 * records when each live message arrives. Publishers are sockets of these processes too.
 */
export type ClientRequest =
  | {
      type: 'open';
      /** ws://host:port/api/realtime/{project} */
      url: string;
      tokens: string[];
      /** Socket i subscribes to channels[i % length]. */
      channels: string[];
      subscribers: number;
      /** Sockets that publish and subscribe to nothing. */
      publishers: number;
      /** Source addresses (127.x.y.z), dealt out round robin. */
      addresses: string[];
    }
  | { type: 'publish'; channel: string }
  | {
      type: 'stream';
      plan: { channel: string; perSecond: number }[];
      /** Published first at the same rate, and not measured: the server's code warms up. */
      warmupMs: number;
      durationMs: number;
    }
  | { type: 'received' }
  | { type: 'collect' }
  | { type: 'close' };

export interface Opened {
  opened: number;
  /** Why sockets failed to open or subscribe, with how many each. */
  failures: Record<string, number>;
}

export interface Streamed {
  /** Acked publishes of the measured part, and of the warm-up before it. */
  published: number;
  warmedUp: number;
  /** Refused publishes by error code. */
  refused: Record<string, number>;
}

/** How many sockets open at once per process: enough to keep the server busy, not flooded. */
const IN_FLIGHT = 64;
const ANSWER_TIMEOUT_MS = 30_000;

interface Client {
  socket: WebSocket;
  /** Answers (ack, pong, error) in the order the frames were sent. */
  waiting: ((frame: { type: string; code?: string }) => void)[];
}

const subscribers: Client[] = [];
const publishers: Client[] = [];
let latencies: number[] = [];
let received = 0;

function onFrame(client: Client, text: string) {
  // Live messages first and cheaply: they are what is measured.
  if (text.startsWith('{"type":"message"')) {
    const frame = JSON.parse(text) as { payload?: { t?: unknown; warmup?: unknown } };
    const sentAt = frame.payload?.t;
    if (typeof sentAt === 'number') {
      if (frame.payload?.warmup !== true) latencies.push((monotonicMicros() - sentAt) / 1000);
      received += 1;
    }
    return;
  }
  const frame = JSON.parse(text) as { type: string; code?: string };
  if (frame.type === 'ack' || frame.type === 'error' || frame.type === 'pong') {
    client.waiting.shift()?.(frame);
  }
}

function ask(client: Client, frame: object): Promise<{ type: string; code?: string }> {
  return new Promise((resolve) => {
    client.waiting.push(resolve);
    client.socket.send(JSON.stringify(frame));
  });
}

function connect(url: string, token: string, localAddress: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`, {
      localAddress,
      perMessageDeflate: false,
      handshakeTimeout: ANSWER_TIMEOUT_MS,
    });
    const client: Client = { socket, waiting: [] };
    socket.on('message', (data: Buffer) => onFrame(client, data.toString()));
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`HTTP ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code ?? error.message)),
    );
    socket.once('close', (code) => {
      reject(new Error(`closed ${code}`));
      for (const answer of client.waiting.splice(0))
        answer({ type: 'error', code: `closed ${code}` });
    });
  });
}

async function open(request: Extract<ClientRequest, { type: 'open' }>): Promise<Opened> {
  const failures: Record<string, number> = {};
  const total = request.publishers + request.subscribers;
  let next = 0;
  const openOne = async (index: number) => {
    const token = request.tokens[index % request.tokens.length]!;
    const address = request.addresses[index % request.addresses.length]!;
    try {
      const client = await connect(request.url, token, address);
      if (index < request.publishers) return void publishers.push(client);
      const channel = request.channels[(index - request.publishers) % request.channels.length]!;
      const answer = await ask(client, { type: 'subscribe', channel });
      if (answer.type !== 'ack') throw new Error(`subscribe: ${answer.code ?? answer.type}`);
      subscribers.push(client);
    } catch (error) {
      const reason = (error as Error).message;
      failures[reason] = (failures[reason] ?? 0) + 1;
    }
  };
  const lane = async () => {
    while (next < total) await openOne(next++);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return { opened: subscribers.length + publishers.length, failures };
}

function publishFrame(channel: string, warmup = false) {
  const payload = warmup ? { t: monotonicMicros(), warmup } : { t: monotonicMicros() };
  return { type: 'publish', channel, event: 'bench', payload };
}

/**
 * Publishes from each planned socket at its rate for the warm-up and then the duration; answers
 * once all are acked. The publishers' first sends are spread evenly over one period, as
 * independent senders' would be: started together, every publisher would send at the same
 * instants, and the rate would arrive as a burst of all of them each period.
 */
async function stream(request: Extract<ClientRequest, { type: 'stream' }>): Promise<Streamed> {
  const start = monotonicMicros();
  const totalMs = request.warmupMs + request.durationMs;
  const sent = request.plan.map(() => 0);
  const answers: { warmup: boolean; answer: Promise<{ type: string; code?: string }> }[] = [];
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsedMs = Math.min(totalMs, (monotonicMicros() - start) / 1000);
      const warmup = elapsedMs < request.warmupMs;
      request.plan.forEach(({ channel, perSecond }, index) => {
        const phase = index / request.plan.length;
        const due = Math.floor((elapsedMs / 1000) * perSecond + phase);
        while (sent[index]! < due) {
          sent[index]! += 1;
          answers.push({ warmup, answer: ask(publishers[index]!, publishFrame(channel, warmup)) });
        }
      });
      if (elapsedMs >= totalMs) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const refused: Record<string, number> = {};
  let published = 0;
  let warmedUp = 0;
  for (const { warmup, answer } of answers) {
    const { type, code } = await answer;
    if (type !== 'ack') refused[code ?? type] = (refused[code ?? type] ?? 0) + 1;
    else if (warmup) warmedUp += 1;
    else published += 1;
  }
  return { published, warmedUp, refused };
}

serveRequests(async (request: ClientRequest) => {
  switch (request.type) {
    case 'open':
      return open(request);
    case 'publish': {
      const answer = await ask(publishers[0]!, publishFrame(request.channel));
      if (answer.type !== 'ack') throw new Error(`publish refused: ${answer.code ?? answer.type}`);
      return null;
    }
    case 'stream':
      return stream(request);
    case 'received':
      return received;
    case 'collect': {
      const taken = latencies;
      latencies = [];
      received = 0;
      return taken;
    }
    case 'close': {
      const all = [...subscribers, ...publishers];
      subscribers.length = 0;
      publishers.length = 0;
      await Promise.all(
        all.map(
          ({ socket }) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.close(1000);
            }),
        ),
      );
      return null;
    }
  }
});
