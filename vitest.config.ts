import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/test-database.ts'],
    setupFiles: ['tests/support/use-test-database.ts'],
    // Several files share one database: they never assume it is empty, only count their own rows.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
