import type { RealtimeMessage } from '@campuscollab/shared/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextValue, startWithTwoStudents, type TwoStudents } from './helpers/two-students';

describe('realtime across two clients against the real server (SQLite, ws)', () => {
  let world: TwoStudents;
  beforeAll(async () => {
    world = await startWithTwoStudents();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('publishes and receives realtime messages across two clients', async () => {
    const { ada, adaId, bob, bobId } = world;
    const adaChannel = ada.realtime.channel('public:lobby');
    const bobChannel = bob.realtime.channel('public:lobby');
    expect((await adaChannel.subscribe()).error).toBeNull();
    expect((await bobChannel.subscribe()).error).toBeNull();

    const joined = nextValue<{ event: string; member: { userId: string } }>((deliver) =>
      bobChannel.onPresence(deliver),
    );
    expect((await adaChannel.join({ status: 'online' })).error).toBeNull();
    expect(await joined).toMatchObject({ event: 'join', member: { userId: adaId } });
    expect((await bobChannel.listMembers()).data?.map((member) => member.userId)).toEqual([adaId]);

    const received = nextValue<RealtimeMessage>((deliver) => bobChannel.on('greeting', deliver));
    const published = await adaChannel.publish('greeting', { text: 'Hello Bob' });
    expect(published.error).toBeNull();
    expect(await received).toMatchObject({
      id: published.data?.id,
      channel: 'public:lobby',
      event: 'greeting',
      payload: { text: 'Hello Bob' },
      senderId: adaId,
    });
    const history = await bobChannel.history({ limit: 5 });
    expect(history.data?.[0]?.id).toBe(published.data?.id);

    // The server tells a user of a new message on their private channel.
    const inbox = ada.realtime.channel(`user:${adaId}`);
    expect((await inbox.subscribe()).error).toBeNull();
    const notice = nextValue<RealtimeMessage>((deliver) => inbox.on('message.created', deliver));
    const sent = await bob.tables
      .from('messages')
      .create({ recipientId: adaId, subject: 'Hi', message: 'Hello Ada' });
    expect(sent.error).toBeNull();
    expect((await notice).payload).toMatchObject({
      id: sent.data?.id,
      senderId: bobId,
      subject: 'Hi',
    });
    expect((await bob.realtime.channel(`user:${adaId}`).subscribe()).error).toMatchObject({
      kind: 'REALTIME_ERROR',
      code: 'FORBIDDEN',
    });

    const [message] =
      (
        await ada.tables.from('messages').list({
          where: { recipientId: adaId },
          order: [{ column: 'createdAt', ascending: false }],
        })
      ).data ?? [];
    expect(message).toMatchObject({ senderId: bobId, readStatus: 0 });
    expect(
      (await ada.tables.from('messages').update(message!.id, { readStatus: 1 })).data?.readStatus,
    ).toBe(1);
    expect((await ada.tables.from('messages').delete(message!.id)).error).toBeNull();
  });
});
