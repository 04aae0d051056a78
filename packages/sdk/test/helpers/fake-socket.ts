import type { WebSocketLike } from '../../src/realtime/realtime-types';

type Frame = Record<string, unknown> & { type: string; ref?: string };

/**
 * A WebSocket the test drives: it records what the client sends and lets the test open it,
 * answer, push frames and drop it. With `autoAnswer`, frames with a ref get an ack at once.
 */
export class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  /** Called for every frame sent while auto-answering; return extra ack fields. */
  static answer: ((frame: Frame) => Record<string, unknown> | null) | null = null;

  readyState = 0;
  readonly sent: Frame[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static reset(): void {
    FakeSocket.instances = [];
    FakeSocket.answer = (frame) =>
      frame.type === 'ping' ? { type: 'pong' } : { channel: frame.channel ?? null };
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    const extra = FakeSocket.answer?.(frame);
    if (extra && frame.ref !== undefined) {
      queueMicrotask(() => this.receive({ type: 'ack', ref: frame.ref, ...extra }));
    }
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepted the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(frame: Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The connection ended (1006: without a close frame). */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  framesOfType(type: string): Frame[] {
    return this.sent.filter((frame) => frame.type === type);
  }
}
