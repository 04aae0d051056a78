import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

/**
 * A button whose action waits for a yes in a dialog (withdraw, close a project, remove a member):
 * unlike the browser's confirm box it is styled, named for screen readers and gives focus back.
 * The dialog stays open, its buttons disabled, while the action runs, and closes when it
 * succeeds; a failure leaves it open for the caller's error to be seen and the action retried.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  busyLabel,
  onConfirm,
  danger = true,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  children: ReactNode;
  title: string;
  description?: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<unknown>;
  /** A red confirm button, for actions that take something away. */
  danger?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller reports the failure (a toast or an alert); the dialog stays for a retry.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button {...buttonProps}>{children}</Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant={danger ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
