import { COPY_CONFIRMATION_MS } from '@campuscollab/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';

/**
 * Copies the referral code; the label reads 'Copied!' for 2 seconds (docs/product.md §4.13). A copy
 * failure (no permission, insecure page) is only logged (docs/product.md §8.4).
 */
export function CopyCodeButton({
  code,
  variant = 'secondary',
  className,
}: {
  code: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch (error) {
      console.error('Failed to copy the referral code', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Button variant={variant} size="sm" className={className} onClick={() => void copy()}>
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy Code'}</span>
    </Button>
  );
}
