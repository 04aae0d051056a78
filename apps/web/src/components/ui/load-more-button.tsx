import { cn } from '../../lib/cn';
import { Button } from './button';

/** What the button reads of an infinite query (React Query's `useInfiniteQuery` result). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list: absent on the last page, 'Loading...' and disabled while the
 * next page loads. A next page that failed keeps the rows shown and the button, to try again;
 * with `showFailure` it also says so. The dashboard and messages leave it out: their failures
 * are only logged (docs/product.md §8.4). `compact` is the small, left-aligned button of a
 * card's list; the default is centred under a page's.
 */
export function LoadMoreButton({
  query,
  compact = false,
  showFailure = false,
  className,
}: {
  query: NextPageQuery;
  compact?: boolean;
  showFailure?: boolean;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  const failed = showFailure && query.isFetchNextPageError && !query.isFetchingNextPage;
  return (
    <div
      className={cn(
        'flex flex-col gap-2',
        compact ? 'mt-2 items-start' : 'items-center',
        className,
      )}
    >
      <Button
        variant="secondary"
        size={compact ? 'sm' : 'md'}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          Could not load more. Please check your connection and try again.
        </p>
      )}
    </div>
  );
}
