import { ANALYTICS_BATCH_SIZE, ANALYTICS_FLUSH_MS } from '@campuscollab/shared/core';
import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import { createAnalyticsSession } from './analytics-session';
import { clipProperties, clipString, EVENT_NAME_MAX } from './clip-event';

/** One event as POST /api/analytics/{project}/log takes it. */
export interface AnalyticsEvent {
  name: string;
  /** Epoch milliseconds. */
  timestamp: number;
  sessionId: string;
  properties?: Record<string, unknown>;
}

/** The server takes at most 100 events a request. */
const MAX_EVENTS_PER_REQUEST = 100;

/** docs/product.md §7.7: Do-Not-Track is respected; nothing is sent while it is on. */
export function isDoNotTrackOn(): boolean {
  return typeof navigator !== 'undefined' && navigator.doNotTrack === '1';
}

/**
 * Analytics (docs/product.md §7.7): off until `enable()`; events batched by 10 or 3 s; sent on
 * page hide with `navigator.sendBeacon` (or fetch keepalive), which outlive the page. Best
 * effort: failures are swallowed, as analytics must never break the app.
 */
export function createAnalyticsClient(deps: {
  api: ApiClient;
  projectId: string;
  now: () => number;
}) {
  const path = `/api/analytics/${encodeURIComponent(deps.projectId)}/log`;
  const session = createAnalyticsSession(deps.now);
  let enabled = false;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let detachPageHide: (() => void) | null = null;

  // Failures are swallowed (analytics must never break the app), so no caller ever sees an error
  // kind; docs/product.md §8.5 has none for analytics, and any will do for a result nobody reads.
  const post = (events: AnalyticsEvent[], keepalive = false) =>
    deps.api.request({
      method: 'POST',
      path,
      body: { events },
      auth: 'optional',
      kind: SdkErrorKind.network,
      keepalive,
    });

  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  /**
   * On page hide a normal request may be cancelled with the page. A beacon cannot carry the
   * Authorization header, so these last events are stored without a user id.
   */
  function sendOnPageHide(events: AnalyticsEvent[]): void {
    const url = deps.api.urlFor(path);
    const body = JSON.stringify({ events });
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    void post(events, true);
  }

  async function flush(options: { pageHide?: boolean } = {}): Promise<void> {
    stopTimer();
    if (queue.length === 0) return;
    if (isDoNotTrackOn()) {
      queue = [];
      return;
    }
    const events = queue.splice(0, MAX_EVENTS_PER_REQUEST);
    if (options.pageHide) sendOnPageHide(events);
    else await post(events);
    if (queue.length > 0) await flush(options);
  }

  function attachPageHide(): () => void {
    if (typeof window === 'undefined' || typeof document === 'undefined') return () => {};
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush({ pageHide: true });
    };
    const onPageHide = () => void flush({ pageHide: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }

  return {
    /** Starts collecting (docs/product.md §7.7: analytics is disabled at start in the app). */
    enable(): void {
      enabled = true;
      detachPageHide ??= attachPageHide();
    },
    /** Stops collecting and drops what was not sent yet. */
    disable(): void {
      enabled = false;
      queue = [];
      stopTimer();
      detachPageHide?.();
      detachPageHide = null;
    },
    /** Whether events are being collected. */
    isEnabled(): boolean {
      return enabled;
    },
    /**
     * Records an event (ignored while disabled or under Do-Not-Track). Strings are clipped to
     * 256 characters (names to the server's 100). Sent when 10 are queued, or 3 s after the first.
     */
    track(name: string, properties?: Record<string, unknown>): void {
      if (!enabled || isDoNotTrackOn() || !name) return;
      const event: AnalyticsEvent = {
        name: clipString(name, EVENT_NAME_MAX),
        timestamp: deps.now(),
        sessionId: session.touch(),
      };
      if (properties) event.properties = clipProperties(properties);
      queue.push(event);
      if (queue.length >= ANALYTICS_BATCH_SIZE) void flush();
      else timer ??= setTimeout(() => void flush(), ANALYTICS_FLUSH_MS);
    },
    /** Sends what is queued now. */
    flush: (): Promise<void> => flush(),
    /** Events waiting to be sent (for tests and debugging). */
    pending(): readonly AnalyticsEvent[] {
      return queue;
    },
    /** Removes the page-hide listeners and the timer. */
    close(): void {
      stopTimer();
      detachPageHide?.();
      detachPageHide = null;
    },
  };
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;
