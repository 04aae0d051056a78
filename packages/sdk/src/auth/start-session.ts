import type { TokenSet } from '@campuscollab/shared/core';
import { SdkErrorKind } from '../errors/sdk-error';
import type { AuthSession } from './auth-session';
import { waitForParentTokens } from './parent-frame';

export interface StartOptions {
  allowedParentOrigins: readonly string[];
  requireAuth: boolean;
  now: () => number;
  /** Taken from the address synchronously when the client was created (see create-client.ts). */
  urlTokens: TokenSet | null;
}

interface Candidate {
  tokens: TokenSet;
  source: 'parent' | 'url' | 'storage';
}

/**
 * docs/product.md §4.2's start, in its order: (1) the parent window's tokens when framed, after up
 * to 100 ms; (2) the address's tokens; (3) the stored entry. Each is validated with GET /me (which
 * refreshes an expired token first); one the server refuses is dropped and the next is tried.
 * The valid one is stored and shared with the other tabs. If none is valid and authentication is
 * required, the visitor goes to the hosted sign-in page. A network failure keeps the tokens:
 * being offline is not being signed out.
 */
export async function startSession(session: AuthSession, options: StartOptions): Promise<void> {
  session.setStarting(true);
  let offline = false;
  try {
    const fromParent = await waitForParentTokens({
      allowedOrigins: options.allowedParentOrigins,
      now: options.now,
    });
    const candidates: Candidate[] = [];
    if (fromParent) candidates.push({ tokens: fromParent, source: 'parent' });
    if (options.urlTokens) candidates.push({ tokens: options.urlTokens, source: 'url' });
    const stored = session.readStoredTokens();
    if (stored) candidates.push({ tokens: stored, source: 'storage' });

    for (const candidate of candidates) {
      session.acceptTokens(candidate.tokens, false);
      const result = await session.loadUser();
      const tokens = session.state.get().tokens;
      if (!result.error) {
        // Possibly refreshed meanwhile (and then already stored); store new ones either way.
        if (tokens && candidate.source !== 'storage') session.acceptTokens(tokens, true);
        break;
      }
      if (result.error.kind === SdkErrorKind.network || result.error.status >= 500) {
        offline = true;
        break;
      }
      session.clearSession({ share: false, redirect: false });
      if (candidate.source === 'storage') session.forgetStoredTokens();
    }
  } finally {
    session.setStarting(false);
  }
  if (!session.state.get().user && !offline && options.requireAuth) session.redirectToSignIn();
  session.finishLoading();
}
