import type { PostgrestClient } from '@supabase/postgrest-js';
import { createAiClient } from './ai/ai-client';
import { createAnalyticsClient } from './analytics/analytics-client';
import { createRandomId } from './analytics/analytics-session';
import { createAuthClient } from './auth/auth-client';
import { createAuthSession } from './auth/auth-session';
import {
  findDefaultChannelFactory,
  findDefaultLockManager,
  type ChannelFactory,
  type LockManagerLike,
} from './auth/channel';
import { listenToParent, normalizeParentOrigins } from './auth/parent-frame';
import { createRefreshLock } from './auth/refresh-lock';
import {
  buildSignInStateKey,
  buildStorageKey,
  createSignInState,
  createTokenStore,
  findDefaultSessionStorage,
  findDefaultStorage,
  type TokenStorage,
} from './auth/session-tokens';
import { startSession } from './auth/start-session';
import { takeTokensFromUrl } from './auth/url-tokens';
import { createDataClient } from './data/data-client';
import { createMatchingClient } from './matching/matching-client';
import type { FetchFunction } from './http/authorized-fetch';
import { createNotificationsClient } from './notifications/notifications-client';
import { createSafetyClient } from './safety/safety-client';
import { createRealtimeClient } from './realtime/realtime-client';
import type { WebSocketConstructor } from './realtime/realtime-types';
import { createStorageClient } from './storage/storage-client';
import type { XhrConstructor } from './storage/upload-request';
import { createPostgrestClient } from './tables/postgrest-connection';
import { createTables } from './tables/tables';
import { createTeamsClient } from './teams/teams-client';

export interface ClientOptions {
  /** The platform server's origin, e.g. `https://campus.example.edu` (no trailing path). */
  url: string;
  /** The `{project}` path segment (the server's PROJECT_ID, `campus` by default). */
  projectId: string;
  /** Send visitors without a valid session to the hosted sign-in page (docs/product.md §4.2). */
  requireAuth?: boolean;
  /**
   * Origins whose parent window may hand over tokens or sign out (when embedded in a frame).
   * Only http(s) origins count; `null` (sandboxed frames, data: pages) and `*` never do.
   */
  allowedParentOrigins?: string[];
  /** Where the token set is kept; localStorage by default (memory where there is none). */
  storage?: TokenStorage;
  /**
   * Where the state of a hosted sign-in waits for the visitor's return; sessionStorage by
   * default, which belongs to one tab (memory where there is none).
   */
  stateStorage?: TokenStorage;
  fetch?: FetchFunction;
  /** The WebSocket constructor; the global one by default. In Node pass `ws`'s `WebSocket`. */
  WebSocket?: WebSocketConstructor;
  /** XMLHttpRequest for upload progress; the global one by default, null to always use fetch. */
  XMLHttpRequest?: XhrConstructor | null;
  /** Navigation (the hosted sign-in redirect); `location.assign` by default. */
  navigate?: (url: string) => void;
  /** The clock, in epoch milliseconds; injectable so fake timers drive expiry and sessions. */
  now?: () => number;
  /** Random numbers in [0, 1), for the reconnect jitter. */
  random?: () => number;
  /** Cross-tab plumbing; found in the browser by default (tests pass in-memory ones). */
  locks?: LockManagerLike | null;
  channelFactory?: ChannelFactory | null;
}

function defaultNavigate(url: string): void {
  if (typeof window !== 'undefined') window.location.assign(url);
}

const globalConstructor = <T>(name: string): T | null =>
  ((globalThis as Record<string, unknown>)[name] as T | undefined) ?? null;

/**
 * Creates the CampusCollab client: `auth`, `tables`, `db` (raw postgrest-js), `storage`,
 * `realtime`, `notifications`, `analytics`, `ai` and `data`. The auth start sequence
 * (docs/product.md §4.2) begins at once; `auth.ready` resolves when it is done.
 */
export function createClient(options: ClientOptions) {
  const baseUrl = options.url.replace(/\/+$/, '');
  const { projectId } = options;
  const now = options.now ?? (() => Date.now());
  const fetch: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const navigate = options.navigate ?? defaultNavigate;
  const channelFactory =
    options.channelFactory === undefined ? findDefaultChannelFactory() : options.channelFactory;
  const storageKey = buildStorageKey(projectId);
  const signInState = createSignInState(
    options.stateStorage ?? findDefaultSessionStorage(),
    buildSignInStateKey(projectId),
  );
  const parentOrigins = normalizeParentOrigins(options.allowedParentOrigins ?? []);
  // Taken from the address before anything else runs, so they leave it as early as possible.
  const urlTokens = takeTokensFromUrl(now(), signInState);

  const session = createAuthSession({
    baseUrl,
    projectId,
    fetch,
    store: createTokenStore(options.storage ?? findDefaultStorage(), storageKey, now),
    lock: createRefreshLock({
      name: `campuscollab-auth-refresh:${storageKey}`,
      locks: options.locks === undefined ? findDefaultLockManager() : options.locks,
      channelFactory,
      now,
      randomId: createRandomId,
    }),
    channelFactory,
    now,
    requireAuth: options.requireAuth ?? false,
    navigate,
    signInState,
  });
  const { api, authorizedFetch } = session;
  const tokens = {
    getAccessToken: session.getAccessToken,
    renewAfterUnauthorized: session.renewAfterUnauthorized,
  };
  const restUrl = `${baseUrl}/api/db/${encodeURIComponent(projectId)}/rest/v1`;

  let started = false;
  const ready = startSession(session, {
    allowedParentOrigins: parentOrigins,
    requireAuth: options.requireAuth ?? false,
    now,
    urlTokens,
  }).then(() => {
    started = true;
  });
  const stopParent = listenToParent({ allowedOrigins: parentOrigins, now }, (message) => {
    if (message.type === 'logout') return session.clearSession({ share: true, redirect: true });
    // At start the parent's tokens are the start sequence's to take (source 1); later ones
    // are a session the parent refreshed or switched.
    if (!started) return;
    session.acceptTokens(message.tokens, true);
    void session.loadUser();
  });

  const analytics = createAnalyticsClient({ api, projectId, now });
  const realtime = createRealtimeClient({
    api,
    baseUrl,
    projectId,
    tokens,
    WebSocket: options.WebSocket ?? globalConstructor<WebSocketConstructor>('WebSocket'),
    now,
    random: options.random ?? Math.random,
    subscribeToTokens: (listener) =>
      session.state.subscribeToTokens((set) => listener(set?.access_token ?? null)),
  });

  return {
    auth: {
      ...createAuthClient(session, { navigate, now }),
      /** Resolves when the start sequence (docs/product.md §4.2: parent, address, storage) ends. */
      ready,
    },
    tables: createTables(
      (hooks) => createPostgrestClient(restUrl, authorizedFetch, { retry: false, hooks }),
      now,
    ),
    /** The raw postgrest-js client (snake_case, no conversion) for queries `tables` cannot express. */
    db: createPostgrestClient(restUrl, authorizedFetch) as PostgrestClient,
    storage: createStorageClient({
      api,
      tokens,
      projectId,
      fetch,
      Xhr:
        options.XMLHttpRequest === undefined
          ? globalConstructor<XhrConstructor>('XMLHttpRequest')
          : options.XMLHttpRequest,
    }),
    realtime,
    notifications: createNotificationsClient({ api, projectId }),
    safety: createSafetyClient({ api, projectId }),
    analytics,
    ai: createAiClient({ api, authorizedFetch, projectId }),
    data: createDataClient({ api, projectId }),
    matching: createMatchingClient({ api, projectId }),
    teams: createTeamsClient({ api, projectId }),
    /** Stops listeners, timers and sockets (tests, hot reload). */
    close(): void {
      stopParent();
      analytics.close();
      realtime.disconnect();
      session.close();
    },
  };
}

export type CampusClient = ReturnType<typeof createClient>;
