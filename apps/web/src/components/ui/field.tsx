import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-gray-900 placeholder:text-gray-500 aria-[invalid=true]:border-red-500';

interface FieldProps {
  label: ReactNode;
  /** Shown under the control and read out with it. */
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: ReactNode, error?: string | null) {
  return (
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

/** A labelled input; the hint and error are tied to it for screen readers. */
export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & InputHTMLAttributes<HTMLInputElement>
>(function TextField({ label, hint, error, className, id, ...input }, ref) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={controlId}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, hint, error)}
        {...input}
      />
    </FieldFrame>
  );
});

/** A labelled textarea. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, hint, error, className, id, ...textarea }, ref) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={controlId}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, hint, error)}
        {...textarea}
      />
    </FieldFrame>
  );
});
