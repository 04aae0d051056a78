import { cn } from '../../lib/cn';

/** A grey placeholder of the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-gray-200', className)} />
  );
}
