// A table's rows read by column title, never by position: a column the user (or the screen, to
// fit 1280 px) hides under Columns shifts the cells after it, and a test reading cells[5] would
// go on reading the wrong column without failing. Desktop layout only (the phone cards have no
// header row).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** One row: its cells' text by column title, and its `data-*` attributes without the prefix (`uuid`, `entry-id`). */
export interface TableRow {
  cells: Record<string, string>;
  data: Record<string, string>;
}

/** The visible table a DataTable labelled `label` draws (a screen's other tabs keep theirs, hidden). */
export function tableNamed(page: Page, label: string): Locator {
  return page.locator(`table[aria-label="${label}"]:visible`).first();
}

/**
 * The rows of the table labelled `label` that match `rows` (a selector inside its body, such as
 * `tr[data-entry-id]`), each cell keyed by its column's title. Fails when a title in `needed` is
 * not a column of the table, so a test cannot read a column that is not shown.
 */
export async function rowsByTitle(page: Page, label: string, rows: string, needed: readonly string[] = []): Promise<TableRow[]> {
  const table = tableNamed(page, label);
  const titles = (await table.locator('thead th').allInnerTexts()).map((title) => title.replace(/\s+/g, ' ').trim());
  for (const title of needed) expect(titles, `column ${title} of ${label}`).toContain(title);
  const raw = await table.locator(`tbody ${rows}`).evaluateAll((elements) =>
    elements.map((row) => ({
      cells: [...row.querySelectorAll(':scope > td')].map((cell) => (cell.textContent ?? '').trim()),
      data: Object.fromEntries(
        row
          .getAttributeNames()
          .filter((name: string) => name.startsWith('data-'))
          .map((name: string) => [name.slice('data-'.length), row.getAttribute(name) ?? '']),
      ),
    })),
  );
  return raw.map(({ cells, data }) => ({
    cells: Object.fromEntries(titles.map((title, index) => [title, cells[index] ?? ''])),
    data,
  }));
}

/** The text of one row's cell under the column titled `title`. */
export async function cellByTitle(page: Page, label: string, row: Locator, title: string): Promise<string> {
  const titles = (await tableNamed(page, label).locator('thead th').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  const at = titles.indexOf(title);
  expect(at, `column ${title} of ${label}`).toBeGreaterThanOrEqual(0);
  return (await row.locator(':scope > td').nth(at).innerText()).trim();
}

/**
 * Ticks the column titled `title` under the table's Columns button (a column the screen starts
 * hidden to fit 1280 px), and waits for its header. The choice stays in local storage.
 */
export async function showColumn(page: Page, label: string, title: string): Promise<void> {
  const button = page.getByRole('button', { name: `Columns of ${label}` });
  await button.click();
  const choices = page.getByRole('group', { name: `Columns shown in ${label}` });
  await choices.getByRole('checkbox', { name: title, exact: true }).check();
  // The button closes what it opened.
  await button.click();
  await choices.waitFor({ state: 'hidden' });
  await tableNamed(page, label).getByRole('columnheader', { name: title, exact: true }).waitFor();
}
