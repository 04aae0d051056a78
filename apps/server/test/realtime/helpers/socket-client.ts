import { WebSocket } from 'ws';

/** Any frame the server sends; tests read the fields they care about. */
export type Frame = Record<string, unknown> & { type: string };

export interface TestSocket {
  socket: WebSocket;
  send(frame: unknown): void;
  /** Sends the frame with a fresh ref; resolves with the ack, pong or error carrying that ref. */
  call(frame: Record<string, unknown>, timeoutMs?: number): Promise<Frame>;
  /** The first not yet consumed frame matching, received already or within the timeout. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code and reason once the socket is closed. */
  closed(timeoutMs?: number): Promise<{ code: number; reason: string }>;
}

const WAIT_MS = 3000;
const open = new Set<WebSocket>();
let nextRef = 1;

export function buildSocketUrl(baseUrl: string, token?: string, project = 'campus'): string {
  const url = `${baseUrl.replace('http', 'ws')}/api/realtime/${project}`;
  return token ? `${url}?token=${encodeURIComponent(token)}` : url;
}

function waitWithTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Opens a socket and resolves once it is open; rejects with the HTTP status if refused. */
export async function connectSocket(
  url: string,
  options: { autoPong?: boolean } = {},
): Promise<TestSocket> {
  const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
  open.add(socket);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let closeInfo: { code: number; reason: string } | null = null;
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const wake of waiters) wake();
  });
  socket.on('close', (code, reason) => {
    closeInfo = { code, reason: reason.toString() };
    open.delete(socket);
    for (const wake of waiters) wake();
  });

  await waitWithTimeout(
    new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => {
        reject(new RefusedError(response.statusCode ?? 0));
        socket.terminate();
      });
      socket.once('error', reject);
    }),
    WAIT_MS,
    'the socket to open',
  );

  const waitFor = <T>(find: () => T | undefined, timeoutMs: number, what: string) =>
    waitWithTimeout(
      new Promise<T>((resolve) => {
        const check = () => {
          const found = find();
          if (found === undefined) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
      timeoutMs,
      what,
    );

  const next = (match: (frame: Frame) => boolean, timeoutMs = WAIT_MS) =>
    waitFor(
      () => {
        const index = frames.findIndex(match);
        return index === -1 ? undefined : frames.splice(index, 1)[0];
      },
      timeoutMs,
      'a matching frame',
    );

  return {
    socket,
    send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    call(frame, timeoutMs = WAIT_MS) {
      const ref = `r${nextRef++}`;
      socket.send(JSON.stringify({ ...frame, ref }));
      return next((received) => received.ref === ref, timeoutMs);
    },
    next,
    closed: (timeoutMs = WAIT_MS) => waitFor(() => closeInfo ?? undefined, timeoutMs, 'close'),
  };
}

export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}

/** Terminates every socket a test left open. */
export function closeAllSockets(): void {
  for (const socket of open) socket.terminate();
  open.clear();
}
