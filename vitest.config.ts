import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    globalSetup: ['tests/support/test-database.ts'],
    setupFiles: ['tests/support/use-test-database.ts'],
    // Several files share one database: they never assume it is empty, only count their own rows.
    // Every core: most of a file's time is spent waiting on PostgreSQL, and Vitest leaves one core idle.
    maxWorkers: '100%',
    // Files share their worker's modules, one file after another, instead of each importing the server
    // afresh: 24 API files took 76.9 s of CPU so against 155.4 isolated (and 128.9 on threads), one
    // after another on this machine. Each file still sets its own environment (the setup file runs per
    // file) and closes its connections; the server's modules read the environment when called, and what
    // they keep (the keys in the database, the content) is the same for every file of the run.
    isolate: false,
    // Two files at once on a loaded 2-core machine (load average 18–25) took a test with two sign-ins
    // (scrypt) past 30 s. A timeout here catches a hang; speed is measured by `npm run bench…`.
    testTimeout: 90_000,
    // A password hash at OWASP's cost takes 0.75 s of a core; the suite makes hundreds. The cost is read
    // from each hash, so the rules tested are the same (src/server/config.ts, PASSWORD_HASH_LOG_N).
    // The site logs a line for every answer; a test that reads them asks for them (support/log-lines.ts).
    env: { PASSWORD_HASH_LOG_N: '12', LOG_LEVEL: 'warn' },
    hookTimeout: 120_000,
  },
});
