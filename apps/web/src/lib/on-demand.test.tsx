import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand, useOnDemand, type OnDemand } from './on-demand';
import { deferred } from '../pages/auth/test-providers';

describe('onDemand', () => {
  it('fetches nothing until asked, then once for every caller', async () => {
    const arrival = deferred<string>();
    const fetch = vi.fn(() => arrival.promise);
    const source = onDemand(fetch);
    expect(fetch).not.toHaveBeenCalled();
    expect(source.current()).toBeNull();

    const first = source.load();
    const second = source.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(source.current()).toBeNull();
    arrival.resolve('rules');
    await expect(first).resolves.toBe('rules');
    await expect(second).resolves.toBe('rules');
    expect(source.current()).toBe('rules');
    await source.load();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next load tries again', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('rules');
    const source = onDemand(fetch);
    await expect(source.load()).rejects.toThrow('Failed to fetch');
    expect(source.current()).toBeNull();
    await expect(source.load()).resolves.toBe('rules');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

function Shows({ source }: { source: OnDemand<string> }) {
  const value = useOnDemand(source);
  return <p>{value ?? 'not yet'}</p>;
}

describe('useOnDemand', () => {
  it('renders again when the value arrives, and never fetches by itself', async () => {
    const arrival = deferred<string>();
    const fetch = vi.fn(() => arrival.promise);
    const source = onDemand(fetch);
    render(<Shows source={source} />);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await act(async () => {
      const loading = source.load();
      arrival.resolve('arrived');
      await loading;
    });
    expect(screen.getByText('arrived')).toBeInTheDocument();
  });
});
