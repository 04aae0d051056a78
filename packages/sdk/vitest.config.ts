import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The integration tests start the real server (SQLite) and sign up through it.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
