import { describe, expect, it } from 'vitest';
import { aiKeys } from './ai/api/ai-keys';
import { applicationKeys } from './applications/api/application-keys';
import { collaboratorKeys } from './collaborators/api/collaborator-keys';
import { leaderboardKeys } from './leaderboard/api/leaderboard-keys';
import { messageKeys } from './messages/api/message-keys';
import { profileKeys } from './profiles/api/profile-keys';
import { projectKeys } from './projects/api/project-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  expect(key.slice(0, prefix.length)).toEqual(prefix);

describe('query key factories', () => {
  it('spell the keys the cache already holds', () => {
    expect(profileKeys.ownOf('u1')).toEqual(['profile', 'own', 'u1']);
    expect(messageKeys.sentBy('u1')).toEqual(['messages', 'sent', 'u1']);
    expect(applicationKeys.applied('u1', ['p1'])).toEqual([
      'applications',
      'applied',
      'u1',
      ['p1'],
    ]);
    expect(leaderboardKeys.campus('MIT')).toEqual(['leaderboard', 'MIT']);
    expect(aiKeys.status()).toEqual(['ai', 'status']);
    expect(
      collaboratorKeys.search({
        me: { userId: 'u1', university: 'MIT', city: null },
        search: ' ada ',
        role: 'all',
        scope: 'nearby',
      }),
    ).toEqual(['collaborators', 'u1', 'ada', 'all', 'nearby']);
  });

  it('start every key with what its mutations invalidate', () => {
    const filters = { search: '', skill: '', scope: 'all', university: null, city: null } as const;
    startsWith(projectKeys.open(filters), projectKeys.all);
    startsWith(projectKeys.ownOpenCount('u1'), projectKeys.all);
    startsWith(projectKeys.detail('p1'), projectKeys.all);
    startsWith(projectKeys.openBy('u1'), projectKeys.all);
    startsWith(profileKeys.ofUser('u1'), profileKeys.all);
    startsWith(aiKeys.status(), aiKeys.all);
    startsWith(profileKeys.ownOf('u1'), profileKeys.own());
    startsWith(profileKeys.own(), profileKeys.all);
    startsWith(messageKeys.sentBy('u1'), messageKeys.sent());
    for (const key of [messageKeys.inbox('u1'), messageKeys.unread('u1'), messageKeys.sent()]) {
      startsWith(key, messageKeys.all);
    }
    for (const key of [
      applicationKeys.own('u1'),
      applicationKeys.received('u1'),
      applicationKeys.pendingCount('u1'),
      applicationKeys.applied('u1', []),
    ]) {
      startsWith(key, applicationKeys.all);
    }
  });
});
