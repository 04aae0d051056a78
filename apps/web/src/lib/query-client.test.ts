import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FreshQueryClient } from './query-client';

/** A server whose answers the test releases one by one, each read at the time it was asked. */
function slowServer() {
  let version = 'before';
  const pending: Array<() => void> = [];
  return {
    change: (next: string) => (version = next),
    read: () => {
      const answer = version;
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
    releaseAll: () => pending.splice(0).forEach((release) => release()),
    get waiting() {
      return pending.length;
    },
  };
}

/** A query on screen (one observer) whose first fetch is under way. */
async function loadingQuery(client: QueryClient, server: ReturnType<typeof slowServer>) {
  const observer = new QueryObserver(client, { queryKey: ['list'], queryFn: server.read });
  const seen: Array<string | undefined> = [];
  const stop = observer.subscribe((result) => seen.push(result.data));
  await Promise.resolve();
  expect(server.waiting).toBe(1);
  return { observer, seen, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FreshQueryClient', () => {
  it('answers an invalidation during the first load with a read made after it', async () => {
    const client = new FreshQueryClient();
    const server = slowServer();
    const { observer, seen, stop } = await loadingQuery(client, server);
    const first = client.fetchQuery({ queryKey: ['list'], queryFn: server.read });

    server.change('after');
    const refetched = client.invalidateQueries({ queryKey: ['list'] });
    expect(server.waiting).toBe(2);
    server.releaseAll();
    await refetched;
    await settle();

    expect(observer.getCurrentResult().data).toBe('after');
    expect(seen).not.toContain('before');
    // Whoever awaited the first fetch gets the new answer too.
    await expect(first).resolves.toBe('after');
    stop();
  });

  it('is what TanStack alone does not do', async () => {
    const client = new QueryClient();
    const server = slowServer();
    const { observer, stop } = await loadingQuery(client, server);

    server.change('after');
    const refetched = client.invalidateQueries({ queryKey: ['list'] });
    expect(server.waiting).toBe(1);
    server.releaseAll();
    await refetched;

    expect(observer.getCurrentResult().data).toBe('before');
    stop();
  });

  it('keeps a first fetch that nothing will fetch again', async () => {
    const client = new FreshQueryClient();
    const server = slowServer();
    const { observer, stop } = await loadingQuery(client, server);

    await Promise.all([
      client.invalidateQueries({ queryKey: ['list'], refetchType: 'none' }),
      client.refetchQueries({ queryKey: ['list'] }, { cancelRefetch: false }),
      client.invalidateQueries({ queryKey: ['other'] }),
      (async () => {
        await settle();
        expect(server.waiting).toBe(1);
        server.releaseAll();
      })(),
    ]);
    await settle();

    expect(observer.getCurrentResult().data).toBe('before');
    stop();
  });

  it('leaves the fetch of a disabled query, which no refetch would replace, to finish', async () => {
    const client = new FreshQueryClient();
    const server = slowServer();
    const observer = new QueryObserver(client, {
      queryKey: ['list'],
      queryFn: server.read,
      enabled: false,
    });
    const stop = observer.subscribe(() => {});
    const fetched = client.fetchQuery({ queryKey: ['list'], queryFn: server.read });
    await settle();

    await client.invalidateQueries({ queryKey: ['list'], refetchType: 'all' });
    expect(server.waiting).toBe(1);
    server.releaseAll();

    await expect(fetched).resolves.toBe('before');
    stop();
  });

  it('refetches a query with data as TanStack does', async () => {
    const client = new FreshQueryClient();
    const server = slowServer();
    const { observer, stop } = await loadingQuery(client, server);
    server.releaseAll();
    await settle();

    server.change('after');
    const refetched = client.invalidateQueries({ queryKey: ['list'] });
    server.releaseAll();
    await refetched;

    expect(observer.getCurrentResult().data).toBe('after');
    stop();
  });
});
