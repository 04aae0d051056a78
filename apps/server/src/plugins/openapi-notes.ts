/**
 * What the OpenAPI document says of the routes whose input no zod schema describes: the table
 * API reads PostgREST's query strings, uploads are multipart, the realtime socket is a WebSocket.
 * Keyed by method and route pattern, as the routes are registered.
 */
export const ROUTE_NOTES: Record<string, { summary: string; description: string }> = {
  'GET /api/db/{project}/rest/v1/{table}': {
    summary: 'Read rows',
    description:
      'PostgREST-compatible read: `select`, filters such as `column=eq.value`, `order`, `limit`, `offset` in the query string, `Range` and `Prefer: count=exact` headers. Row access follows each table’s policy (docs/product.md).',
  },
  'POST /api/db/{project}/rest/v1/{table}': {
    summary: 'Insert rows',
    description:
      'PostgREST-compatible insert: a JSON object or an array of objects; `Prefer: return=representation` answers the rows, `Prefer: resolution=merge-duplicates` upserts where the table allows.',
  },
  'PATCH /api/db/{project}/rest/v1/{table}': {
    summary: 'Update rows',
    description:
      'PostgREST-compatible update: a JSON object of new values, applied to the rows the query-string filters select (a filter is required).',
  },
  'DELETE /api/db/{project}/rest/v1/{table}': {
    summary: 'Delete rows',
    description:
      'PostgREST-compatible delete of the rows the query-string filters select (a filter is required).',
  },
  'POST /api/storage/{project}/upload': {
    summary: 'Upload a file',
    description:
      'multipart/form-data with a `path` field and one `file` part, within the student’s storage quota. 201 when created, 200 when replaced.',
  },
  'GET /api/storage/{project}/download': {
    summary: 'Download a file',
    description: 'The file at `?path=`, with ETag, conditional requests and byte ranges.',
  },
  'DELETE /api/storage/{project}/remove': {
    summary: 'Remove files',
    description: 'JSON `{ "paths": [...] }`: the student’s own files to remove.',
  },
  'POST /api/data/{project}/extract-from-blob': {
    summary: 'Extract text from a document',
    description:
      'multipart/form-data with one `file` part (PDF, DOCX, HTML or text): its title and readable text.',
  },
  'POST /api/ai/{project}/transcribe': {
    summary: 'Transcribe speech',
    description:
      'multipart/form-data with one audio `file` part (or JSON with base64 audio): the text spoken.',
  },
  'GET /api/realtime/{project}': {
    summary: 'Realtime WebSocket',
    description:
      'Upgrade to a WebSocket for live channels, presence and messages (docs/realtime-protocol.md).',
  },
};
