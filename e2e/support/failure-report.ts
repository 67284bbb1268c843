// What the browser showed when a test failed, printed with the failure: every open page's
// address and the accessibility tree of what is on it (dialogs and toasts included), and a
// screenshot under e2e/screenshots/failed-*.png. A failure in CI is then read from its log, not
// guessed at: "the dialog did not open" says what was on the screen instead.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { openBrowsers } from './browser.ts';

const shotsDir = path.resolve(import.meta.dirname, '../screenshots');
const SNAPSHOT_CHARS = 4_000;

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const pages = [...openBrowsers()].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    for (const [index, page] of pages.entries()) {
      if (page.isClosed()) continue;
      const shot = path.join(shotsDir, `failed-${name}-${index}.png`);
      const tree = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      fs.mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).catch(() => undefined);
      console.error(
        `\n--- page ${index} when "${task.name}" failed: ${page.url()}\n${tree.slice(0, SNAPSHOT_CHARS)}${tree.length > SNAPSHOT_CHARS ? '\n…' : ''}\n(screenshot: ${shot})`,
      );
    }
  });
});
