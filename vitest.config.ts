import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // dist/ built once for the tests of the compiled bot; a throwaway PostgreSQL cluster when the
    // server is installed (test/pg/global-setup.ts).
    globalSetup: ['test/build/global-setup.ts', 'test/pg/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // End-to-end suites start real clients and servers; two workers fit a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // Console output of passing tests is noise; set TEST_VERBOSE=1 to see it all.
    silent: process.env.TEST_VERBOSE ? false : 'passed-only',
  },
});
