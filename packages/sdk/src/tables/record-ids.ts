/**
 * docs/product.md §3.1: records without an id get a random one. Only where the server accepts a
 * client's id: projects, applications and messages. A profile's id (users) is always the
 * server's ('user_' + timestamp), and sending one is refused (403), so users get none here.
 */
const CLIENT_ID_PREFIXES: Readonly<Record<string, string>> = {
  projects: 'project',
  applications: 'application',
  messages: 'msg',
};

/** Eight random hex digits: the ids stay unguessable even when made in the same millisecond. */
function randomHex(): string {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** docs/product.md §3.1's id shape, e.g. 'msg_1718000000000a1b2c3d4', for tables that take ids. */
export function createRecordId(table: string, nowMs: number): string | null {
  const prefix = CLIENT_ID_PREFIXES[table];
  return prefix ? `${prefix}_${nowMs}${randomHex()}` : null;
}

/** The record with an id added when it has none and the table takes client ids. */
export function withRecordId(
  table: string,
  record: Record<string, unknown>,
  nowMs: number,
): Record<string, unknown> {
  if (record.id !== undefined && record.id !== null && record.id !== '') return record;
  const id = createRecordId(table, nowMs);
  return id ? { ...record, id } : record;
}
