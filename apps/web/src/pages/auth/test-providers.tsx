import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { NavigationProvider } from '../../lib/navigation';

/** Renders a piece of the auth page with the providers the app gives it, at `address`. */
export function renderAt(address: string, element: ReactElement) {
  window.history.replaceState(null, '', address);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <NavigationProvider>{element}</NavigationProvider>
    </QueryClientProvider>,
  );
}

/** A promise the test settles when it wants, to look at the busy state in between. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}
