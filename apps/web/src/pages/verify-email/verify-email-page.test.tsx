import { SdkError } from '@campuscollab/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderAt } from '../auth/test-providers';
import { VerifyEmailPage } from './verify-email-page';

const api = vi.hoisted(() => ({
  verifyEmail: vi.fn<(input: { token: string; password: string }) => Promise<unknown>>(),
  sendVerification: vi.fn<(email: string) => Promise<void>>(),
}));

vi.mock('../../features/auth/api/verify-email', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useVerifyEmail: () => useMutation({ mutationFn: api.verifyEmail }) };
});
vi.mock('../../features/auth/api/send-verification', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSendVerification: () => useMutation({ mutationFn: api.sendVerification }) };
});

const invalidLink = new SdkError({
  kind: 'VALIDATION_ERROR',
  status: 400,
  code: 'INVALID_LINK',
  message: 'This link is invalid or has expired. Request a new one.',
});

async function choose(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
}

beforeEach(() => vi.resetAllMocks());

describe('VerifyEmailPage', () => {
  it.each([
    ['passwords that differ', 'long-enough', 'long-enougH', 'Passwords do not match'],
    ['a short password', 'short', 'short', 'Password must be at least 8 characters'],
  ])('refuses %s before calling the server', async (_case, password, confirm, message) => {
    renderAt('/?page=verify-email&token=abc', <VerifyEmailPage />);
    await choose(password, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.verifyEmail).not.toHaveBeenCalled();
  });

  it('says the password may be the sign-up one, verifies, then goes on to the auth page', async () => {
    const pending = deferred();
    api.verifyEmail.mockReturnValue(pending.promise);
    renderAt('/?page=verify-email&token=abc', <VerifyEmailPage />);
    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText(/one you signed up with/)).toBeInTheDocument();

    await choose('long-enough', 'long-enough');
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(api.verifyEmail.mock.calls[0]![0]).toEqual({ token: 'abc', password: 'long-enough' });
    pending.resolve();
    await vi.waitFor(() => expect(window.location.search).toBe('?page=auth'));
  });

  it('offers a new link and sign-in when the link is used or expired', async () => {
    api.verifyEmail.mockRejectedValue(invalidLink);
    api.sendVerification.mockResolvedValue();
    renderAt('/?page=verify-email&token=abc', <VerifyEmailPage />);
    await choose('long-enough', 'long-enough');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired. Request a new one.',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('School email for the new link'), 'ada@mit.edu');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(api.sendVerification.mock.calls[0]![0]).toBe('ada@mit.edu');
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to Sign In' }));
    expect(window.location.search).toBe('?page=auth&tab=signin');
  });

  it('explains at once when the address carries no token', () => {
    renderAt('/?page=verify-email', <VerifyEmailPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(/invalid or has expired/);
  });
});
