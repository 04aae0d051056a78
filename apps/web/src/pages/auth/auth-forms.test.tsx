import { SCHOOL_EMAIL_FORM_MESSAGE } from '@campuscollab/shared/core';
import { SdkError } from '@campuscollab/sdk';
import { screen, waitFor, within } from '@testing-library/react';
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
  recoverPassword: vi.fn<(email: string) => Promise<void>>(),
  // GET /api/auth/school-domain through the SDK: the server decides what is a school's.
  checkSchoolEmail: vi.fn<(email: string) => Promise<unknown>>(),
}));

const SERVER_SCHOOLS = ['mit.edu', 'tum.de'];
const answerAsServer = async (email: string) => ({
  data: { institutional: SERVER_SCHOOLS.includes(email.split('@')[1]!), names: [] },
  error: null,
});

vi.mock('../../lib/client', () => ({
  client: { auth: { checkSchoolEmail: api.checkSchoolEmail } },
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

vi.mock('../../features/auth/api/recover-password', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useRecoverPassword: () => useMutation({ mutationFn: api.recoverPassword }) };
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
  api.checkSchoolEmail.mockImplementation(answerAsServer);
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
    [
      'a malformed address',
      'ada@',
      'long-enough',
      'long-enough',
      'Please enter a valid email address',
    ],
  ])('refuses %s before signing up', async (_case, email, password, confirm, message) => {
    renderAt('/?page=auth', <Harness />);
    await signUpWith(email, password, confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.signUp).not.toHaveBeenCalled();
  });

  it('asks the server about the address on leaving the field, and says when it is refused', async () => {
    const user = userEvent.setup();
    renderAt('/?page=auth', <Harness />);
    const field = screen.getByLabelText('School Email');
    await user.type(field, 'ada@gmail.com');
    await user.tab();
    await waitFor(() => expect(field).toHaveAccessibleDescription(SCHOOL_EMAIL_FORM_MESSAGE));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.checkSchoolEmail).toHaveBeenCalledWith('ada@gmail.com');

    await user.clear(field);
    await user.type(field, 'ada@tum.de');
    await user.tab();
    await waitFor(() => expect(api.checkSchoolEmail).toHaveBeenCalledWith('ada@tum.de'));
    await waitFor(() => expect(field).not.toHaveAttribute('aria-invalid'));
  });

  it('never asks about an address that is not one', async () => {
    const user = userEvent.setup();
    renderAt('/?page=auth', <Harness />);
    await user.type(screen.getByLabelText('School Email'), 'not an address');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(api.checkSchoolEmail).not.toHaveBeenCalled();
  });

  it('signs up with a school only the server knows, asking about its domain once', async () => {
    api.signUp.mockResolvedValue();
    renderAt('/?page=auth', <Harness />);
    await signUpWith('ada@tum.de', 'long-enough', 'long-enough');
    await screen.findByText('Verification Email Sent');
    expect(api.signUp.mock.calls[0]![0]).toEqual({ email: 'ada@tum.de', password: 'long-enough' });
    expect(api.checkSchoolEmail).toHaveBeenCalledTimes(1);
  });

  it('leaves the decision to sign-up when the server cannot be asked', async () => {
    api.checkSchoolEmail.mockResolvedValue({
      data: null,
      error: new SdkError({ kind: 'AUTH_ERROR', status: 429, message: 'Too many requests' }),
    });
    api.signUp.mockRejectedValue(
      new SdkError({ kind: 'VALIDATION_ERROR', status: 400, message: SCHOOL_EMAIL_FORM_MESSAGE }),
    );
    renderAt('/?page=auth', <Harness />);
    await signUpWith('ada@gmail.com', 'long-enough', 'long-enough');
    expect(await screen.findByRole('alert')).toHaveTextContent(SCHOOL_EMAIL_FORM_MESSAGE);
    expect(api.signUp).toHaveBeenCalledTimes(1);
  });

  it('shows the busy label with the button disabled, then the verification box', async () => {
    const pending = deferred();
    api.signUp.mockReturnValue(pending.promise);
    renderAt('/?page=auth', <Harness />);
    await signUpWith('ada@mit.edu', 'long-enough', 'long-enough');

    await waitFor(() => expect(api.signUp).toHaveBeenCalled());
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
  it('opens the tab named in the address, with the password reset notice', () => {
    renderAt('/?page=auth&tab=signin&notice=password-reset', <Harness />);
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been reset. Sign in with your new password.',
    );
  });

  it('checks the password length too', async () => {
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters',
    );
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('shows the busy label with the button disabled', async () => {
    api.signIn.mockReturnValue(new Promise(() => {}));
    renderAt('/?page=auth&tab=signin', <Harness />);
    await signInWith('ada@mit.edu', 'long-enough');
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
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

describe('AuthForms: forgot password', () => {
  it('opens from the sign-in tab, sends the link and shows the same notice for any address', async () => {
    const pending = deferred();
    api.recoverPassword.mockReturnValue(pending.promise);
    renderAt('/?page=auth&tab=signin', <Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(window.location.search).toContain('view=forgot');

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(api.recoverPassword).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), ' ada@mit.edu ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.recoverPassword.mock.calls[0]![0]).toBe('ada@mit.edu');
    pending.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If an account exists for that address, we've sent a link to reset your password.",
    );
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the server message when the request fails', async () => {
    api.recoverPassword.mockRejectedValue(
      new SdkError({ kind: 'AUTH_ERROR', status: 429, message: 'Too many requests' }),
    );
    renderAt('/?page=auth&tab=signin&view=forgot', <Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@mit.edu');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });
});
