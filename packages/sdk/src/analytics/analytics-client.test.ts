// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthServer, createTestClient } from '../../test/helpers/auth-server';
import { jsonResponse } from '../../test/helpers/fake-server';
import type { AnalyticsEvent } from './analytics-client';

const LOG = '/api/analytics/campus/log';

async function setUp() {
  const auth = createAuthServer();
  auth.server.on('POST', LOG, () => jsonResponse(202, { accepted: 1 }));
  const { client } = createTestClient(auth);
  await client.auth.ready;
  const batches = () =>
    auth.server
      .calls('POST', LOG)
      .map((request) => (request.body as { events: AnalyticsEvent[] }).events);
  return { auth, client, analytics: client.analytics, batches };
}

describe('analytics', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is disabled until enable()', async () => {
    const { analytics, batches } = await setUp();
    for (let i = 0; i < 12; i++) analytics.track('page_view');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(analytics.isEnabled()).toBe(false);
    expect(batches()).toEqual([]);
  });

  it('sends a batch as soon as 10 events are queued', async () => {
    const { analytics, batches } = await setUp();
    analytics.enable();
    for (let i = 0; i < 10; i++) analytics.track('click', { index: i });
    await vi.advanceTimersByTimeAsync(0);

    expect(batches()).toHaveLength(1);
    expect(batches()[0]).toHaveLength(10);
    expect(batches()[0]![3]).toMatchObject({
      name: 'click',
      properties: { index: 3 },
      timestamp: Date.now(),
    });
  });

  it('sends a smaller batch 3 s after its first event', async () => {
    const { analytics, batches } = await setUp();
    analytics.enable();
    analytics.track('a');
    await vi.advanceTimersByTimeAsync(1000);
    analytics.track('b');
    await vi.advanceTimersByTimeAsync(1999);
    expect(batches()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches().map((batch) => batch.map((event) => event.name))).toEqual([['a', 'b']]);
  });

  it('sends nothing under Do-Not-Track', async () => {
    vi.spyOn(navigator, 'doNotTrack', 'get').mockReturnValue('1');
    const { analytics, batches } = await setUp();
    analytics.enable();
    for (let i = 0; i < 15; i++) analytics.track('click');
    await analytics.flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches()).toEqual([]);
  });

  it('clips strings to 256 characters, keys and nested values too, never splitting an emoji', async () => {
    const { analytics, batches } = await setUp();
    analytics.enable();
    const long = 'x'.repeat(300);
    const emoji = `${'y'.repeat(255)}😀`; // the emoji straddles the limit
    analytics.track('n'.repeat(150), {
      text: long,
      [long]: 1,
      nested: { list: [long] },
      emoji,
      count: 5,
    });
    await analytics.flush();

    const [event] = batches()[0]!;
    expect(event!.name).toHaveLength(100); // the server's limit for names
    expect(event!.properties).toEqual({
      text: 'x'.repeat(256),
      ['x'.repeat(256)]: 1,
      nested: { list: ['x'.repeat(256)] },
      emoji: 'y'.repeat(255),
      count: 5,
    });
  });

  it('renews the session id after 30 minutes without events', async () => {
    const { analytics, batches } = await setUp();
    analytics.enable();
    analytics.track('first');
    vi.setSystemTime(Date.now() + 29 * 60_000);
    analytics.track('still active');
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1);
    analytics.track('came back');
    await analytics.flush();

    const [first, active, back] = batches()[0]!;
    expect(active!.sessionId).toBe(first!.sessionId);
    expect(back!.sessionId).not.toBe(first!.sessionId);
  });

  it('flushes with sendBeacon when the page is hidden', async () => {
    const beacon = vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
    const { analytics, batches } = await setUp();
    analytics.enable();
    analytics.track('leaving');

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));

    expect(beacon).toHaveBeenCalledOnce();
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe('https://api.campus.test/api/analytics/campus/log');
    expect((body as Blob).type).toBe('application/json');
    expect(JSON.parse(await (body as Blob).text()).events[0].name).toBe('leaving');
    expect(batches()).toEqual([]);
    expect(analytics.pending()).toEqual([]);
  });

  it('falls back to fetch keepalive on pagehide when the beacon is refused', async () => {
    vi.spyOn(navigator, 'sendBeacon').mockReturnValue(false);
    const { analytics, auth } = await setUp();
    analytics.enable();
    analytics.track('leaving');

    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);

    expect(auth.server.calls('POST', LOG)).toHaveLength(1);
  });

  it('disable() drops what was queued', async () => {
    const { analytics, batches } = await setUp();
    analytics.enable();
    analytics.track('a');
    analytics.disable();
    await vi.advanceTimersByTimeAsync(5000);
    expect(batches()).toEqual([]);
  });
});
