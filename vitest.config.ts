// Unit and server tests. The server suite runs on embedded PGlite, and again on a
// PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). Browser tests live in e2e/.
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      // Pure functions of the web app (money conversions); screens are tested in e2e/.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
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
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
