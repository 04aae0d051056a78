import { REALTIME_HEARTBEAT_MS } from '@campuscollab/shared/core';
import type { Result } from '../http/result';

/**
 * The client's side of the 25 s heartbeat (docs/product.md §9). The server's WebSocket ping frames
 * are answered by the browser (or `ws`) itself, but a page never learns that its own network
 * went away: a lost Wi-Fi sends no close frame. So every 25 s the client sends a `ping` frame;
 * when its pong does not come within the 10 s answer timeout, the connection counts as dead.
 */
export class Heartbeat {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly sendPing: () => Promise<Result<unknown>>,
    private readonly isTimeout: (result: Result<unknown>) => boolean,
    private readonly onDead: () => void,
  ) {}

  /** Starts (or restarts) the cycle for a newly opened socket. */
  start(): void {
    this.stop();
    this.timer = setTimeout(() => {
      const cycle = this.timer;
      void this.sendPing().then((result) => {
        // stop() or a new start() in the meantime: this cycle is over.
        if (this.timer !== cycle) return;
        // Any answer, even an error frame (rate limited), proves the server is there.
        if (this.isTimeout(result)) this.onDead();
        else this.start();
      });
    }, REALTIME_HEARTBEAT_MS);
  }

  /** Ends the cycle (the socket is gone). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
