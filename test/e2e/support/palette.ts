import { Page } from 'playwright-core';
import { waitFor } from './server';

/** Runs a palette command by its label, as a user would: Ctrl+Shift+P, type, Enter once it is the selected one. */
export async function command(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.locator('[role=dialog][aria-label="Command palette"] [role=combobox]').waitFor();
  await page.keyboard.type(label);
  await waitFor(async () => (await page.locator('#bp-quick-list [role=option][aria-selected=true]').innerText()).includes(label), { message: `palette selects ${label}` });
  await page.keyboard.press('Enter');
}

/**
 * Answers the quick pick a palette command opened (its question, e.g. 'Select the task to run') by typing the start
 * of the item's label and Enter.
 */
export async function answerPick(page: Page, question: string, label: string): Promise<void> {
  await page.locator(`[role=dialog][aria-label="${question}"] [role=combobox]`).waitFor();
  await page.keyboard.type(label);
  await waitFor(async () => (await page.locator('#bp-quick-list [role=option][aria-selected=true]').innerText()).startsWith(label), { message: `the pick selects ${label}` });
  await page.keyboard.press('Enter');
}
