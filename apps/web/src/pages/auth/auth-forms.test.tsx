import { SCHOOL_EMAIL_FORM_MESSAGE } from '@campuscollab/shared/core';
import { SdkError } from '@campuscollab/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_FEEDBACK, type AuthFeedback } from './auth-feedback';
import { AuthForms } from './auth-forms';
import { deferred, renderAt } from './test-providers';

const api = vi.hoisted(() => ({
  signUp: vi.fn<(input: { email: string; password: string }) => Promise<void>>(),
  signIn: vi.fn<(input: { email: string; password: string }) => Promise<unknown>>(),
  sendVerification: vi.fn<(email: string) => Promise<void>>(),
}));

vi.mock('../../features/auth/api/sign-up', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSignUp: () => useMutation({ mutationFn: api.signUp }) };
});
vi.mock('../../features/auth/api/sign-in', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSignIn: () => useMutation({ mutationFn: api.signIn }) };
});
vi.mock('../../features/auth/api/send-verification', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return {
    sendVerification: api.sendVerification,
    useSendVerification: () => useMutation({ mutationFn: api.sendVerification }),
  };
});

// The page's own state holder, as auth-page.tsx wires it.
function Harness() {
  const [feedback, setFeedback] = useState<AuthFeedback>(NO_FEEDBACK);
  return (
    <AuthForms
      feedback={feedback}
      handlers={{
        onStart: () => setFeedback(NO_FEEDBACK),
        onError: (error) => setFeedback((current) => ({ ...current, error })),
        onVerificationSent: (sentTo) => setFeedback((current) => ({ ...current, sentTo })),
      }}
    />
  );
}

async function signUpWith(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('School Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('AuthForms: sign up', () => {
  it.each([
    [
      'a non-school email',
      'ada@gmail.com',
      'long-enough',
      'long-enough',
      SCHOOL_EMAIL_FORM_MESSAGE,
    ],
    [
      'passwords that differ',
      'ada@mit.edu',
      'long-enough',
      'long-enougH',
      'Passwords do not match',
    ],
    ['a short password', 'ada@mit.edu', 'short', 'short', 'Password must be at least 8 characters'],
  ])('refuses %s before calling the server', async (_case, email, password, confirm, message) => {
    renderAt('/?page=auth', <Harness />);
    await signUpWith(email, password, confirm);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.signUp).not.toHaveBeenCalled();
  });

  it('shows the busy label with the button disabled, then the verification box', async () => {
    const pending = deferred();
    api.signUp.mockReturnValue(pending.promise);
    renderAt('/?page=auth', <Harness />);
    await signUpWith('ada@mit.edu', 'long-enough', 'long-enough');

    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(api.signUp.mock.calls[0]![0]).toEqual({ email: 'ada@mit.edu', password: 'long-enough' });
    pending.resolve();

    const box = await screen.findByText('Verification Email Sent');
    expect(box.parentElement).toHaveTextContent('ada@mit.edu');
    expect(box.parentElement).toHaveTextContent(/check your inbox/i);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows the server message when the sign-up fails', async () => {
    api.signUp.mockRejectedValue(
      new SdkError({ kind: 'AUTH_ERROR', status: 429, message: 'Too many requests' }),
    );
    renderAt('/?page=auth', <Harness />);
    await signUpWith('ada@mit.edu', 'long-enough', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });
});

describe('AuthForms: sign in', () => {
  it('opens the tab named in the address, with the verified notice', () => {
    renderAt('/?page=auth&tab=signin&notice=verified', <Harness />);
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Email Verified')).toBeInTheDocument();
  });

  it('checks the password length too', async () => {
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('shows the busy label with the button disabled', async () => {
    api.signIn.mockReturnValue(new Promise(() => {}));
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'long-enough');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  });

  it('maps wrong credentials to the catalogue text', async () => {
    api.signIn.mockRejectedValue(
      new SdkError({
        kind: 'VALIDATION_ERROR',
        status: 400,
        message: 'Invalid login credentials',
        code: 'INVALID_CREDENTIALS',
      }),
    );
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('resends the verification email for an unverified account', async () => {
    api.signIn.mockRejectedValue(
      new SdkError({
        kind: 'AUTH_ERROR',
        status: 403,
        message: 'Email not confirmed',
        code: 'EMAIL_NOT_VERIFIED',
      }),
    );
    api.sendVerification.mockResolvedValue();
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'long-enough');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your email first. Check your inbox for the verification link.',
    );
    const box = await screen.findByText('Verification Email Sent');
    expect(within(box.parentElement!).getByText(/ada@mit\.edu/)).toBeInTheDocument();
    expect(api.sendVerification).toHaveBeenCalledWith('ada@mit.edu');
  });
});

describe('AuthForms: a failed verification link', () => {
  it('offers to send a new link', async () => {
    api.sendVerification.mockResolvedValue();
    renderAt('/?page=auth&tab=signin&notice=verification-failed', <Harness />);
    expect(screen.getByRole('alert')).toHaveTextContent(/invalid or has expired/);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('School email for the new link'), 'ada@mit.edu');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(api.sendVerification.mock.calls[0]![0]).toBe('ada@mit.edu');
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument();
  });
});
