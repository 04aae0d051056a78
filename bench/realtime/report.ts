import type { RealtimeRow } from './bench';

/** A whole number as the table prints it (19,946). */
export const count = (value: number) => value.toLocaleString('en');
const ms = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const kb = (bytes: number | null) => (bytes === null ? '—' : (bytes / 1024).toFixed(1));

/** Why a row missed its target, or "ok". */
function misses(row: RealtimeRow): string {
  const missed: string[] = [];
  if (row.p99 === null || row.p99 >= row.targetMs) missed.push(`p99 ≥ ${row.targetMs} ms`);
  if (row.sockets < row.requested)
    missed.push(`${count(row.requested - row.sockets)} sockets not open`);
  if (row.delivered < row.expected)
    missed.push(`${count(row.expected - row.delivered)} deliveries missing`);
  missed.push(...row.notes);
  return missed.join('; ') || 'ok';
}

/** What went before the measured messages, as the run's options had it (`--warmup`). */
function warmUp(rows: RealtimeRow[]): string {
  const seconds = [...new Set(rows.map((row) => row.warmupSeconds))];
  if (seconds.length === 1 && seconds[0] === 0) return 'measured from the first message, cold';
  return `once warm: one broadcast, or ${seconds.join(' or ')} s at the rate, go first and are not counted`;
}

/** The realtime section of bench/results.md: one table row per scenario and instance count. */
export function renderRealtime(rows: RealtimeRow[]): string {
  const lines = [
    '## Realtime',
    '',
    '| Scenario | Database | Instances | Sockets | Messages | Deliveries | p50 ms | p99 ms | RSS KB/socket | Heap KB/socket | Target p99 | Missed |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.scenario} | ${row.database} | ${row.instances} | ${count(row.sockets)} | ${count(row.messages)} | ${count(row.delivered)} | ${ms(row.p50)} | ${ms(row.p99)}${row.runs > 1 ? ` (median of ${row.runs})` : ''} | ${kb(row.rssPerSocket)} | ${kb(row.heapPerSocket)} | < ${row.targetMs} ms | ${misses(row)} |`,
    );
  }
  lines.push(
    '',
    'Authenticated sockets (`?token=`) from child processes over many 127.x.y.z source addresses,',
    'against the real server in a process of its own. Latency: from the publisher stamping the',
    "message to a subscriber's receipt, both on the machine's monotonic clock,",
    `${warmUp(rows)}. The sustained publishers send`,
    'evenly spread over their period, not all at once. A p99 within 10% of its target is the',
    'median of three measurements, as marked. With several instances the subscribers',
    "are split over them and the publisher is on the first. Memory per socket: the server's RSS",
    'and heap after opening them minus before, over the sockets open.',
    '',
  );
  return lines.join('\n');
}
