import { expandSelect, projectRow } from './query/select-list';
import { baseHeaders, contentRange, type TableRequest, type TableResponse } from './table-request';
import type { Row } from './tables/types';

/**
 * The answer to an insert, update or delete, as PostgREST gives it: the count when asked for
 * (Prefer: count=exact), and the written rows, projected like a read, only with
 * Prefer: return=representation; otherwise no body. `success` is 201 for an insert and 200 for
 * a change, whose bodiless answer is 204.
 */
export function answerWrite(
  request: Pick<TableRequest, 'policy' | 'parsed' | 'user'>,
  rows: Row[],
  success: 200 | 201,
): TableResponse {
  const { policy, parsed, user } = request;
  const headers = {
    ...baseHeaders(request),
    'content-range': contentRange(0, 0, parsed.preferences.count ? rows.length : null),
  };
  if (parsed.preferences.return !== 'representation') {
    return { status: success === 201 ? 201 : 204, headers };
  }
  const output = expandSelect(policy, parsed.select);
  const body = rows.map((row) => projectRow(row, output, policy, user));
  return { status: success, headers, body: parsed.singular ? body[0] : body };
}
