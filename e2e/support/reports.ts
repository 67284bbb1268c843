// Reading back the files an export downloads, to compare them with what the screen showed.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download } from 'playwright-core';

/** The first sheet of a downloaded xlsx, a row of cell values per line (header first, cells from column A). */
export async function downloadedSheet(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet: unknown[][] = [];
  // exceljs numbers cells from 1: values[0] is always empty.
  workbook.worksheets[0]!.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
  return sheet;
}
