// Browser tests: the built web app served by the platform (started as `npm start` starts it),
// Debian's Chromium driven by playwright-core. Files run in E2E_WORKERS workers at once, each
// worker against a platform process of its own (support/global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // On a failure, what the browser showed (support/failure-report.ts).
    setupFiles: ['./support/failure-report.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
  },
});
