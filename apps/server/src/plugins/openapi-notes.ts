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
  'POST /api/safety/{project}/reports': {
    summary: 'Report a profile, project or message',
    description:
      'A signed-in student reports what they can see (`target_kind` profile by account id, project or message), once per target: 201 with the report, 409 REPORT_EXISTS for a second one, 404 for a target they cannot see, 429 past 10 an hour. With ADMIN_EMAIL set, each stored report is emailed there. Students cannot read reports.',
  },
  'GET /api/safety/{project}/reports': {
    summary: 'List reports (operators)',
    description:
      'SERVICE_KEY only. `{ reports }` newest first, optionally `?status=open|resolved`, paged with `limit` (at most 100) and `offset`.',
  },
  'POST /api/safety/{project}/reports/{id}/resolve': {
    summary: 'Resolve a report (operators)',
    description:
      'SERVICE_KEY only. Marks an open report resolved with an optional `note`; 409 if it was already resolved, 404 if there is no such report.',
  },
  'PUT /api/safety/{project}/hidden/{kind}/{id}': {
    summary: 'Hide a project or profile (operators)',
    description:
      'SERVICE_KEY only. `kind` is project (by id) or profile (by account id). The row vanishes from every other student’s lists and links; its owner still reads it, with `hidden_at` set.',
  },
  'DELETE /api/safety/{project}/hidden/{kind}/{id}': {
    summary: 'Show a hidden project or profile again (operators)',
    description: 'SERVICE_KEY only. Clears `hidden_at`: the project or profile is listed again.',
  },
};
