import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A modal with its title and description wired for screen readers, focus trapped inside. */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  // Dialogs opened from state rather than a DialogTrigger (a card's Contact button) have no
  // trigger for Radix to return focus to; the element focused when the dialog opened gets it back,
  // so keyboard users continue where they were (docs/product.md §2.18).
  const returnFocusTo = useRef(
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const restoreFocus = (event: Event) => {
    const target = returnFocusTo.current;
    if (target && target !== document.body && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <DialogPrimitive.Content
        onCloseAutoFocus={restoreFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-gray-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-gray-600">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-md p-1 text-gray-600 hover:bg-gray-100"
          aria-label="Close"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
