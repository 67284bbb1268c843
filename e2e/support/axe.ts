// Accessibility checks of a screen as it is shown: axe-core (WCAG 2.1 A and AA and axe's best
// practices) finds no serious or critical violation, and the page has the structure a screen
// reader user moves by: exactly one visible `h1` and exactly one `main` landmark.
// `photographAndCheck` is what a screen test calls: the screen photographed and checked at
// desktop and at phone width, nothing running off the side on the phone.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';

/** The two widths every screen is checked at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The shell animates its navbar when the width crosses a breakpoint. */
const LAYOUT_SETTLE_MS = 400;

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Off by default in axe because it is still marked experimental: a control whose accessible
 * name does not contain its visible label (WCAG 2.5.3, Label in Name), so a voice user saying
 * what they see reaches it. Its impact is serious.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Longer than a toast lives (2 s) with its transitions. */
const TOAST_SETTLE_MAX_MS = 4_000;

/**
 * Waits (up to 4 s) for the toasts to go. A toast is a passing overlay (2 s) that fades in and
 * out: read mid-fade its colours are blended with the page and fail contrast that the settled
 * toast passes, and a photograph of the screen should show the screen, not the call's toast.
 */
async function waitForToasts(page: Page): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  for (let waited = 0; waited < TOAST_SETTLE_MAX_MS && (await toasts.count()) > 0; waited += 100) await page.waitForTimeout(100);
}

/**
 * The serious and critical violations on the page, one line each with up to three elements.
 * `exclude`: selectors of parts axe leaves out.
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  let result: Awaited<ReturnType<AxeBuilder['analyze']>>;
  for (let read = 1; ; read++) {
    await waitForToasts(page);
    await settleTransitions(page);
    const builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES });
    for (const selector of exclude) builder.exclude(selector);
    result = await builder.analyze();
    // A toast that arrived while axe read the page (a live notice comes when it comes) may have
    // been read fading in: the page is read again once it has gone, at most three times.
    if ((await page.locator('.mantine-Notification-root').count()) === 0 || read === 3) break;
  }
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

export interface AccessibilityOptions {
  /** Also require exactly one h1 and one main landmark (default true). */
  outline?: boolean;
  /** Selectors of parts of the page axe leaves out. */
  exclude?: readonly string[];
}

/** The screen as it is shown: no serious or critical axe violation and, unless turned off, a sound outline. */
export async function expectAccessible(page: Page, screen: string, options: AccessibilityOptions = {}): Promise<void> {
  const problems = [...(options.outline === false ? [] : await outlineProblems(page)), ...(await seriousViolations(page, options.exclude))];
  expect(problems.map((problem) => `${screen}: ${problem}`)).toEqual([]);
}

export interface PhotographOptions extends AccessibilityOptions {
  /** Fail when the page scrolls sideways at phone width (default true). */
  overflow?: boolean;
}

/**
 * The screen photographed (the whole page, and the first screen as the user sees it: a whole
 * page at phone width is too tall to judge) and checked by axe at desktop and at phone width;
 * the page is left at desktop width.
 */
export async function photographAndCheck(page: Page, name: string, options: PhotographOptions = {}): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(LAYOUT_SETTLE_MS);
    await waitForToasts(page);
    await screenshot(page, `${name}-${size}`);
    await page.screenshot({ path: path.resolve(import.meta.dirname, '../screenshots', `${name}-${size}-view.png`) });
    await expectAccessible(page, `${name} (${size})`, options);
    if (size === 'phone' && options.overflow !== false) {
      const overflow = (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
      expect(overflow, `${name}: sideways overflow at phone width`).toBeLessThanOrEqual(1);
    }
  }
  await page.setViewportSize(DESKTOP);
}
