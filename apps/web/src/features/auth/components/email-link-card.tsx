import { INVALID_LINK_MESSAGE } from '@campuscollab/shared/core';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { describeAuthError, isInvalidLink } from '../describe-auth-error';

/**
 * What a page opened by an emailed link (verification, password reset) knows of its link: whether
 * the server refused it (used, expired or unknown; a page opened without a token never had one),
 * and the error of the last attempt otherwise.
 */
export function useEmailLinkOutcome(token: string) {
  const [linkFailed, setLinkFailed] = useState(token === '');
  const [error, setError] = useState<string | null>(null);
  return {
    linkFailed,
    error,
    /** Clears the last error as a new attempt starts. */
    start: () => setError(null),
    fail: (failure: unknown) => {
      if (isInvalidLink(failure)) setLinkFailed(true);
      else setError(describeAuthError(failure).message);
    },
  };
}

interface EmailLinkCardProps {
  linkFailed: boolean;
  title: string;
  failedTitle: string;
  /** What the student can do instead once the link is refused. */
  recovery: ReactNode;
  children: ReactNode;
}

/** The card of such a page: its form, or the refusal and the way on. */
export function EmailLinkCard({
  linkFailed,
  title,
  failedTitle,
  recovery,
  children,
}: EmailLinkCardProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold text-gray-900">{linkFailed ? failedTitle : title}</h1>
        {linkFailed ? (
          <>
            <Alert tone="error">{INVALID_LINK_MESSAGE}</Alert>
            {recovery}
          </>
        ) : (
          children
        )}
      </Card>
    </div>
  );
}
