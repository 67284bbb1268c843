// Picking from a searchable select by keyboard, as a user does: open it, type, see the first
// match highlighted, press Enter.
//
// Mantine's Select, when its list opens, schedules (setTimeout 0) a move of its keyboard cursor
// to the option of the current value, -1 when there is none. Playwright's fill focuses and types
// in one go, and under load Chromium runs the typed input before that timer: the search marks its
// first match (`data-combobox-selected`), then the timer moves the cursor to -1 behind the
// highlight, and Enter picks nothing (seen once in CI: the list stayed open). A person cannot
// type before a 0 ms timer; this helper does as a person does: it opens the list, waits until it
// is shown, and types the search key by key, so the last key's first-match highlight comes after
// the timer and Enter picks what is highlighted.
import type { Locator, Page } from 'playwright-core';

/** Opens `select`, types `search`, waits until `option` is the highlighted match, presses Enter. */
export async function pickBySearch(page: Page, select: Locator, search: string, option: string): Promise<void> {
  await select.click();
  await page.getByRole('listbox').waitFor();
  await select.fill('');
  await select.pressSequentially(search, { delay: 20 });
  await page.locator('[data-combobox-selected]', { hasText: option }).waitFor();
  await select.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}
