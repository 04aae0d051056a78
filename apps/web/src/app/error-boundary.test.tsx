import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Thrower({ error }: { error: Error }): never {
  throw error;
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback and logs "Uncaught error" for a rendering error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Thrower error={new TypeError('x is undefined')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText("We're sorry, but something unexpected happened.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(log.mock.calls.some((call) => call[0] === 'Uncaught error')).toBe(true);
  });

  it('keeps the page for a network error that goes away', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failOnce = (() => {
      let failed = false;
      return () => {
        if (failed) return;
        failed = true;
        throw new TypeError('Failed to fetch');
      };
    })();
    function Flaky() {
      failOnce();
      return <p>Still here</p>;
    }
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
