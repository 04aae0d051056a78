import { generateToken } from '../../lib/tokens';

/**
 * A refresh token's text: `<session id>.<generation>.<secret>`. The first two parts name the
 * token's row (see docs/decisions/003-refresh-token-rotation.md); only the whole text, secret
 * included, matches the hash stored there.
 */
export interface RefreshTokenName {
  sessionId: string;
  generation: number;
}

// A UUID, a generation below a billion, and 256 bits in base64url.
const REFRESH_TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(0|[1-9]\d{0,8})\.[\w-]{43}$/;

export function refreshTokenText(name: RefreshTokenName, secret = generateToken()): string {
  return `${name.sessionId}.${name.generation}.${secret}`;
}

/** The row a token names, or null for text no token of ours could have. */
export function readRefreshTokenName(token: string): RefreshTokenName | null {
  const match = REFRESH_TOKEN.exec(token);
  return match ? { sessionId: match[1]!, generation: Number(match[2]) } : null;
}
