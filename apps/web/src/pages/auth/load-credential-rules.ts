import { onDemand, useOnDemand } from '../../lib/on-demand';

/** Shown in the form's error box when the checks cannot be fetched; the next submit tries again. */
export const RULES_UNAVAILABLE_MESSAGE =
  'Could not load the form. Please check your connection and try again.';

// The auth forms' checks run the shared zod schemas (validate-credentials.ts), which with zod are
// most of the auth page's code, and the page's largest paint (the form) needs none of them. So
// the forms paint first and fetch the checks when the visitor turns to them (a field focused),
// or at the latest on submit, which then validates exactly as before.
const credentialRules = onDemand(() => import('./validate-credentials'));

export type CredentialRules = Awaited<ReturnType<typeof credentialRules.load>>;

/** A form's onFocus: fetch the checks as soon as the visitor turns to the form. */
export function prefetchCredentialRules(): void {
  credentialRules.load().catch(() => {
    // Submit fetches again and says so if it still fails.
  });
}

/** The checks once they have arrived (the component renders again then), null before. */
export function useCredentialRules(): CredentialRules | null {
  return useOnDemand(credentialRules);
}

/**
 * For a form's submit: the checks, fetched first if they have not arrived; null, with the error
 * box told, if they cannot be had.
 */
export async function credentialRulesForSubmit(
  onError: (message: string) => void,
): Promise<CredentialRules | null> {
  try {
    return credentialRules.current() ?? (await credentialRules.load());
  } catch {
    onError(RULES_UNAVAILABLE_MESSAGE);
    return null;
  }
}
