import { fork, type ChildProcess } from 'node:child_process';
import { removeOnInterrupt } from '../leftovers';

/**
 * Request and answer over a child process's IPC channel: every request carries an id and its
 * answer the same one, so several can be under way at once.
 */
export interface Request {
  id: number;
  body: unknown;
}
export type Answer =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

export interface ChildHandle {
  call<T>(body: unknown): Promise<T>;
  /** Ends the child and waits for it to exit. */
  stop(): Promise<void>;
  /** Settles when the child has exited, stopped or not. */
  exited: Promise<void>;
  pid: number;
}

/** Starts a TypeScript entry as a child process (through tsx) and talks to it by request. */
export function startChild(
  entry: URL,
  options: { gc?: boolean; env?: NodeJS.ProcessEnv; execArgv?: string[] } = {},
) {
  const child: ChildProcess = fork(entry, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(options.gc ? ['--expose-gc'] : []),
      ...(options.execArgv ?? []),
    ],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A child outlives an interrupted parent, holding its sockets and port: it is sent SIGTERM too.
  void exited.then(removeOnInterrupt(() => child.kill('SIGTERM')).forget);
  child.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(new Error(answer.error));
  });
  void exited.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${entry.pathname} exited`));
    pending.clear();
  });
  const handle: ChildHandle = {
    pid: child.pid ?? 0,
    exited,
    call<T>(body: unknown) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, body } satisfies Request);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return handle;
}

/** The child's side: answers each request with what `handle` returns (or its error). */
export function serveRequests(handle: (body: never) => unknown | Promise<unknown>): void {
  process.on('message', (request: Request) => {
    Promise.resolve()
      .then(() => handle(request.body as never))
      .then(
        (result) => process.send?.({ id: request.id, ok: true, result } satisfies Answer),
        (error: unknown) =>
          process.send?.({ id: request.id, ok: false, error: String(error) } satisfies Answer),
      );
  });
}
