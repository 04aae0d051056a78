import { isAbortError } from '@campuscollab/sdk';
import { PROJECT_DESCRIPTION_MAX } from '@campuscollab/shared';
import { useEffect, useRef, useState } from 'react';
import { AI_GENERIC_ERROR, describeAiError } from '../../features/ai/describe-ai-error';
import { improveDescription } from '../../features/ai/api/improve-description';
import type { ProjectDraft } from '../../features/ai/api/suggest-skills';

export type ImproveState =
  | { phase: 'idle' }
  | { phase: 'improving' }
  | { phase: 'improved'; original: string }
  | { phase: 'failed'; message: string };

const clip = (text: string) => text.slice(0, PROJECT_DESCRIPTION_MAX);

/**
 * "Improve description": the new text streams into the description as it arrives. Cancel or a
 * failure puts the original back; after a success, `undo` does. The stream is cancelled when the
 * form goes away.
 */
export function useImproveDescription(setDescription: (text: string) => void) {
  const [state, setState] = useState<ImproveState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  async function start(draft: ProjectDraft) {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    const original = draft.description;
    setState({ phase: 'improving' });
    setDescription('');
    let streamed = '';
    const result = await improveDescription(
      draft,
      (piece) => {
        streamed += piece;
        setDescription(clip(streamed));
      },
      controller.signal,
    );
    running.current = null;
    const improved = clip(result.data?.trim() ?? '');
    if (result.error || !improved) {
      setDescription(original);
      if (result.error && isAbortError(result.error)) setState({ phase: 'idle' });
      else
        setState({
          phase: 'failed',
          message: result.error ? describeAiError(result.error) : AI_GENERIC_ERROR,
        });
      return;
    }
    setDescription(improved);
    setState({ phase: 'improved', original });
  }

  return {
    state,
    start,
    /** Stops the stream; the original description comes back when the request has ended. */
    cancel: () => running.current?.abort(),
    undo() {
      if (state.phase !== 'improved') return;
      setDescription(state.original);
      setState({ phase: 'idle' });
    },
    /** The student edited the text: the undo and any old error no longer apply. */
    dismiss: () =>
      setState((current) => (current.phase === 'improving' ? current : { phase: 'idle' })),
  };
}
