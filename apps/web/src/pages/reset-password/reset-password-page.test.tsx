import { SdkError } from '@campuscollab/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderAt } from '../auth/test-providers';
import { ResetPasswordPage } from './reset-password-page';

const api = vi.hoisted(() => ({
  resetPassword: vi.fn<(input: { token: string; password: string }) => Promise<void>>(),
  logOut: vi.fn<() => Promise<void>>(),
}));

vi.mock('../../lib/client', () => ({ client: {} }));
vi.mock('../../features/auth/api/reset-password', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useResetPassword: () => useMutation({ mutationFn: api.resetPassword }) };
});
vi.mock('../../features/auth/api/log-out', () => ({ useLogOut: () => api.logOut }));
vi.mock('../../features/auth/use-auth', () => ({
  useAuth: () => ({ user: null, loading: false, isAuthenticated: false }),
}));

async function choose(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

beforeEach(() => vi.resetAllMocks());

describe('ResetPasswordPage', () => {
  it.each([
    ['passwords that differ', 'long-enough', 'long-enougH', 'Passwords do not match'],
    ['a short password', 'short', 'short', 'Password must be at least 8 characters'],
  ])('refuses %s before calling the server', async (_case, password, confirm, message) => {
    renderAt('/?page=reset-password&token=abc', <ResetPasswordPage />);
    await choose(password, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it('resets, then opens the sign-in tab with the notice', async () => {
    const pending = deferred();
    api.resetPassword.mockReturnValue(pending.promise);
    renderAt('/?page=reset-password&token=abc', <ResetPasswordPage />);
    await choose('long-enough', 'long-enough');
    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(api.resetPassword.mock.calls[0]![0]).toEqual({ token: 'abc', password: 'long-enough' });
    pending.resolve();
    await vi.waitFor(() =>
      expect(window.location.search).toBe('?page=auth&tab=signin&notice=password-reset'),
    );
  });

  it('offers a new link when the link is used or expired', async () => {
    api.resetPassword.mockRejectedValue(
      new SdkError({
        kind: 'VALIDATION_ERROR',
        status: 400,
        code: 'INVALID_LINK',
        message: 'This link is invalid or has expired. Request a new one.',
      }),
    );
    renderAt('/?page=reset-password&token=abc', <ResetPasswordPage />);
    await choose('long-enough', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid or has expired/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Request a New Link' }));
    expect(window.location.search).toBe('?page=auth&tab=signin&view=forgot');
  });
});
