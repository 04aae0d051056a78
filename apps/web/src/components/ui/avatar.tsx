import { cn } from '../../lib/cn';

const SIZES = { sm: 'h-8 w-8 text-sm', md: 'h-12 w-12 text-lg', lg: 'h-24 w-24 text-3xl' } as const;

/** A profile picture, or the name's initial when there is none. */
export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string | null | undefined;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const initial = (name?.trim()[0] ?? '?').toUpperCase();
  return src ? (
    <img
      src={src}
      alt=""
      loading="lazy"
      className={cn('shrink-0 rounded-full object-cover', SIZES[size], className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800',
        SIZES[size],
        className,
      )}
    >
      {initial}
    </span>
  );
}
