import { SCHOOL_EMAIL_LOGIN_MESSAGE } from '@campuscollab/shared/core';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthPage } from './auth-page';
import { renderAt } from './test-providers';

// A tiny auth store in place of the SDK session: the test signs in, the page logs out.
const auth = vi.hoisted(() => {
  type Change = { user: { email: string } | null; loading: boolean; isAuthenticated: boolean };
  let state: Change = { user: null, loading: true, isAuthenticated: false };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: Partial<Change>) {
      state = { ...state, ...next };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    logOut: vi.fn(),
    /** undefined while the profile loads, null when there is none. */
    profile: undefined as null | undefined,
    // GET /api/auth/school-domain through the SDK: the server decides what is a school's.
    checkSchoolEmail: vi.fn(async (email: string) => ({
      data: { institutional: !email.endsWith('@gmail.com'), names: [] },
      error: null,
    })),
  };
});

vi.mock('../../lib/client', () => ({
  client: { auth: { checkSchoolEmail: auth.checkSchoolEmail } },
}));
vi.mock('../../features/auth/use-auth', async () => {
  const { useSyncExternalStore } = await import('react');
  return { useAuth: () => useSyncExternalStore(auth.subscribe, auth.get) };
});
vi.mock('../../features/auth/api/log-out', () => ({ useLogOut: () => auth.logOut }));
vi.mock('../../features/profiles/api/get-own-profile', () => ({
  useOwnProfile: () => ({ data: auth.profile, isError: false }),
}));

describe('AuthPage', () => {
  it('shows the spinner while auth loads, then logs out a non-school account at once', async () => {
    auth.logOut.mockImplementation(async () => auth.set({ user: null, isAuthenticated: false }));
    renderAt('/?page=auth', <AuthPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await act(async () =>
      auth.set({ user: { email: 'ada@gmail.com' }, loading: false, isAuthenticated: true }),
    );

    // Once the server has answered that the address is no school's.
    await waitFor(() => expect(auth.logOut).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCHOOL_EMAIL_LOGIN_MESSAGE);
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
    expect(auth.checkSchoolEmail).toHaveBeenCalledWith('ada@gmail.com');
  });

  it("keeps an account whose school only the dataset lists, on the server's word", async () => {
    auth.logOut.mockClear();
    auth.profile = null;
    renderAt('/?page=auth', <AuthPage />);
    await act(async () =>
      auth.set({ user: { email: 'ada@tum.de' }, loading: false, isAuthenticated: true }),
    );
    expect(await screen.findByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    expect(auth.checkSchoolEmail).toHaveBeenCalledWith('ada@tum.de');
    expect(auth.logOut).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
