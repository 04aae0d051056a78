import type { WebSocket } from 'ws';

export interface Heartbeat {
  track(socket: WebSocket): void;
  stop(): void;
}

/**
 * Every interval, pings each socket with a WebSocket ping frame and terminates the ones that
 * have not answered the previous ping. A peer that vanished without a close frame (a laptop lid,
 * a dropped Wi-Fi) otherwise holds its presence and subscriptions until TCP gives up, which can
 * take hours. Browsers answer ping frames by themselves, so the SDK has nothing to do.
 */
export function startHeartbeat(intervalMs: number): Heartbeat {
  const alive = new Map<WebSocket, boolean>();

  const timer = setInterval(() => {
    for (const [socket, answered] of alive) {
      if (!answered) {
        alive.delete(socket);
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  }, intervalMs);
  // The interval alone must not keep a process alive that is otherwise done.
  timer.unref();

  return {
    track(socket) {
      alive.set(socket, true);
      socket.on('pong', () => {
        if (alive.has(socket)) alive.set(socket, true);
      });
      socket.on('close', () => alive.delete(socket));
    },
    stop() {
      clearInterval(timer);
      alive.clear();
    },
  };
}
