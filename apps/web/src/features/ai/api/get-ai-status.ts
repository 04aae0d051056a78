import { useQuery } from '@tanstack/react-query';
import type { AiStatus } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { aiKeys } from './ai-keys';

/** Whether the server has AI configured (`GET /api/ai/{project}/status`). */
export async function getAiStatus(): Promise<AiStatus> {
  const { data, error } = await client.ai.status();
  if (error) throw error;
  return data;
}

export const aiStatusQuery = () => ({
  queryKey: aiKeys.status(),
  queryFn: getAiStatus,
  // The server's configuration does not change while the page is open; one ask is enough.
  staleTime: Infinity,
  retry: false,
});

/**
 * True only once the server has said AI is configured: while the status loads, when it fails or
 * says no, the AI helpers stay hidden, so nothing in the product waits on or needs AI.
 */
export function useAiAvailable(): boolean {
  const { data } = useQuery(aiStatusQuery());
  return data?.configured === true;
}
