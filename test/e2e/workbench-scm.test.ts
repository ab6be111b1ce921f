import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { editorText, readFileOrEmpty, typeAtStart, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const LOCK_TEXT = 'Another git operation is in progress, try again later.';

/** Runs git in the sandbox's files directory, as a developer in a terminal would (retried while the server's git holds the index lock). */
function git(filesDir: string, ...args: string[]): string {
  for (let attempt = 0; ; attempt++) {
    try {
      return execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd: filesDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '');
      if (attempt < 20 && stderr.includes('index.lock')) {
        execFileSync('sleep', ['0.2']);
        continue;
      }
      throw error;
    }
  }
}

/** git, letting an exit code 1 (a merge that conflicted) through. */
function gitMayFail(filesDir: string, ...args: string[]): void {
  try {
    git(filesDir, ...args);
  } catch (error) {
    if ((error as { status?: number }).status !== 1) throw error;
  }
}

const row = (page: Page, file: string) => page.locator(`[data-testid=scm-view] [role=listitem][data-path="${file}"]`);

describe('Workbench: source control', () => {
  const session = useSandboxSession();

  it('lists a file edited and saved in the editor with M after Ctrl+Shift+G', async () => {
    const { page } = session;
    await typeAtStart(page, `${uniqueToken('scmEdit')} `);
    await page.keyboard.press('Control+s');
    await waitFor(async () => (await page.locator('[role=tab][data-path="README.md"]').getAttribute('data-dirty')) === 'false', { message: 'README.md saved' });
    await page.keyboard.press('Control+Shift+G');
    await page.locator('[data-testid=side-bar][data-view=scm]').waitFor();
    const readme = row(page, 'README.md');
    await readme.waitFor({ timeout: 15_000 });
    expect(await readme.getAttribute('data-group')).toBe('changes');
    const badge = readme.locator('.bp-scm-badge');
    expect(await badge.textContent()).toBe('M');
    expect(await badge.getAttribute('title')).toBe('Modified');
  });

  it('opens a diff of the file against HEAD from its row', async () => {
    const { page, server } = session;
    const token = /scmEdit\w+/.exec(readFileOrEmpty(path.join(server.filesDir, 'README.md')))![0];
    await row(page, 'README.md').focus();
    await page.keyboard.press('Enter');
    await page.locator('[role=tab][data-diff-path="README.md"][aria-selected=true]').waitFor();
    const side = (which: 'original' | 'modified') => page.locator(`[data-testid=diff-view] .monaco-diff-editor .editor.${which} .view-lines`);
    await waitFor(async () => (await side('modified').innerText()).includes(token), { message: 'the edit on the modified side' });
    expect(await side('original').innerText()).not.toContain(token);
    expect(await page.locator('[role=tab][data-path="README.md"]').getAttribute('aria-selected')).toBe('false');
    await saveScreenshot(page, 'scm');
  });

  it('commits with Ctrl+Enter in the message box, shows the progress, and the lock message for a pull meanwhile', async () => {
    const { page, server } = session;
    // A pre-commit hook that takes a while keeps the commit (and its lock) running long enough to pull meanwhile.
    const hook = path.join(server.filesDir, '.git', 'hooks', 'pre-commit');
    fs.mkdirSync(path.dirname(hook), { recursive: true });
    fs.writeFileSync(hook, '#!/bin/sh\nsleep 3\n', { mode: 0o755 });
    const message = uniqueToken('Commit from the SCM view ');
    try {
      await page.getByRole('textbox', { name: 'Commit message' }).click();
      await page.keyboard.type(message);
      await page.keyboard.press('Control+Enter');
      await page.locator('[data-testid=scm-commit-progress]').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Pull' }).click();
      await waitFor(async () => (await page.locator('[data-testid=scm-pull-error]').textContent()) === LOCK_TEXT, { message: 'the lock message' });
      await waitFor(() => git(server.filesDir, 'log', '-1', '--format=%s').trim() === message, { timeout: 20_000, message: `git log shows "${message}"` });
    } finally {
      fs.rmSync(hook, { force: true });
    }
    expect(git(server.filesDir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('README.md');
    await row(page, 'README.md').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByRole('textbox', { name: 'Commit message' }).inputValue()).toBe('');
  });

  it('discards a change only after the confirmation: Escape keeps it, Enter restores the file', async () => {
    const { page, server } = session;
    const file = path.join(server.filesDir, 'package.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${original}\n`);
    const changed = row(page, 'package.json');
    await changed.waitFor({ timeout: 15_000 });
    await changed.hover();
    await changed.getByRole('button', { name: 'Discard changes in package.json' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard changes' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(fs.readFileSync(file, 'utf8')).toBe(`${original}\n`);
    await changed.hover();
    await changed.getByRole('button', { name: 'Discard changes in package.json' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await waitFor(() => readFileOrEmpty(file) === original, { message: 'package.json restored' });
    await changed.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('shows the accept buttons on a conflicted file; accepting both keeps both sides', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    const file = path.join(dir, 'conflict.txt');
    const branch = git(dir, 'branch', '--show-current').trim();
    fs.writeFileSync(file, 'line1\nbase\nline3\n');
    git(dir, 'add', 'conflict.txt');
    git(dir, 'commit', '-q', '-m', 'base');
    git(dir, 'checkout', '-q', '-b', 'incoming');
    fs.writeFileSync(file, 'line1\nincoming\nline3\n');
    git(dir, 'commit', '-q', '-am', 'incoming');
    git(dir, 'checkout', '-q', branch);
    fs.writeFileSync(file, 'line1\ncurrent\nline3\n');
    git(dir, 'commit', '-q', '-am', 'current');
    gitMayFail(dir, 'merge', 'incoming');
    expect(fs.readFileSync(file, 'utf8')).toContain('<<<<<<<');

    const conflicted = row(page, 'conflict.txt');
    await conflicted.waitFor({ timeout: 15_000 });
    expect(await conflicted.getAttribute('data-group')).toBe('conflicts');
    expect(await conflicted.locator('.bp-scm-badge').textContent()).toBe('!');
    await conflicted.click();
    await page.locator('[role=tab][data-path="conflict.txt"][aria-selected=true]').waitFor();
    const lens = (title: string) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title });
    await lens('Accept Both Changes').waitFor({ timeout: 15_000 });
    expect(await lens('Accept Current Change').count()).toBe(1);
    expect(await lens('Accept Incoming Change').count()).toBe(1);
    await lens('Accept Both Changes').click();
    await waitFor(async () => (await editorText(page)).replace(/\n+$/, '') === 'line1\ncurrent\nincoming\nline3', { message: 'both sides in the editor' });
    await page.keyboard.press('Control+s');
    await waitFor(() => readFileOrEmpty(file) === 'line1\ncurrent\nincoming\nline3\n', { message: 'the resolved text on disk' });
  });

  it('renames the branch from the inline input', async () => {
    const { page, server } = session;
    const name = uniqueToken('scm-renamed-');
    await page.getByTestId('scm-branch').click();
    const input = page.getByRole('textbox', { name: 'New branch name' });
    await input.fill(name);
    await input.press('Enter');
    await waitFor(() => git(server.filesDir, 'branch', '--show-current').trim() === name, { message: `branch ${name}` });
    await waitFor(async () => (await page.getByTestId('scm-branch').textContent()) === name, { message: 'the new name shown' });
  });
});
