import type { MatchScope } from '@campuscollab/sdk';

/**
 * Whose work a list shows (docs/product.md §2.9, §2.11): everyone (the default), my university,
 * or nearby, which is my university and every campus in my city.
 */
export type CampusScope = MatchScope;
/** How a list is ordered: newest first, or the server's "Recommended for you" ranking. */
export type ListSort = 'newest' | 'recommended';

export const SCOPE_CHOICES: { value: CampusScope; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'university', label: 'My university' },
  { value: 'nearby', label: 'Nearby' },
];

export const SORT_CHOICES: { value: ListSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'recommended', label: 'Recommended' },
];

/** The scope kept in the address (`?scope=`); anything else is the default, everyone. */
export function readScope(value: string | undefined): CampusScope {
  return value === 'university' || value === 'nearby' ? value : 'all';
}

export function readSort(value: string | undefined): ListSort {
  return value === 'recommended' ? 'recommended' : 'newest';
}
