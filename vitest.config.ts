// Unit and server tests. The server suite runs on embedded PGlite, and again on a
// PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). Each server project builds its
// template databases once per run (globalSetup) and every test file starts from a copy of
// them (docs/testing.md). Browser tests live in e2e/.
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const serverSetup = ['apps/server/src/test/global-setup.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine: a server test file waits on its database
    // (PGlite's WASM, or the PostgreSQL server's own processes) as much as it computes, so two
    // overlap well (the unit and server suite: 624 s with one worker, 261 s with two).
    maxWorkers: 2,
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      // Pure functions of the web app (money conversions); screens are tested in e2e/.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // The lint rules that hold the layout, proved on fixtures and on the code itself.
      { test: { name: 'lint', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: serverSetup,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
                globalSetup: serverSetup,
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
