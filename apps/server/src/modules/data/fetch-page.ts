import type { Config } from '../../config';
import { fetchOutbound, type OutboundResponse } from '../../lib/outbound/fetch-outbound';
import { upstreamStatus } from './data-errors';

/** Some sites answer a request without a browser-like agent with an error page. */
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5',
  'user-agent': 'Mozilla/5.0 (compatible; CampusCollab data fetcher)',
};

/**
 * A page a student named, fetched through the outbound guard (docs/security.md) and refused
 * with 502 UPSTREAM_STATUS unless it answered 2xx: an error page is not the page they meant.
 */
export async function fetchPage(url: string, config: Config): Promise<OutboundResponse> {
  const answer = await fetchOutbound(
    url,
    { method: 'GET', headers: PAGE_HEADERS },
    { allowedHosts: config.dataAllowedHosts },
  );
  if (answer.status < 200 || answer.status > 299) throw upstreamStatus(answer.status);
  return answer;
}
