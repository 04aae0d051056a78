import type { UserRecord } from '@campuscollab/sdk';
import { isHttpUrl } from '@campuscollab/shared';

/** Where a student's links lead, each null when it is not set or may not be opened. */
export interface ContactLinks {
  /** A direct message on Instagram. */
  instagram: string | null;
  linkedin: string | null;
  /** `mailto:` the contact email. */
  email: string | null;
  portfolio: string | null;
}

type LinkFields = Pick<
  UserRecord,
  'instagramHandle' | 'linkedinUrl' | 'contactEmail' | 'portfolioLink'
>;

const httpOnly = (address: string | null | undefined) =>
  address && isHttpUrl(address) ? address : null;

/**
 * The links of docs/product.md §2.11, for the collaborator card and the profile page alike. An
 * address that is not http(s) (a `javascript:` one written straight to the table) never becomes
 * a link; the handle's leading @ is the user's, not part of the address.
 */
export function contactLinksOf(person: LinkFields): ContactLinks {
  const handle = person.instagramHandle?.replace(/^@/, '');
  return {
    instagram: handle ? `https://ig.me/m/${encodeURIComponent(handle)}` : null,
    linkedin: httpOnly(person.linkedinUrl),
    email: person.contactEmail ? `mailto:${person.contactEmail}` : null,
    portfolio: httpOnly(person.portfolioLink),
  };
}
