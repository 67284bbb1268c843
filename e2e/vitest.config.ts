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
    // expect.poll waits for what a screen shows after a navigation or a call; vitest's default of
    // 1 s is too short on a loaded machine (a list still loading after a reload read as a wrong
    // value). A poll ends as soon as its condition holds, so the longer bound costs only failures.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
  },
});
