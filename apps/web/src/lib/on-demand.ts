import { useSyncExternalStore } from 'react';

/** A module (or any value) fetched once, when first wanted, that components can wait for. */
export interface OnDemand<T> {
  /** Starts the fetch once; a failed fetch is forgotten, so the next call tries again. */
  load(): Promise<T>;
  /** The value if it has arrived, else null. */
  current(): T | null;
  subscribe(onArrive: () => void): () => void;
}

export function onDemand<T>(fetch: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= fetch().then(
        (arrived) => {
          value = arrived;
          for (const listener of listeners) listener();
          return arrived;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
    subscribe(onArrive) {
      listeners.add(onArrive);
      return () => listeners.delete(onArrive);
    },
  };
}

/** The value once it has arrived (the component renders again then), null before. */
export function useOnDemand<T>(source: OnDemand<T>): T | null {
  return useSyncExternalStore(source.subscribe, source.current);
}
