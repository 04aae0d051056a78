import { REALTIME_TIMEOUT_MS } from '@campuscollab/shared/core';
import type { SdkError } from '../errors/sdk-error';
import { fail, type Result } from '../http/result';
import { createRealtimeError } from './realtime-errors';

/** An ack (with the call's result fields) or a pong. */
export type AnswerFrame = { type: 'ack' | 'pong'; ref?: string | number } & Record<string, unknown>;

type Timer = ReturnType<typeof setTimeout>;

/**
 * Frames waiting for their answer, by ref. Each waits 10 s (docs/product.md §9) and then fails
 * with the caller's timeout message; a dropped socket fails them all at once.
 */
export class PendingAnswers {
  private nextRef = 1;
  private readonly entries = new Map<
    string,
    { settle: (r: Result<AnswerFrame>) => void; timer: Timer }
  >();

  /** A fresh ref and the promise of its answer. */
  add(timeoutMessage: string): { ref: string; answer: Promise<Result<AnswerFrame>> } {
    const ref = String(this.nextRef++);
    const answer = new Promise<Result<AnswerFrame>>((resolve) => {
      const timer = setTimeout(() => {
        this.entries.delete(ref);
        resolve(fail(createRealtimeError(timeoutMessage)));
      }, REALTIME_TIMEOUT_MS);
      this.entries.set(ref, { settle: resolve, timer });
    });
    return { ref, answer };
  }

  /** Settles the frame waiting on `ref`; false when none is (late or foreign answer). */
  settle(ref: unknown, result: Result<AnswerFrame>): boolean {
    const key = ref === undefined || ref === null ? undefined : String(ref);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry || key === undefined) return false;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    entry.settle(result);
    return true;
  }

  /** Fails every waiting frame (the socket is gone: no answer will come). */
  failAll(error: SdkError): void {
    for (const [ref, entry] of this.entries) {
      clearTimeout(entry.timer);
      this.entries.delete(ref);
      entry.settle(fail(error));
    }
  }
}

/** Callers of `ensureOpen` waiting for the socket: resolved on open, failed after 10 s. */
export class OpenWaiters {
  private readonly waiters = new Set<{ resolve: () => void; reject: (e: SdkError) => void }>();

  /** Resolves on the next `resolveAll`, or fails with `timeoutMessage` after 10 s. */
  wait(timeoutMessage: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: () => finish(() => resolve()),
        reject: (error: SdkError) => finish(() => reject(error)),
      };
      const timer = setTimeout(
        () => waiter.reject(createRealtimeError(timeoutMessage)),
        REALTIME_TIMEOUT_MS,
      );
      const finish = (then: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        then();
      };
      this.waiters.add(waiter);
    });
  }

  /** The socket opened: every waiter proceeds. */
  resolveAll(): void {
    for (const waiter of [...this.waiters]) waiter.resolve();
  }

  /** The connection was given up: every waiter fails with `error`. */
  rejectAll(error: SdkError): void {
    for (const waiter of [...this.waiters]) waiter.reject(error);
  }
}
