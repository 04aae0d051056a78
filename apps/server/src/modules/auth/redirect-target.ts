/**
 * Resolves where the hosted sign-in page may send tokens: a same-origin path or URL, or an
 * origin listed in AUTH_REDIRECT_ORIGINS. Anything else is refused (no open redirect that
 * would hand a stranger's site the tokens). Returns null when refused.
 */
export function resolveRedirectTarget(
  requested: string | undefined,
  publicUrl: string,
  allowedOrigins: string[],
): URL | null {
  const base = new URL(publicUrl);
  if (!requested) return new URL('/', base);
  // '//host' and '/\host' are protocol-relative in browsers: treat them as foreign.
  if (/^[/\\]{2}/.test(requested)) return null;
  const target = URL.parse(requested, base.toString());
  if (!target || !/^https?:$/.test(target.protocol)) return null;
  if (target.origin === base.origin || allowedOrigins.includes(target.origin)) return target;
  return null;
}
