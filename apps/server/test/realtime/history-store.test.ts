import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore, createMessageId } from '../../src/modules/realtime/history';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';

describe.each(DIALECTS)('realtime history store on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const publish = (store: ReturnType<typeof createHistoryStore>, channel: string, n: number) => {
    const now = Date.now();
    return store.insertMessage({
      id: createMessageId(now),
      channel,
      event: 'n',
      payload: n,
      senderId: null,
      createdAt: new Date(now).toISOString(),
    });
  };
  const countRows = async (channel: string) =>
    (
      await database.db
        .selectFrom('realtime_messages')
        .select('id')
        .where('channel', '=', channel)
        .execute()
    ).length;

  it('keeps the newest messages of each channel, trimming every few inserts', async () => {
    const store = createHistoryStore(database.db, {
      keepPerChannel: 5,
      keepPerTeamChannel: 9,
      trimEvery: 3,
    });
    for (let n = 1; n <= 12; n++) await publish(store, 'public:busy', n);
    await publish(store, 'public:calm', 1);
    await publish(store, 'public:calm', 2);

    // Between two trims a channel holds at most keep + trimEvery - 1 rows.
    expect(await countRows('public:busy')).toBeLessThanOrEqual(7);
    const newest = await store.listMessages('public:busy', { limit: 5 });
    expect(newest.map((message) => message.payload)).toEqual([12, 11, 10, 9, 8]);

    await publish(store, 'public:busy', 13);
    expect(await countRows('public:busy')).toBe(5);
    expect(await countRows('public:calm')).toBe(2);
  });

  it('keeps more of a team channel, whose chat is the record of the work', async () => {
    const store = createHistoryStore(database.db, {
      keepPerChannel: 5,
      keepPerTeamChannel: 9,
      trimEvery: 3,
    });
    for (let n = 1; n <= 13; n++) await publish(store, 'team:p_kept', n);
    const kept = await store.listMessages('team:p_kept', { limit: 50 });
    expect(kept.map((message) => message.payload)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5]);
  });

  it('cuts a channel that outgrew its keep back to its newest at the first insert after a start', async () => {
    const generous = createHistoryStore(database.db, {
      keepPerChannel: 100,
      keepPerTeamChannel: 100,
      trimEvery: 100,
    });
    for (let n = 1; n <= 30; n++) await publish(generous, 'public:shrunk', n);
    expect(await countRows('public:shrunk')).toBe(30);

    const strict = createHistoryStore(database.db, {
      keepPerChannel: 4,
      keepPerTeamChannel: 4,
      trimEvery: 10,
    });
    await publish(strict, 'public:shrunk', 31);
    const kept = await strict.listMessages('public:shrunk', { limit: 50 });
    expect(kept.map((message) => message.payload)).toEqual([31, 30, 29, 28]);
  });

  it('orders messages of one millisecond in publish order', async () => {
    const store = createHistoryStore(database.db);
    const createdAt = new Date().toISOString();
    const now = Date.parse(createdAt);
    for (const n of [1, 2, 3]) {
      const id = createMessageId(now);
      await store.insertMessage({
        id,
        channel: 'public:tie',
        event: 'n',
        payload: n,
        senderId: null,
        createdAt,
      });
    }
    const page = await store.listMessages('public:tie', { limit: 10 });
    expect(page.map((message) => message.payload)).toEqual([3, 2, 1]);
    const older = await store.listMessages('public:tie', { limit: 10, before: page[0]!.id });
    expect(older.map((message) => message.payload)).toEqual([2, 1]);
    expect(await store.listMessages('public:tie', { limit: 10, before: 'rtm_unknown' })).toEqual(
      [],
    );
  });
});
