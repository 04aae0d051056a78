// The server's test helpers read `inject('postgresUrl')` (only for PostgreSQL, which these tests
// never start). The server declares that key in its global setup, which is not part of this
// program, so the declaration is repeated here for the type checker.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
