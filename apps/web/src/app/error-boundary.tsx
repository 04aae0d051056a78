import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isIgnoredError } from './is-ignored-error';

interface State {
  failed: boolean;
}

// A child that throws the same ignored error on every render would loop; after a few in quick
// succession the error is treated as real.
const IGNORE_BURST = 3;
const IGNORE_WINDOW_MS = 1000;

/** docs/product.md §2.17's error fallback, with the ignore rules of §4.14. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  private static ignoredAt: number[] = [];

  static getDerivedStateFromError(error: unknown): State {
    const now = Date.now();
    ErrorBoundary.ignoredAt = ErrorBoundary.ignoredAt.filter((at) => now - at < IGNORE_WINDOW_MS);
    if (isIgnoredError(error) && ErrorBoundary.ignoredAt.length < IGNORE_BURST) {
      ErrorBoundary.ignoredAt.push(now);
      return { failed: false };
    }
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.state.failed) console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-screen items-center justify-center bg-gray-50 p-6">
        <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow">
          <h1 className="text-2xl font-bold text-gray-900">Something went wrong</h1>
          <p className="mt-2 text-gray-600">We&apos;re sorry, but something unexpected happened.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Reload Page
          </button>
        </div>
      </main>
    );
  }
}
