/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { useService } from '../../../../src/ui/di/container-context';
import { DiffTabStrip } from '../../../../src/ui/scm/diff-tab-strip';
import { ScmView } from '../../../../src/ui/scm/scm-view';
import { useScmActions } from '../../../../src/ui/scm/use-scm-actions';
import { useActionKeys } from '../../../../src/ui/workbench/use-action-keys';
import { gitStatus, item, lockedError } from '../../application/git/fake-git-port';
import { scmFixture, settle } from '../../application/git/scm-fixture';
import { renderWithContainer } from '../support/render-with-container';

/** The view as the workbench shows it: with the source control actions and the key handler. */
function Workbench() {
  const actions = useService(ActionRegistry);
  useScmActions(actions);
  useActionKeys(actions);
  return (
    <>
      <div role="tablist">
        <DiffTabStrip />
      </div>
      <ScmView />
    </>
  );
}

async function setUp(paths: string[] = ['src/app.ts', 'README.md', 'new.txt', 'both.ts']) {
  const fixture = await scmFixture(paths);
  fixture.git.notify(
    gitStatus({
      items: [
        item('src/app.ts'),
        item('README.md', { index: 'M', workingTree: '', isStaged: true }),
        item('new.txt', { index: '?', workingTree: '?' }),
        item('both.ts', { index: 'U', workingTree: 'U', isConflicted: true }),
      ],
      deleted: [item('old.txt', { workingTree: 'D' })],
    }),
  );
  renderWithContainer(<Workbench />, fixture.c);
  return fixture;
}

const row = (path: string) => document.querySelector<HTMLElement>(`[role=listitem][data-path="${path}"]`)!;
const group = (id: string) => screen.getByTestId(`scm-group-${id}`);
const pathsIn = (id: string) => within(group(id)).queryAllByRole('listitem').map((li) => li.getAttribute('data-path'));

describe('ScmView', () => {
  it('lists the changed files under Conflicts, Staged for the next commit and Changes, with badge and tooltip', async () => {
    await setUp();
    expect(within(group('conflicts')).getByText('Conflicts')).toBeTruthy();
    expect(within(group('staged')).getByText('Staged for the next commit')).toBeTruthy();
    expect(pathsIn('conflicts')).toEqual(['both.ts']);
    expect(pathsIn('staged')).toEqual(['README.md']);
    expect(pathsIn('changes')).toEqual(['new.txt', 'old.txt', 'src/app.ts']);
    const badge = (path: string) => row(path).querySelector('.bp-scm-badge')!;
    expect([badge('both.ts'), badge('README.md'), badge('new.txt'), badge('old.txt'), badge('src/app.ts')].map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['!', 'Conflict'],
      ['M', 'Modified'],
      ['U', 'Untracked'],
      ['D', 'Deleted'],
      ['M', 'Modified'],
    ]);
    expect(row('src/app.ts').getAttribute('aria-label')).toBe('src/app.ts, Modified');
  });

  it('shows a staged addition, rename and copy as A, R and C with their tooltips', async () => {
    const fixture = await scmFixture(['added.ts', 'renamed.ts', 'copied.ts']);
    fixture.git.notify(
      gitStatus({
        items: [
          item('added.ts', { index: 'A', workingTree: '', isStaged: true }),
          item('renamed.ts', { index: 'R', workingTree: '', isStaged: true, oldPath: 'before.ts' }),
          item('copied.ts', { index: 'C', workingTree: 'M', isStaged: true, oldPath: 'added.ts' }),
        ],
      }),
    );
    renderWithContainer(<Workbench />, fixture.c);
    const badge = (path: string) => row(path).querySelector('.bp-scm-badge')!;
    expect(['added.ts', 'renamed.ts', 'copied.ts'].map((p) => [badge(p).textContent, badge(p).getAttribute('title')])).toEqual([
      ['A', 'Added'],
      ['R', 'Renamed'],
      ['C', 'Copied'],
    ]);
  });

  it('stages with the checkbox or the space key, and commits what is staged with Ctrl+Enter in the message box', async () => {
    const { git } = await setUp();
    fireEvent.click(within(row('src/app.ts')).getByRole('checkbox', { name: 'Stage src/app.ts for the next commit' }));
    expect(pathsIn('staged')).toEqual(['README.md', 'src/app.ts']);
    row('README.md').focus();
    fireEvent.keyDown(row('README.md'), { key: ' ' });
    expect(pathsIn('staged')).toEqual(['src/app.ts']);
    expect(screen.getByTestId('scm-commit').textContent).toBe('Commit 1 Staged');
    const message = screen.getByRole('textbox', { name: 'Commit message' });
    expect(message.getAttribute('placeholder')).toBe('Message (Ctrl+Enter to commit)');
    fireEvent.change(message, { target: { value: 'Fix the app' } });
    fireEvent.keyDown(message, { key: 'Enter', ctrlKey: true });
    expect(git.callsOf('commit')).toEqual([]); // focus is elsewhere: the key is not the commit's
    act(() => message.focus());
    fireEvent.keyDown(message, { key: 'Enter', ctrlKey: true });
    await act(settle);
    expect(git.callsOf('commit')).toEqual([['Fix the app', { paths: ['src/app.ts'] }]]);
  });

  it('shows commit progress, a failed commit, a refusal without message, and the lock message of a pull', async () => {
    const { git } = await setUp();
    fireEvent.click(screen.getByTestId('scm-commit'));
    await act(settle);
    expect(screen.getByRole('alert').textContent).toBe('Enter a commit message');
    act(() => git.commitStarted.fire({ shellId: 's', message: 'x' }));
    expect(screen.getByRole('progressbar', { name: 'Committing…' })).toBeTruthy();
    expect((screen.getByTestId('scm-commit') as HTMLButtonElement).disabled).toBe(true);
    act(() => git.commitFinished.fire({ exitCode: 1 }));
    expect(screen.getByTestId('scm-commit-error').textContent).toBe('Commit failed with exit code 1');
    git.hold = true;
    fireEvent.click(screen.getByRole('button', { name: 'Pull' }));
    expect(screen.getByRole('progressbar', { name: 'Pulling…' })).toBeTruthy();
    git.failures.set('pull', lockedError());
    await act(async () => {
      git.releaseHeld();
      await settle();
    });
    expect(screen.getByTestId('scm-pull-error').textContent).toBe('Another git operation is in progress, try again later.');
  });

  it('asks before discarding: Escape cancels, Enter discards', async () => {
    const { git } = await setUp();
    fireEvent.click(within(row('src/app.ts')).getByRole('button', { name: 'Discard changes in src/app.ts' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard changes' });
    expect(dialog.textContent).toContain('Discard the changes in src/app.ts? This cannot be undone.');
    expect(document.activeElement?.textContent).toBe('Discard');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(git.callsOf('discard')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard all changes' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    await act(settle);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(git.callsOf('discard')).toEqual([[undefined]]);
  });

  it('opens the diff of a changed file from its row (click or Enter), and a conflicted file in the editor', async () => {
    const { git, diffs, editor } = await setUp();
    git.atHead.set('c0ffee:src/app.ts', 'before\n');
    fireEvent.click(row('src/app.ts'));
    await act(settle);
    expect(diffs.activePath).toBe('src/app.ts');
    const tab = document.querySelector('[role=tab][data-diff-path="src/app.ts"]')!;
    expect(tab.getAttribute('aria-selected')).toBe('true');
    row('new.txt').focus();
    fireEvent.keyDown(row('new.txt'), { key: 'Enter' });
    await act(settle);
    expect(diffs.tabs.map((t) => t.path)).toEqual(['src/app.ts', 'new.txt']);
    fireEvent.click(row('both.ts'));
    await act(settle);
    expect(editor.tabs.map((t) => t.path)).toEqual(['both.ts']);
    expect(diffs.active).toBeUndefined();
    fireEvent.click(screen.getByLabelText('Close diff of app.ts'));
    expect(diffs.tabs.map((t) => t.path)).toEqual(['new.txt']);
  });

  it('renames the branch inline: Enter renames, Escape cancels, a taken name is shown and the old name comes back', async () => {
    const { git, branchRecords } = await setUp();
    fireEvent.click(screen.getByTestId('scm-branch'));
    let input = screen.getByRole('textbox', { name: 'New branch name' }) as HTMLInputElement;
    expect(input.value).toBe('main');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'New branch name' })).toBeNull();
    branchRecords.failure = new Error('Name has already been taken');
    fireEvent.click(screen.getByTestId('scm-branch'));
    input = screen.getByRole('textbox', { name: 'New branch name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'taken' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(settle);
    expect(screen.getByTestId('scm-rename-error').textContent).toBe('Name has already been taken');
    expect(screen.getByTestId('scm-branch').textContent).toBe('main');
    branchRecords.failure = undefined;
    fireEvent.click(screen.getByTestId('scm-branch'));
    input = screen.getByRole('textbox', { name: 'New branch name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'feature/x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(settle);
    expect(git.callsOf('renameBranch')).toEqual([['main', 'feature/x']]);
    expect(screen.getByTestId('scm-branch').textContent).toBe('feature/x');
    expect(screen.queryByTestId('scm-rename-error')).toBeNull();
  });
});

describe('Source control view and the remote', () => {
  const remoteState = (ahead: number, behind: number) => ({ head: null, branch: null, ahead, behind, safe: true });

  it('shows no counts and no pull or push for a repository without a remote', async () => {
    const fixture = await scmFixture(['a.ts'], { remotes: { origin: '', upstream: '' } });
    fixture.git.notify(gitStatus({ items: [item('a.ts')], remote: remoteState(1, 0) }));
    renderWithContainer(<Workbench />, fixture.c);
    expect(screen.queryByRole('button', { name: 'Pull' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Push' })).toBeNull();
    expect(screen.queryByTestId('scm-sync-counts')).toBeNull();
    expect(screen.getByTestId('scm-view').textContent).not.toMatch(/[↓↑]/);
    expect(screen.getByTestId('scm-commit')).toBeTruthy();
  });

  it('shows the counts, pull and push with a remote', async () => {
    const fixture = await scmFixture(['a.ts']);
    fixture.git.notify(gitStatus({ items: [item('a.ts')], remote: remoteState(2, 1) }));
    renderWithContainer(<Workbench />, fixture.c);
    expect(screen.getByTestId('scm-sync-counts').textContent).toBe('1↓ 2↑');
    expect(screen.getByTestId('scm-sync-counts').getAttribute('aria-label')).toBe('1 to pull, 2 to push');
    expect(screen.getByRole('button', { name: 'Pull' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Push' })).toBeTruthy();
  });
});

describe('Source control view when the access changes while open', () => {
  it('hides commit, pull, push, discard and staging for a reader, and shows them again for a writer', async () => {
    const { connection } = await setUp();
    const writes = () =>
      [
        screen.queryByRole('button', { name: 'Pull' }),
        screen.queryByRole('button', { name: 'Push' }),
        screen.queryByRole('button', { name: 'Discard all changes' }),
        screen.queryByRole('button', { name: 'Discard changes in src/app.ts' }),
        screen.queryByRole('checkbox', { name: 'Stage src/app.ts for the next commit' }),
        screen.queryByTestId('scm-commit'),
      ].filter((element) => element !== null).length;
    expect(writes()).toBe(6);
    act(() => connection.changeAccess('read'));
    expect(writes()).toBe(0);
    expect((screen.getByTestId('scm-branch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('scm-group-changes').textContent).toContain('app.ts');
    act(() => connection.changeAccess('write'));
    expect(writes()).toBe(6);
  });
});
