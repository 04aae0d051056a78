import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; each package has its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
