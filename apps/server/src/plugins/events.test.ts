import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DomainEvents } from './events';

describe('DomainEvents', () => {
  it('runs every handler and survives a failing one', async () => {
    const events = new DomainEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    events.on('account.deleted', () => {
      throw new Error('boom');
    });
    events.on('account.deleted', async ({ accountId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(accountId);
    });
    await expect(events.emit('account.deleted', { accountId: 'a1' })).resolves.toBeUndefined();
    expect(seen).toEqual(['a1']);
  });

  it('unsubscribes, and drains handlers left running', async () => {
    const events = new DomainEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    const off = events.on('account.deleted', async ({ accountId }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(accountId);
    });
    void events.emit('account.deleted', { accountId: 'a1' });
    await events.drain();
    expect(seen).toEqual(['a1']);
    off();
    await events.emit('account.deleted', { accountId: 'a2' });
    expect(seen).toEqual(['a1']);
  });
});
