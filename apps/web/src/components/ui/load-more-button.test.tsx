import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadMoreButton } from './load-more-button';

/** Pages of two numbers, three pages in all; `failNext` makes the next page's load fail once. */
function pagedNumbers({ showFailure = false } = {}) {
  const state = { failNext: false, pending: null as (() => void) | null };
  const fetchPage = async (page: number) => {
    await new Promise<void>((resolve) => (state.pending = resolve));
    if (state.failNext) {
      state.failNext = false;
      throw new Error('offline');
    }
    return { numbers: [page * 2 + 1, page * 2 + 2], next: page < 2 ? page + 1 : null };
  };
  function List() {
    const query = useInfiniteQuery({
      queryKey: ['numbers'],
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next,
      retry: false,
    });
    const numbers = query.data?.pages.flatMap((page) => page.numbers) ?? [];
    return (
      <>
        <ul>
          {numbers.map((number) => (
            <li key={number}>{number}</li>
          ))}
        </ul>
        <LoadMoreButton query={query} showFailure={showFailure} />
      </>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List />
    </QueryClientProvider>,
  );
  const answer = async () => {
    await waitFor(() => expect(state.pending).not.toBeNull());
    const resolve = state.pending!;
    state.pending = null;
    resolve();
  };
  return { state, answer };
}

const rows = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('LoadMoreButton', () => {
  it('loads the next page on click, is busy meanwhile, and is gone on the last page', async () => {
    const user = userEvent.setup();
    const { answer } = pagedNumbers();
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2']));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2', '3', '4']));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2', '3', '4', '5', '6']));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the rows shown when the next page fails, and tries again on the next click', async () => {
    const user = userEvent.setup();
    const { state, answer } = pagedNumbers();
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2']));

    state.failNext = true;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await answer();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled());
    expect(rows()).toEqual(['1', '2']);
    // Not asked to show failures (the dashboard and messages only log them).
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2', '3', '4']));
  });

  it('with showFailure, says the next page failed until a try succeeds', async () => {
    const user = userEvent.setup();
    const { state, answer } = pagedNumbers({ showFailure: true });
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2']));

    state.failNext = true;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more.');
    expect(rows()).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await answer();
    await waitFor(() => expect(rows()).toEqual(['1', '2', '3', '4']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
