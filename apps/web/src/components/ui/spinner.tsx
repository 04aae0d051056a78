import { cn } from '../../lib/cn';

/** A spinner with its text, announced politely to screen readers. */
export function Spinner({
  label = 'Loading...',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn('flex flex-col items-center justify-center gap-3 py-16', className)}
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="text-gray-700">{label}</span>
    </div>
  );
}
