import type { RealtimeMessage } from '@campuscollab/shared/core';
import { vi } from 'vitest';
import { createAuthServer, createTestClient, storeTokens } from './auth-server';
import { FakeSocket } from './fake-socket';
import { createSharedStorage } from './memory-storage';

export const START = new Date('2025-03-01T12:00:00.000Z').getTime();

/** A signed-in client whose realtime uses FakeSocket and a fixed 500 ms jitter. */
export async function setUpRealtime() {
  const auth = createAuthServer();
  const storage = createSharedStorage();
  const tokens = auth.issue();
  storeTokens(storage, tokens);
  const { client } = createTestClient(auth, {
    storage,
    WebSocket: FakeSocket,
    random: () => 0.5, // jitter 500 ms
  });
  await client.auth.ready;
  return { auth, tokens, client, realtime: client.realtime };
}

/** Opens the latest socket once the client created it. */
export async function openLatest() {
  await vi.advanceTimersByTimeAsync(0);
  FakeSocket.latest().open();
  await vi.advanceTimersByTimeAsync(0);
}

/** A message of public:chat as the server sends it. */
export const chatMessage = (id: string, event = 'chat'): RealtimeMessage => ({
  id,
  channel: 'public:chat',
  event,
  payload: { text: id },
  senderId: 'account-2',
  createdAt: new Date(START).toISOString(),
});
