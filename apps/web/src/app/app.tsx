import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { AppShell } from './app-shell';
import { ErrorBoundary } from './error-boundary';
import { NavigationProvider } from '../lib/navigation';
import { FreshQueryClient } from '../lib/query-client';

const queryClient = new FreshQueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

/** Providers around the shell. Toasts keep react-hot-toast's defaults (docs/product.md §2.18). */
export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider>
          <AppShell />
        </NavigationProvider>
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
