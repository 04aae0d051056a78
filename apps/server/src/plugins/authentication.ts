import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TokenError, createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_TTL_SECONDS, ErrorCode } from '@campuscollab/shared';
import type { DatabaseHandle } from '../db/dialects/types';
import { HttpError } from '../lib/http-error';
import { createLiveSessions } from './live-sessions';

/** The signed-in account behind a request. */
export interface RequestUser {
  id: string;
  email: string;
  /** The refresh-token session the access token was issued for. */
  sessionId: string;
}

export interface AccessTokenInput {
  accountId: string;
  email: string;
  sessionId: string;
  /** Epoch seconds. The same inputs sign the same token (HS256 is deterministic). */
  issuedAt: number;
}

export interface Authentication {
  signAccessToken(input: AccessTokenInput): string;
  /** The request's user, or a 401 naming what is wrong with its credentials. */
  requireUser(request: FastifyRequest): Promise<RequestUser>;
  /** The request's user if it sent valid credentials, null if it sent none; 401 if invalid. */
  optionalUser(request: FastifyRequest): Promise<RequestUser | null>;
  /** Whether the request carries SERVICE_KEY as its bearer token. */
  isService(request: FastifyRequest): boolean;
  /**
   * A bare access token's account, for callers that receive the token outside the Authorization
   * header (a WebSocket URL or message, which browsers cannot give headers); 401 if invalid.
   */
  verifyAccessToken(token: string): Promise<VerifiedAccessToken>;
}

export interface VerifiedAccessToken {
  user: RequestUser;
  /** Epoch seconds, or null for a token without an expiry. */
  expiresAt: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    authentication: Authentication;
  }
}

export interface AuthenticationOptions {
  database: DatabaseHandle;
  jwtSecret: string;
  issuer: string;
  audience: string;
  serviceKey: string | undefined;
}

function unauthorized(message: string, code: string = ErrorCode.unauthorized): HttpError {
  return new HttpError(401, code, message, {
    headers: {
      'www-authenticate':
        code === ErrorCode.invalidToken ? 'Bearer error="invalid_token"' : 'Bearer',
    },
  });
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw unauthorized('Authorization header must be "Bearer <token>"', ErrorCode.invalidToken);
  return match[1]!;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Tokens verified recently, by their exact text. A client sends the same access token with every
 * request for up to 15 minutes, and checking its signature again each time is wasted work
 * (decision 011). An entry lives no longer than its token; a token that differs in any
 * character is not found and is verified in full.
 */
const VERIFIED_TOKENS = 10_000;

export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  // fast-jwt signs with node:crypto's synchronous HMAC; WebCrypto's is a slower asynchronous job
  // (docs/decisions/003-refresh-token-rotation.md).
  const sign = createSigner({
    key: options.jwtSecret,
    algorithm: 'HS256',
    iss: options.issuer,
    aud: options.audience,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  const verify = createVerifier({
    key: options.jwtSecret,
    algorithms: ['HS256'],
    allowedIss: options.issuer,
    allowedAud: options.audience,
  });
  const recentlyVerified = new LRUCache<string, VerifiedAccessToken>({ max: VERIFIED_TOKENS });
  const serviceKeyDigest = options.serviceKey ? digest(options.serviceKey) : null;
  const verified = new WeakMap<FastifyRequest, RequestUser | null>();
  const liveSessions = createLiveSessions(options.database);
  app.events.on('sessions.ended', (ended) => liveSessions.forget(ended));
  app.events.on('account.deleted', ({ accountId }) =>
    liveSessions.forget({ accountId, sessionIds: null }),
  );
  // Sign-ins ended on another instance; after a lost connection, any of them may have been missed.
  app.cluster.subscribe('sessions.ended', (ended) => liveSessions.forget(ended));
  app.cluster.onReconnect(() => liveSessions.forgetAll());

  const isService = (request: FastifyRequest): boolean => {
    if (!serviceKeyDigest) return false;
    const header = request.headers.authorization;
    const token = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    // Compare digests so the comparison takes the same time whatever the guess.
    return Boolean(token) && timingSafeEqual(digest(token!), serviceKeyDigest);
  };

  const verifySignedToken = (token: string): VerifiedAccessToken => {
    let payload: Record<string, unknown>;
    try {
      payload = verify(token) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) {
        throw unauthorized('Access token expired', ErrorCode.invalidToken);
      }
      throw unauthorized('Invalid access token', ErrorCode.invalidToken);
    }
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string'
    ) {
      throw unauthorized('Invalid access token', ErrorCode.invalidToken);
    }
    return {
      user: { id: payload.sub, email: payload.email, sessionId: payload.sid },
      expiresAt: typeof payload.exp === 'number' ? payload.exp : null,
    };
  };

  const verifySignature = (token: string): VerifiedAccessToken => {
    const known = recentlyVerified.get(token);
    // Only tokens with an expiry are remembered; the check covers a clock that moved on.
    if (known && (known.expiresAt ?? 0) > Date.now() / 1000) return known;
    const verified = verifySignedToken(token);
    if (verified.expiresAt !== null) {
      const ttl = verified.expiresAt * 1000 - Date.now();
      if (ttl > 0) recentlyVerified.set(token, verified, { ttl });
    }
    return verified;
  };

  // A well-signed token still dies with its sign-in: logout, a password reset and account
  // deletion answer 401 to it at once, not when it expires.
  const verifyAccessToken = async (token: string): Promise<VerifiedAccessToken> => {
    const verified = verifySignature(token);
    if (!(await liveSessions.isLive(verified.user.sessionId, verified.user.id))) {
      throw unauthorized('Session has ended', ErrorCode.invalidToken);
    }
    return verified;
  };

  const optionalUser = async (request: FastifyRequest): Promise<RequestUser | null> => {
    if (verified.has(request)) return verified.get(request)!;
    const token = readBearer(request);
    if (!token || isService(request)) {
      verified.set(request, null);
      return null;
    }
    const { user } = await verifyAccessToken(token);
    verified.set(request, user);
    return user;
  };

  app.decorate('authentication', {
    signAccessToken: ({ accountId, email, sessionId, issuedAt }) =>
      sign({ email, sid: sessionId, sub: accountId, iat: issuedAt }),
    optionalUser,
    requireUser: async (request) => {
      const user = await optionalUser(request);
      if (!user) throw unauthorized('Not authenticated');
      return user;
    },
    isService,
    verifyAccessToken,
  } satisfies Authentication);
}
