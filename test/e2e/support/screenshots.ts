import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { ROOT } from './server';

/** Where e2e screenshots are kept as test artefacts (one per view; `.ci/run` leaves them in the clone). */
export const SCREENSHOT_DIR = path.join(ROOT, 'artifacts', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
