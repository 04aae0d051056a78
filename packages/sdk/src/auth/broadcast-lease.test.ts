import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChannelHub } from '../../test/helpers/cross-tab';
import { createBroadcastLease, LEASE_EXPIRY_MS } from './broadcast-lease';

describe('BroadcastChannel lease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const openTabs = (count: number) => {
    const hub = createChannelHub();
    let id = 0;
    return Array.from({ length: count }, () =>
      createBroadcastLease({
        channelFactory: hub,
        name: 'lock',
        now: () => Date.now(),
        randomId: () => `tab-${++id}`,
      }),
    );
  };

  it('lets one tab at a time run, whoever asked', async () => {
    const tabs = openTabs(3);
    let running = 0;
    let maxRunning = 0;
    const order: number[] = [];
    const task = (index: number) => async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(index);
      running -= 1;
    };

    const all = Promise.all(tabs.map((tab, index) => tab.run(task(index))));
    await vi.advanceTimersByTimeAsync(1000);
    await all;

    expect(maxRunning).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2]);
  });

  it('a tab opened later learns of a running holder and waits', async () => {
    const [first, second] = openTabs(2);
    const events: string[] = [];
    const running = first!.run(async () => {
      events.push('first start');
      await new Promise((resolve) => setTimeout(resolve, 500));
      events.push('first end');
    });
    await vi.advanceTimersByTimeAsync(100); // first holds the lease now
    const waiting = second!.run(async () => void events.push('second'));

    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([running, waiting]);

    expect(events).toEqual(['first start', 'first end', 'second']);
  });

  it('ignores a holder that vanished without releasing once its lease expired', async () => {
    const [gone, alive] = openTabs(2);
    void gone!.run(() => new Promise(() => {})); // a tab closed mid-refresh: never releases
    await vi.advanceTimersByTimeAsync(100);
    const ran = vi.fn(async () => {});
    const waiting = alive!.run(ran);

    await vi.advanceTimersByTimeAsync(LEASE_EXPIRY_MS - 1000);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    await waiting;
    expect(ran).toHaveBeenCalledOnce();
  });
});
