// Accessibility checks of a screen as it is shown: axe-core (WCAG 2.1 A and AA and axe's best
// practices) finds no serious or critical violation, and the page has the structure a screen
// reader user moves by: exactly one visible `h1` and exactly one `main` landmark.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Off by default in axe because it is still marked experimental: a control whose accessible
 * name does not contain its visible label (WCAG 2.5.3, Label in Name), so a voice user saying
 * what they see reaches it. Its impact is serious.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The serious and critical violations on the page, one line each with up to three elements. */
/** Longer than a toast lives (2 s) with its transitions. */
const TOAST_SETTLE_MAX_MS = 4_000;

export async function seriousViolations(page: Page): Promise<string[]> {
  // A toast is a passing overlay (2 s) that fades in and out: read mid-fade its colours are
  // blended with the page and fail contrast that the settled toast passes. axe reads the screen
  // once the toasts are gone.
  const toasts = page.locator('.mantine-Notification-root');
  for (let waited = 0; waited < TOAST_SETTLE_MAX_MS && (await toasts.count()) > 0; waited += 100) await page.waitForTimeout(100);
  await settleTransitions(page);
  const result = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
  return result.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} | ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.html.slice(0, 160)} ${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * Waits (up to 2 s) for the finite CSS transitions and animations running on the page to end: a
 * modal or menu read while it fades in has its text blended with the backdrop and fails a
 * contrast check that the settled screen passes. Endless animations (loaders) are left alone.
 */
async function settleTransitions(page: Page): Promise<void> {
  // A string, run in the page: the browser's types (document, Animation) are not this project's.
  await page.evaluate(`(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  })()`);
}

/** What is wrong with the page's outline: not exactly one visible h1, or not exactly one main landmark. */
export async function outlineProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const headings = await page.getByRole('heading', { level: 1 }).allTextContents();
  if (headings.length !== 1) problems.push(`${headings.length} h1 headings: ${JSON.stringify(headings)}`);
  const mains = await page.getByRole('main').count();
  if (mains !== 1) problems.push(`${mains} main landmarks`);
  return problems;
}
