import { createRequire } from 'node:module';
import type pg from 'pg';

const requirePackage = createRequire(import.meta.url);
let loaded: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded by the first connection a server makes to PostgreSQL: one on
 * SQLite never loads it (docs/architecture.md §2.1). pg is CommonJS, so it loads at once, and
 * opening a database stays synchronous.
 */
export function loadPg(): typeof pg {
  return (loaded ??= requirePackage('pg') as typeof pg);
}
