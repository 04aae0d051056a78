import { Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { ImproveState } from './use-improve-description';

/**
 * The "Improve description" button and what follows it: "Improving..." announced while the text
 * streams in, with Cancel; an Undo after it; an error when it failed.
 */
export function ImproveDescriptionControls({
  state,
  disabled,
  onStart,
  onCancel,
  onUndo,
}: {
  state: ImproveState;
  disabled: boolean;
  onStart: () => void;
  onCancel: () => void;
  onUndo: () => void;
}) {
  const improving = state.phase === 'improving';
  return (
    <>
      {improving ? (
        // The form has its own Cancel (back to the dashboard); the name tells them apart.
        <Button variant="secondary" size="sm" onClick={onCancel} aria-label="Cancel improving">
          Cancel
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={onStart} disabled={disabled}>
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          Improve description
        </Button>
      )}
      {/* Always rendered, so screen readers hear each change of this region. */}
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-gray-700">
        {improving && 'Improving...'}
        {state.phase === 'improved' && (
          <>
            Description improved.
            <button
              type="button"
              onClick={onUndo}
              className="font-semibold text-brand-700 underline hover:text-brand-800"
            >
              Undo
            </button>
          </>
        )}
      </p>
      {state.phase === 'failed' && (
        <p role="alert" className="w-full text-sm text-red-700">
          {state.message}
        </p>
      )}
    </>
  );
}
