// Picking from a searchable select by keyboard, as a user does: type, see the first match
// highlighted, press Enter. The highlight follows the search a render later (Mantine marks the
// option `data-combobox-selected`), so Enter waits for it rather than racing it.
import type { Locator, Page } from 'playwright-core';

/** Types `search` into the select, waits until `option` is the highlighted match, presses Enter. */
export async function pickBySearch(page: Page, select: Locator, search: string, option: string): Promise<void> {
  await select.fill(search);
  await page.locator('[data-combobox-selected]', { hasText: option }).waitFor();
  await select.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}
