import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmButton } from './confirm-button';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function renderButton(onConfirm: () => Promise<unknown>) {
  render(
    <ConfirmButton
      title="Withdraw your application?"
      description="The owner will no longer see it."
      confirmLabel="Withdraw"
      busyLabel="Withdrawing..."
      onConfirm={onConfirm}
    >
      Withdraw
    </ConfirmButton>,
  );
}

describe('ConfirmButton', () => {
  it('does nothing until confirmed, and Cancel leaves the action undone', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderButton(async () => {
      calls += 1;
    });
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    expect(dialog).toHaveTextContent('The owner will no longer see it.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('stays open and busy while the action runs, then closes', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    renderButton(() => pending.promise);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog');
    await user.click(screen.getAllByRole('button', { name: 'Withdraw' }).at(-1)!);
    expect(screen.getByRole('button', { name: 'Withdrawing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('stays open for another try when the action fails', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    renderButton(() => pending.promise);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(screen.getAllByRole('button', { name: 'Withdraw' }).at(-1)!);
    pending.reject(new Error('offline'));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Withdraw' }).at(-1)).toBeEnabled(),
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw your application?' })).toBeInTheDocument();
  });
});
