import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RULES_UNAVAILABLE_MESSAGE } from './load-credential-rules';
import { SignInForm } from './sign-in-form';
import { deferred, renderAt } from './test-providers';

// The checks module as the network gives it: fetches fail while the connection is lost, then
// wait for a gate the test opens before giving the real module.
const checks = vi.hoisted(() => ({
  fetches: 0,
  offline: true,
  gate: null as Promise<void> | null,
}));
vi.mock('./validate-credentials', async (importOriginal) => {
  checks.fetches += 1;
  if (checks.offline) throw new Error('Failed to fetch dynamically imported module');
  await checks.gate;
  return importOriginal();
});

const api = vi.hoisted(() => ({ signIn: vi.fn() }));
vi.mock('../../features/auth/api/sign-in', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSignIn: () => useMutation({ mutationFn: api.signIn }) };
});

// Transformed once up front, so opening the gate gives the module at once.
beforeAll(async () => {
  await vi.importActual('./validate-credentials');
});

function renderForm() {
  const handlers = { onStart: vi.fn(), onError: vi.fn(), onVerificationSent: vi.fn() };
  renderAt('/?page=auth&tab=signin', <SignInForm {...handlers} onForgotPassword={vi.fn()} />);
  return handlers;
}

describe('the auth forms without their checks yet', () => {
  it('paint without them, fetch them on focus, and validate with them on submit', async () => {
    const user = userEvent.setup();
    let handlers = renderForm();
    // The whole form is there, and nothing was fetched for it.
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(checks.fetches).toBe(0);

    // Offline: focusing fetches them and fails (each focus tries again); the submit tries again,
    // says it cannot, and signs nobody in.
    await user.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(checks.fetches).toBe(1));
    await user.type(screen.getByLabelText('Email'), 'ada@mit.edu');
    await user.type(screen.getByLabelText('Password'), 'short');
    const beforeSubmit = checks.fetches;
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(handlers.onError).toHaveBeenCalledWith(RULES_UNAVAILABLE_MESSAGE));
    expect(checks.fetches).toBeGreaterThan(beforeSubmit);
    expect(api.signIn).not.toHaveBeenCalled();

    // Back online: the next submit fetches again and waits for the checks before judging.
    checks.offline = false;
    const gate = deferred();
    checks.gate = gate.promise;
    handlers.onError.mockClear();
    const offlineFetches = checks.fetches;
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(checks.fetches).toBe(offlineFetches + 1));
    expect(handlers.onError).not.toHaveBeenCalled();
    gate.resolve();
    await waitFor(() =>
      expect(handlers.onError).toHaveBeenCalledWith('Password must be at least 8 characters'),
    );
    expect(api.signIn).not.toHaveBeenCalled();

    // Once they are here, a valid submit signs in, with no further fetch.
    handlers = renderForm();
    await user.type(screen.getAllByLabelText('Email').at(-1)!, ' ada@mit.edu ');
    await user.type(screen.getAllByLabelText('Password').at(-1)!, 'long-enough');
    await user.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
    await waitFor(() => expect(api.signIn).toHaveBeenCalledTimes(1));
    expect(api.signIn.mock.calls[0]![0]).toEqual({ email: 'ada@mit.edu', password: 'long-enough' });
    expect(handlers.onError).not.toHaveBeenCalled();
    expect(checks.fetches).toBe(offlineFetches + 1);
  });
});
