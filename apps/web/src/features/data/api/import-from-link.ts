import { useMutation } from '@tanstack/react-query';
import type { ExtractFromUrlOutput } from '@campuscollab/sdk';
import { client } from '../../../lib/client';

/** The readable text of a page (`/api/data/{project}/extract-from-url`); no AI involved. */
export async function importFromLink(url: string): Promise<ExtractFromUrlOutput> {
  const { data, error } = await client.data.extractFromUrl({ url });
  if (error) throw error;
  return data;
}

export function useImportFromLink() {
  return useMutation({
    mutationKey: ['data', 'import-from-link'] as const,
    mutationFn: importFromLink,
  });
}
