import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/test-database.ts'],
    setupFiles: ['tests/support/use-test-database.ts'],
    // Several files share one database: they never assume it is empty, only count their own rows.
    testTimeout: 30_000,
    // Every core: most of a file's time is spent waiting on PostgreSQL, and Vitest leaves one core idle.
    maxWorkers: '100%',
    hookTimeout: 120_000,
  },
});
