import { cn } from '../../lib/cn';
import { Button } from './button';

/** What the button reads of an infinite query (React Query's `useInfiniteQuery` result). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list: absent on the last page, 'Loading...' and disabled while the
 * next page loads. A next page that failed leaves the button as it was, to try again; each page
 * says for itself whether a failure is shown (the dashboard and messages only log it). `compact`
 * is the small, left-aligned button of a card's list; the default is centred under a page's.
 */
export function LoadMoreButton({
  query,
  compact = false,
  className,
}: {
  query: NextPageQuery;
  compact?: boolean;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn('flex', compact ? 'mt-2' : 'justify-center', className)}>
      <Button
        variant="secondary"
        size={compact ? 'sm' : 'md'}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
