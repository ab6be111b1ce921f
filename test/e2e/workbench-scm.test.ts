import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { editorText, openSandbox, readFileOrEmpty, typeAtStart, uniqueToken, useSandboxSession, waitFor } from './support/server';
import { command } from './support/palette';

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

/**
 * Makes `file` conflicted as a developer would: commits `base`, commits `incoming` on a new branch and `current` on
 * the checked-out one, then merges (a merge still in progress from an earlier test is aborted first).
 */
function mergeConflict(dir: string, file: string, texts: { base: string; current: string; incoming: string }): void {
  const onDisk = path.join(dir, file);
  if (fs.existsSync(path.join(dir, '.git', 'MERGE_HEAD'))) git(dir, 'merge', '--abort');
  const branch = git(dir, 'branch', '--show-current').trim();
  const incoming = uniqueToken('incoming-');
  fs.writeFileSync(onDisk, texts.base);
  git(dir, 'add', file);
  git(dir, 'commit', '-q', '-m', `base of ${file}`);
  git(dir, 'checkout', '-q', '-b', incoming);
  fs.writeFileSync(onDisk, texts.incoming);
  git(dir, 'commit', '-q', '-am', `incoming ${file}`);
  git(dir, 'checkout', '-q', branch);
  fs.writeFileSync(onDisk, texts.current);
  git(dir, 'commit', '-q', '-am', `current ${file}`);
  gitMayFail(dir, 'merge', incoming);
  expect(fs.readFileSync(onDisk, 'utf8')).toContain('<<<<<<<');
}

/** A side of the diff editor; Monaco's view zones of deleted lines (inline diff, on a narrow editor) are .view-lines too. */
const diffSide = (page: Page, which: 'original' | 'modified') =>
  page.locator(`[data-testid=diff-view] .monaco-diff-editor .editor.${which} .view-lines:not(.line-delete)`);
/** A side's text, Monaco's U+00A0 spaces as spaces. */
const diffText = async (page: Page, which: 'original' | 'modified') => (await diffSide(page, which).innerText()).replace(/\u00a0/g, ' ');

const row = (page: Page, file: string) => page.locator(`[data-testid=scm-view] [role=listitem][data-path="${file}"]`);

describe('Workbench: source control', () => {
  const session = useSandboxSession();

  it('lists a file edited and saved in the editor with M after Ctrl+Shift+G', async () => {
    const { page, server } = session;
    // The workspace's repository is made (with its initial commit) as the workspace starts: an edit saved before
    // would be part of that commit.
    await waitFor(() => git(server.filesDir, 'rev-parse', '--verify', '-q', 'HEAD').trim() !== '', { timeout: 15_000, message: 'the initial commit' });
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
    await waitFor(async () => (await diffSide(page, 'modified').innerText()).includes(token), { message: 'the edit on the modified side' });
    expect(await diffSide(page, 'original').innerText()).not.toContain(token);
    expect(await page.locator('[role=tab][data-path="README.md"]').getAttribute('aria-selected')).toBe('false');
    await saveScreenshot(page, 'scm');
  });

  it("edits the open document from the diff's working side: the edit is the document's, saved with Ctrl+S", async () => {
    const { page, server } = session;
    const modified = page.locator('[data-testid=diff-view] .monaco-diff-editor .editor.modified');
    const token = uniqueToken('fromDiff');
    await modified.locator('.view-lines:not(.line-delete)').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${token}`);
    await waitFor(async () => (await page.locator('[role=tab][data-path="README.md"]').getAttribute('data-dirty')) === 'true', { message: 'README.md dirty' });
    await page.keyboard.press('Control+s');
    await waitFor(() => readFileOrEmpty(path.join(server.filesDir, 'README.md')).includes(token), { message: `${token} on disk` });
  });

  it("keeps the editor's context menu working (Shift+F10, right click) after diffs were shown and closed", async () => {
    const { page } = session;
    const fileTab = page.locator('[role=tab][data-path="README.md"]');
    // Each time the diff shows and goes, Monaco's diff editor is created and disposed.
    for (let i = 0; i < 2; i++) {
      await row(page, 'README.md').focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=diff-view] .monaco-diff-editor').waitFor();
      await fileTab.click();
      await page.locator('[data-testid=diff-view]').waitFor({ state: 'detached' });
    }
    const menu = page.locator('.context-view .monaco-menu');
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor({ timeout: 10_000 });
    expect(await menu.innerText()).toContain('Cut');
    // README.md has no conflict blocks: no accept actions there.
    expect(await menu.innerText()).not.toContain('Merge Conflict');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.locator('.monaco-editor .view-line').first().click({ button: 'right' });
    await menu.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it("shows a file that is not open read-only on the diff's working side", async () => {
    const { page, server } = session;
    const file = path.join(server.filesDir, 'diff-only.txt');
    fs.writeFileSync(file, 'on disk only\n');
    try {
      await page.keyboard.press('Control+Shift+G');
      await row(page, 'diff-only.txt').waitFor({ timeout: 15_000 });
      await row(page, 'diff-only.txt').focus();
      await page.keyboard.press('Enter');
      await page.locator('[role=tab][data-diff-path="diff-only.txt"][aria-selected=true]').waitFor();
      await waitFor(async () => (await diffText(page, 'modified')).includes('on disk only'), { message: 'the file on the working side' });
      expect((await diffText(page, 'original')).trim()).toBe(''); // new: nothing at HEAD
      await diffSide(page, 'modified').click();
      await page.keyboard.type('typed');
      await new Promise((r) => setTimeout(r, 300));
      expect(await diffText(page, 'modified')).not.toContain('typed');
      expect(readFileOrEmpty(file)).toBe('on disk only\n');
      await page.locator('[aria-label="Close diff of diff-only.txt"]').click();
      await page.locator('[role=tab][data-diff-path="diff-only.txt"]').waitFor({ state: 'detached' });
    } finally {
      fs.rmSync(file, { force: true });
    }
    await row(page, 'diff-only.txt').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('compares a staged rename with the file under its old name at HEAD', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    fs.writeFileSync(path.join(dir, 'moving.txt'), 'kept line\nline before the move\n');
    git(dir, 'add', 'moving.txt');
    git(dir, 'commit', '-q', '-m', 'add moving.txt', '--', 'moving.txt');
    git(dir, 'mv', 'moving.txt', 'moved.txt');
    fs.writeFileSync(path.join(dir, 'moved.txt'), 'kept line\nline after the move\n');
    try {
      await page.keyboard.press('Control+Shift+G');
      await row(page, 'moved.txt').waitFor({ timeout: 15_000 });
      await row(page, 'moved.txt').focus();
      await page.keyboard.press('Enter');
      await page.locator('[role=tab][data-diff-path="moved.txt"][aria-selected=true]').waitFor();
      await waitFor(async () => (await diffText(page, 'original')).includes('line before the move'), { message: 'the old file at HEAD on the left' });
      expect(await diffText(page, 'original')).toContain('kept line');
      await waitFor(async () => (await diffText(page, 'modified')).includes('line after the move'), { message: 'the renamed file on the right' });
      await page.locator('[aria-label="Close diff of moved.txt"]').click();
    } finally {
      git(dir, 'reset', '-q', '--soft', head);
      git(dir, 'reset', '-q', '--', 'moving.txt', 'moved.txt');
      fs.rmSync(path.join(dir, 'moved.txt'), { force: true });
      fs.rmSync(path.join(dir, 'moving.txt'), { force: true });
    }
    await row(page, 'moved.txt').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('commits with Ctrl+Enter in the message box, shows the progress, and the lock message for a pull meanwhile', async () => {
    const { page, server } = session;
    // A pre-commit hook that takes a while keeps the commit (and its lock) running long enough to pull meanwhile.
    const hook = path.join(server.filesDir, '.git', 'hooks', 'pre-commit');
    fs.mkdirSync(path.dirname(hook), { recursive: true });
    fs.writeFileSync(hook, '#!/bin/sh\nsleep 3\n', { mode: 0o755 });
    const message = uniqueToken('Commit from the SCM view ');
    // Pull is offered with a remote only: one for the time of this test (the pull is refused before reaching it).
    git(server.filesDir, 'remote', 'add', 'origin', path.join(server.filesDir, '..', 'home', 'nowhere.git'));
    try {
      await page.getByRole('button', { name: 'Pull' }).waitFor({ timeout: 15_000 });
      await page.getByRole('textbox', { name: 'Commit message' }).click();
      await page.keyboard.type(message);
      await page.keyboard.press('Control+Enter');
      await page.locator('[data-testid=scm-commit-progress]').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Pull' }).click();
      await waitFor(async () => (await page.locator('[data-testid=scm-pull-error]').textContent()) === LOCK_TEXT, { message: 'the lock message' });
      await waitFor(() => git(server.filesDir, 'log', '-1', '--format=%s').trim() === message, { timeout: 20_000, message: `git log shows "${message}"` });
    } finally {
      fs.rmSync(hook, { force: true });
      git(server.filesDir, 'remote', 'remove', 'origin');
    }
    expect(git(server.filesDir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('README.md');
    await row(page, 'README.md').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByRole('textbox', { name: 'Commit message' }).inputValue()).toBe('');
  });

  it('offers no pull, push or counts of commits to pull and push for a repository without a remote', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    expect(git(dir, 'remote').trim()).toBe('');
    // The branch has commits no remote has (the one above): still nothing to push them to.
    expect(Number(git(dir, 'rev-list', '--count', 'HEAD').trim())).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pull' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Push', exact: true }).count()).toBe(0);
    expect(await page.locator('[data-testid=scm-view] .bp-scm-branch-row').textContent()).not.toMatch(/[↓↑]/);
    expect(await page.locator('[data-testid=scm-sync-counts]').count()).toBe(0);
    await page.keyboard.press('Control+Shift+P');
    await page.locator('[data-testid=quick-input]').waitFor();
    await page.keyboard.type('git: ');
    const labels = await page.locator('#bp-quick-list [role=option]').allInnerTexts();
    await page.keyboard.press('Escape');
    expect(labels.some((l) => l.startsWith('Git: Commit'))).toBe(true);
    expect(labels.filter((l) => /^Git: (Pull|Push|Fetch|Sync)\b/.test(l))).toEqual([]);
    await saveScreenshot(page, 'scm-no-remote');
  });

  it('shows a staged copy with C and its tooltip', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    const source = path.join(dir, 'package.json');
    const original = fs.readFileSync(source, 'utf8');
    fs.writeFileSync(path.join(dir, 'package-copy.json'), original);
    fs.writeFileSync(source, `${original}\n`);
    git(dir, 'add', 'package.json', 'package-copy.json');
    const copied = row(page, 'package-copy.json');
    await waitFor(async () => (await copied.locator('.bp-scm-badge').textContent({ timeout: 1_000 }).catch(() => null)) === 'C', { timeout: 15_000, message: 'package-copy.json shown as C' });
    expect(await copied.locator('.bp-scm-badge').getAttribute('title')).toBe('Copied');
    expect(await copied.getAttribute('data-group')).toBe('staged');
    git(dir, 'reset', '-q', '--', 'package.json', 'package-copy.json');
    fs.rmSync(path.join(dir, 'package-copy.json'));
    fs.writeFileSync(source, original);
    await copied.waitFor({ state: 'detached', timeout: 15_000 });
    await row(page, 'package.json').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('discards a change only after the confirmation: Escape keeps it, Enter restores the file', async () => {
    const { page, server } = session;
    const file = path.join(server.filesDir, 'package.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${original}\n`);
    const changed = row(page, 'package.json');
    await changed.waitFor({ timeout: 15_000 });
    // By keyboard: the row, then Tab to its Discard button, Enter.
    const discardByKeyboard = async () => {
      await changed.focus();
      for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== 'Discard changes in package.json'; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Discard changes in package.json');
      await page.keyboard.press('Enter');
    };
    await discardByKeyboard();
    const dialog = page.getByRole('dialog', { name: 'Discard changes' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(fs.readFileSync(file, 'utf8')).toBe(`${original}\n`);
    await discardByKeyboard();
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await waitFor(() => readFileOrEmpty(file) === original, { message: 'package.json restored' });
    await changed.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('commits only the files staged by keyboard (Space on their rows); the others stay changes', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    const names = ['stage-a.txt', 'stage-b.txt', 'stage-c.txt'];
    for (const name of names) fs.writeFileSync(path.join(dir, name), `${name}\n`);
    for (const name of names) await row(page, name).waitFor({ timeout: 15_000 });
    for (const name of ['stage-a.txt', 'stage-c.txt']) {
      await row(page, name).focus();
      await page.keyboard.press('Space');
      await waitFor(async () => (await row(page, name).getAttribute('data-group')) === 'staged', { message: `${name} staged` });
    }
    expect(await row(page, 'stage-b.txt').getAttribute('data-group')).toBe('changes');
    expect(await row(page, 'stage-b.txt').getByRole('checkbox').isChecked()).toBe(false);
    expect(await row(page, 'stage-a.txt').getByRole('checkbox').isChecked()).toBe(true);
    expect(await page.getByTestId('scm-commit').textContent()).toBe('Commit 2 Staged');
    const message = uniqueToken('Two of three ');
    await page.getByRole('textbox', { name: 'Commit message' }).focus();
    await page.keyboard.type(message);
    await page.keyboard.press('Control+Enter');
    await waitFor(() => git(dir, 'log', '-1', '--format=%s').trim() === message, { timeout: 20_000, message: `git log shows "${message}"` });
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort()).toEqual(['stage-a.txt', 'stage-c.txt']);
    expect(git(dir, 'status', '--porcelain', '--', 'stage-b.txt').trim()).toBe('?? stage-b.txt');
    await row(page, 'stage-a.txt').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await row(page, 'stage-b.txt').getAttribute('data-group')).toBe('changes');
    expect(await page.getByTestId('scm-commit').textContent()).toBe('Commit All');
    fs.rmSync(path.join(dir, 'stage-b.txt'));
    await row(page, 'stage-b.txt').waitFor({ state: 'detached', timeout: 15_000 });
  });

  describe('with a remote', () => {
    // The remote lives in the sandbox's home directory: workspace processes (git among them) may run in bubblewrap,
    // which shows them only the workspace and its home (test/contract/server/git.test.ts does the same).
    let bare = '';
    let other = '';
    let tmp = '';
    const identity = ['-c', 'user.name=Other', '-c', 'user.email=other@example.com'];

    beforeAll(() => {
      const dir = session.server.filesDir;
      const home = path.join(dir, '..', 'home');
      fs.mkdirSync(home, { recursive: true });
      bare = path.join(home, 'origin.git');
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-e2e-scm-'));
      other = path.join(tmp, 'other');
      git(tmp, 'init', '-q', '--bare', '-b', 'main', bare);
      git(dir, 'remote', 'add', 'origin', bare);
    });
    afterAll(() => {
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('pushes the branch to origin from the view; git log origin/<branch> shows the commits', async () => {
      const { page, server } = session;
      const dir = server.filesDir;
      const branch = git(dir, 'branch', '--show-current').trim();
      const head = git(dir, 'rev-parse', 'HEAD').trim();
      // With the remote, the commits it lacks are counted (none to pull, all of the branch's to push).
      const commits = git(dir, 'rev-list', '--count', 'HEAD').trim();
      await waitFor(async () => (await page.locator('[data-testid=scm-sync-counts]').textContent()) === `0↓ ${commits}↑`, { message: `0↓ ${commits}↑`, timeout: 15_000 });
      // By keyboard: the view's Push button takes the focus and Enter presses it.
      await page.getByRole('button', { name: 'Push', exact: true }).focus();
      await page.keyboard.press('Enter');
      await waitFor(() => {
        try {
          return git(dir, 'rev-parse', `origin/${branch}`).trim() === head;
        } catch {
          return false;
        }
      }, { timeout: 20_000, message: `origin/${branch} at ${head}` });
      expect(git(dir, 'log', '--format=%s', `origin/${branch}`)).toBe(git(dir, 'log', '--format=%s', 'HEAD'));
      expect(git(bare, 'rev-parse', branch).trim()).toBe(head);
      // The branch tracks origin's now, and nothing went wrong.
      expect(git(dir, 'rev-parse', '--abbrev-ref', '@{upstream}').trim()).toBe(`origin/${branch}`);
      await page.getByTestId('scm-push-progress').waitFor({ state: 'detached', timeout: 15_000 });
      expect(await page.getByTestId('scm-push-error').count()).toBe(0);
    });

    it("pulls a commit pushed from another clone, showing the pull's progress until it is done", async () => {
      const { page, server } = session;
      const dir = server.filesDir;
      const branch = git(dir, 'branch', '--show-current').trim();
      git(tmp, 'clone', '-q', '-b', branch, bare, other);
      const message = uniqueToken('From another clone ');
      fs.writeFileSync(path.join(other, 'pulled.txt'), `${message}\n`);
      git(other, 'add', 'pulled.txt');
      git(other, ...identity, 'commit', '-q', '-m', message);
      git(other, 'push', '-q', 'origin', branch);
      // A post-merge hook that takes a while keeps the pull running long enough to see its progress.
      const hook = path.join(dir, '.git', 'hooks', 'post-merge');
      fs.mkdirSync(path.dirname(hook), { recursive: true });
      fs.writeFileSync(hook, '#!/bin/sh\nsleep 2\n', { mode: 0o755 });
      try {
        await command(page, 'Git: Pull');
        const progress = page.getByTestId('scm-pull-progress');
        await progress.waitFor({ timeout: 10_000 });
        expect(await progress.textContent()).toBe('Pulling…');
        expect(await progress.getByRole('progressbar', { name: 'Pulling…' }).count()).toBe(1);
        await saveScreenshot(page, 'scm-pull-progress');
        await progress.waitFor({ state: 'detached', timeout: 20_000 });
      } finally {
        fs.rmSync(hook, { force: true });
      }
      expect(await page.getByTestId('scm-pull-error').count()).toBe(0);
      expect(git(dir, 'log', '-1', '--format=%s').trim()).toBe(message);
      expect(readFileOrEmpty(path.join(dir, 'pulled.txt'))).toBe(`${message}\n`);
      // The pulled file is no change to commit.
      expect(await row(page, 'pulled.txt').count()).toBe(0);
    });

    /** Another clone pushes a commit to origin's copy of the branch. */
    const pushFromOtherClone = (branch: string) => {
      git(other, 'pull', '-q', 'origin', branch);
      const message = uniqueToken('Fetched later ');
      fs.writeFileSync(path.join(other, 'fetched.txt'), `${message}\n`);
      git(other, 'add', 'fetched.txt');
      git(other, ...identity, 'commit', '-q', '-m', message);
      git(other, 'push', '-q', 'origin', branch);
    };
    const toPull = (page: Page, count: number) => page.getByLabel(`${count} to pull, 0 to push`, { exact: true });

    it("shows what there is to pull after Git: Fetch, and after an autofetch with the period set in the settings (spec 002 §9: autofetch on)", async () => {
      const { page, server } = session;
      const dir = server.filesDir;
      const branch = git(dir, 'branch', '--show-current').trim();
      pushFromOtherClone(branch);
      await command(page, 'Git: Fetch');
      await toPull(page, 1).waitFor({ timeout: 15_000 });
      expect(git(dir, 'rev-list', '--count', `HEAD..origin/${branch}`).trim()).toBe('1');
      // Autofetch, every 5 s: a second commit shows with no action of the user.
      await command(page, 'Preferences: Open Settings');
      const dialog = page.locator('[role=dialog][data-testid=settings]');
      await dialog.waitFor();
      expect(await dialog.locator('[data-setting=gitAutofetch]').isChecked()).toBe(true);
      expect(await dialog.locator('[data-setting=gitSmartCommit]').isChecked()).toBe(true);
      const period = dialog.locator('[data-setting=gitAutofetchPeriod]');
      expect(await period.inputValue()).toBe('180');
      await period.focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      pushFromOtherClone(branch);
      await toPull(page, 2).waitFor({ timeout: 20_000 });
      await saveScreenshot(page, 'scm-autofetch');
      expect(git(dir, 'rev-list', '--count', `HEAD..origin/${branch}`).trim()).toBe('2');
      // Nothing was merged: a fetch only brings origin's commits.
      expect(readFileOrEmpty(path.join(dir, 'fetched.txt'))).toBe('');
    });
  });

  it('shows the accept buttons on a conflicted file; accepting both by keyboard (Merge Conflict: Accept Both Changes in the palette) keeps both sides', async () => {
    const { page, server } = session;
    const dir = server.filesDir;
    const file = path.join(dir, 'conflict.txt');
    mergeConflict(dir, 'conflict.txt', { base: 'line1\nbase\nline3\n', current: 'line1\ncurrent\nline3\n', incoming: 'line1\nincoming\nline3\n' });

    const conflicted = row(page, 'conflict.txt');
    // The status may show the file staged first (mergeConflict's `git add` before its commits), then conflicted.
    await waitFor(async () => (await conflicted.getAttribute('data-group', { timeout: 1_000 }).catch(() => null)) === 'conflicts', { message: 'conflict.txt under Conflicts' });
    expect(await conflicted.locator('.bp-scm-badge').textContent()).toBe('!');
    await conflicted.click();
    await page.locator('[role=tab][data-path="conflict.txt"][aria-selected=true]').waitFor();
    const lens = (title: string) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title });
    await lens('Accept Both Changes').waitFor({ timeout: 15_000 });
    expect(await lens('Accept Current Change').count()).toBe(1);
    expect(await lens('Accept Incoming Change').count()).toBe(1);
    // Outside a block the palette has no accept actions.
    await page.locator('.monaco-editor .view-line', { hasText: /^line1$/ }).click();
    await page.keyboard.press('Control+Shift+P');
    await page.locator('[role=dialog][aria-label="Command palette"] [role=combobox]').waitFor();
    await page.keyboard.type('Merge Conflict');
    await waitFor(async () => (await page.locator('#bp-quick-list').innerText()).includes('Merge Conflict') === false, { message: 'no Merge Conflict actions outside a block' });
    await page.keyboard.press('Escape');
    // The cursor into the block (on its 'current' line), then by keyboard: the palette lists the accept actions
    // while the cursor is in a block.
    await page.locator('.monaco-editor .view-line', { hasText: /^current$/ }).click();
    await command(page, 'Merge Conflict: Accept Both Changes');
    await waitFor(async () => (await editorText(page)).replace(/\n+$/, '') === 'line1\ncurrent\nincoming\nline3', { message: 'both sides in the editor' });
    await page.keyboard.press('Control+s');
    await waitFor(() => readFileOrEmpty(file) === 'line1\ncurrent\nincoming\nline3\n', { message: 'the resolved text on disk' });
  });

  it("shows a conflict block accepted in one page in a second page's editor, without a reload", async () => {
    const { page, server, browser } = session;
    const dir = server.filesDir;
    const name = 'two-blocks.txt';
    const file = path.join(dir, name);
    // The workspace's repository is ready (the server creates it at start, with an initial commit).
    await page.keyboard.press('Control+Shift+G');
    await waitFor(async () => ((await page.getByTestId('scm-branch').textContent()) ?? '') !== '', { timeout: 15_000, message: 'the branch shown' });
    await waitFor(() => git(dir, 'rev-parse', '--verify', '-q', 'HEAD').trim() !== '', { timeout: 15_000, message: 'the initial commit' });
    const lines = (middle: string[], end: string) => ['top', ...middle, 'a', 'b', 'c', 'd', 'e', end, 'bottom', ''].join('\n');
    mergeConflict(dir, name, {
      base: lines(['base one'], 'base two'),
      current: lines(['current one'], 'current two'),
      incoming: lines(['incoming one'], 'incoming two'),
    });
    expect(fs.readFileSync(file, 'utf8').match(/^<<<<<<< /gm)).toHaveLength(2);

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      const url = new URL(server.url);
      url.searchParams.set('file', name);
      await openSandbox(second, url.toString());
      await second.locator(`[role=tab][data-path="${name}"][aria-selected=true]`).waitFor({ timeout: 15_000 });
      await waitFor(async () => (await editorText(second)).includes('>>>>>>>'), { message: 'the conflict markers in the second page' });
      await second.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'same-page'));

      await row(page, name).waitFor({ timeout: 15_000 });
      await row(page, name).click();
      await page.locator(`[role=tab][data-path="${name}"][aria-selected=true]`).waitFor();
      const lens = (title: string) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title });
      await waitFor(async () => (await lens('Accept Current Change').count()) === 2, { timeout: 15_000, message: 'the lenses of both blocks' });
      await lens('Accept Current Change').first().click();
      await waitFor(async () => (await lens('Accept Incoming Change').count()) === 1, { message: 'the lenses of the second block only' });
      await lens('Accept Incoming Change').click();
      const resolved = lines(['current one'], 'incoming two').replace(/\n+$/, '');
      await waitFor(async () => (await editorText(page)).replace(/\n+$/, '') === resolved, { message: 'the resolved text in the first page' });

      await waitFor(async () => (await editorText(second)).replace(/\n+$/, '') === resolved, { message: 'the resolved text in the second page' });
      expect(await second.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-page');
      // Nothing is left to accept there either.
      await waitFor(async () => (await second.locator('.monaco-editor .codelens-decoration a').count()) === 0, { message: 'no lenses left in the second page' });
      await saveScreenshot(second, 'scm-conflict-resolved-second-client');
    } finally {
      await other.close();
    }
    await page.keyboard.press('Control+s');
    await waitFor(() => readFileOrEmpty(file) === lines(['current one'], 'incoming two'), { message: 'the resolved text on disk' });
  });

  it('renames the branch by keyboard (Git: Rename Branch, type, Enter), with the notice of spec 001 §4', async () => {
    const { page, server } = session;
    const name = uniqueToken('scm-renamed-');
    await command(page, 'Git: Rename Branch');
    const input = page.getByRole('textbox', { name: 'New branch name' });
    await waitFor(async () => await input.evaluate((el) => el === document.activeElement), { message: 'the branch name input has the focus' });
    // The current name is selected: typing replaces it.
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await waitFor(() => git(server.filesDir, 'branch', '--show-current').trim() === name, { message: `branch ${name}` });
    await waitFor(async () => (await page.getByTestId('scm-branch').textContent()) === name, { message: 'the new name shown' });
    await page.getByRole('status').filter({ hasText: `Branch was renamed as "${name}"` }).waitFor({ timeout: 10_000 });
  });

  it('renames the branch from the inline input on a click', async () => {
    const { page, server } = session;
    const name = uniqueToken('scm-clicked-');
    // The rename before may still be finishing (the name shows at once, git's rename follows): a click waits for it,
    // as a person would see the name turn from grey italics to its normal look.
    await page.locator('[data-testid=scm-branch][aria-busy=false]').waitFor({ timeout: 15_000 });
    await page.getByTestId('scm-branch').click();
    const input = page.getByRole('textbox', { name: 'New branch name' });
    await input.fill(name);
    await input.press('Enter');
    await waitFor(() => git(server.filesDir, 'branch', '--show-current').trim() === name, { message: `branch ${name}` });
    await waitFor(async () => (await page.getByTestId('scm-branch').textContent()) === name, { message: 'the new name shown' });
  });
});
