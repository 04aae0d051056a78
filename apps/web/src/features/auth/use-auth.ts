import { useSyncExternalStore } from 'react';
import type { AuthChange } from '@campuscollab/sdk';
import { client } from '../../lib/client';

let snapshot: AuthChange = {
  user: client.auth.getUser(),
  loading: client.auth.getState().isLoading,
  isAuthenticated: client.auth.getState().isAuthenticated,
};

function subscribe(onChange: () => void): () => void {
  return client.auth.onAuthStateChange((change) => {
    snapshot = change;
    onChange();
  });
}

/** The signed-in account and whether the start sequence is still running (docs/product.md §4.1). */
export function useAuth(): AuthChange {
  return useSyncExternalStore(subscribe, () => snapshot);
}
