import {
  CONTACT_DIALOG_CLOSE_MS,
  contactForm,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
} from '@campuscollab/shared';
import { CheckCircle2 } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useSendMessage } from '../api/send-message';
import { formatNumber } from '../../../lib/format';

type FieldErrors = Partial<Record<'subject' | 'message', string>>;

/**
 * The Contact dialog (docs/product.md §2.12): subject up to 100 and message up to 500 characters,
 * both non-blank; after sending it says 'Message Sent!' and closes itself 2 s later.
 */
export function ContactDialog({
  open,
  onOpenChange,
  recipientId,
  recipientName,
  initialSubject = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipientId: string;
  recipientName: string;
  initialSubject?: string;
}) {
  // Stable, so the 2 s closing timer is not restarted when the page behind re-renders.
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Contact ${recipientName}`}
        description="Send a message to introduce yourself or propose a collaboration."
      >
        {/* Mounted only while open, so each opening starts from a fresh form. */}
        <ContactForm recipientId={recipientId} initialSubject={initialSubject} onDone={close} />
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({
  recipientId,
  initialSubject,
  onDone,
}: {
  recipientId: string;
  initialSubject: string;
  onDone: () => void;
}) {
  const send = useSendMessage();
  const [subject, setSubject] = useState(initialSubject.slice(0, MESSAGE_SUBJECT_MAX));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onDone, CONTACT_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent, onDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactForm.safeParse({ subject, message });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(
      { recipientId, ...parsed.data },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          console.error('Error sending message:', error);
          toast.error('Error sending message. Please try again.');
        },
      },
    );
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-8 text-center">
        <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600" />
        <p className="text-lg font-semibold text-gray-900">Message Sent!</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Subject"
        value={subject}
        maxLength={MESSAGE_SUBJECT_MAX}
        onChange={(event) => setSubject(event.target.value)}
        error={errors.subject}
        placeholder="Let's collaborate!"
      />
      <TextAreaField
        label="Message"
        rows={5}
        value={message}
        maxLength={MESSAGE_BODY_MAX}
        onChange={(event) => setMessage(event.target.value)}
        error={errors.message}
        hint={`${formatNumber(message.length)}/${formatNumber(MESSAGE_BODY_MAX)}`}
        placeholder="Introduce yourself and what you'd like to work on together..."
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
