import { Alert } from './alert';
import { Button } from './button';

/**
 * In place of a list whose first page could not load: what failed, what to do, and a button
 * that loads it again. Without it, a failed load read as an empty list ("No projects found").
 */
export function LoadFailed({
  title,
  retrying,
  onRetry,
}: {
  title: string;
  /** The list is being loaded again: the button waits. */
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert tone="error" title={title}>
      <p>Please check your connection and try again.</p>
      <Button variant="secondary" size="sm" className="mt-3" disabled={retrying} onClick={onRetry}>
        {retrying ? 'Loading...' : 'Try again'}
      </Button>
    </Alert>
  );
}
