import {
  QueryClient,
  type QueryKey,
  type RefetchOptions,
  type RefetchQueryFilters,
} from '@tanstack/react-query';

/**
 * The app's query client. A refetch asked for because the server's data changed (a live event,
 * a saved change) must not be answered by a read that began before the change.
 *
 * TanStack cancels and restarts a fetch under way when its query already has data, but a query
 * still loading its first answer hands the refetch the fetch it has. So on a slow line a
 * dashboard that heard "new application" while its first read was on its way showed that read's
 * answer, without the application, until the next event. Here a first fetch under way is
 * cancelled too, the same silent way, so the refetch starts a new one; whoever awaited the first
 * gets the new answer (docs/architecture.md §6).
 */
export class FreshQueryClient extends QueryClient {
  override refetchQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: RefetchQueryFilters<TTaggedQueryKey>,
    options?: RefetchOptions,
  ): Promise<void> {
    if (options?.cancelRefetch !== false) {
      for (const query of this.getQueryCache().findAll(filters)) {
        // Only the queries the refetch below fetches again: a fetch cancelled with no successor
        // would fail whoever awaits it.
        if (query.isDisabled() || query.isStatic()) continue;
        if (query.state.data === undefined && query.state.fetchStatus === 'fetching') {
          void query.cancel({ silent: true });
        }
      }
    }
    return super.refetchQueries(filters, options);
  }
}
