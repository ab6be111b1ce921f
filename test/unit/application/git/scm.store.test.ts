import { configure } from 'mobx';
import { gitActions } from '../../../../src/application/git/git-actions';
import { MAX_STATUS_CHANGES } from '../../../../src/domain/git/git-status';
import { NO_STAGED_CHANGES } from '../../../../src/domain/git/scm-groups';
import { gitStatus, item, lockedError } from './fake-git-port';
import { scmFixture, settle } from './scm-fixture';

configure({ enforceActions: 'never' });

describe('ScmStore', () => {
  it('commits every change when nothing is staged, and only the staged paths otherwise', async () => {
    const { git, scm } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts'), item('b.ts'), item('c.ts', { index: '?', workingTree: '?' })] }));
    scm.setMessage('  first  ');
    await scm.commit();
    expect(git.callsOf('commit')).toEqual([['first', {}]]);
    scm.stage('c.ts', 'a.ts');
    expect(scm.groups.staged.map((f) => f.path)).toEqual(['a.ts', 'c.ts']);
    expect(scm.groups.changes.map((f) => f.path)).toEqual(['b.ts']);
    scm.setMessage('second');
    await scm.commit();
    expect(git.callsOf('commit')[1]).toEqual(['second', { paths: ['a.ts', 'c.ts'] }]);
  });

  it('with smart commit off, refuses a commit with nothing staged and commits just the staged paths', async () => {
    const { git, scm, settings } = await scmFixture();
    settings.update({ gitSmartCommit: false });
    git.notify(gitStatus({ items: [item('a.ts'), item('b.ts')] }));
    scm.setMessage('only some');
    await scm.commit();
    expect(scm.commitError).toBe(NO_STAGED_CHANGES);
    expect(git.callsOf('commit')).toEqual([]);
    scm.stage('b.ts');
    await scm.commit();
    expect(scm.commitError).toBeUndefined();
    expect(git.callsOf('commit')).toEqual([['only some', { paths: ['b.ts'] }]]);
  });

  it('with smart commit on (the default), commits every change when nothing is staged', async () => {
    const { git, scm, settings } = await scmFixture();
    expect(settings.settings.gitSmartCommit).toBe(true);
    git.notify(gitStatus({ items: [item('a.ts'), item('b.ts')] }));
    scm.setMessage('everything');
    await scm.commit();
    expect(scm.commitError).toBeUndefined();
    expect(git.callsOf('commit')).toEqual([['everything', {}]]);
    expect(git.callsOf('commit')[0][1]).not.toHaveProperty('paths');
  });

  it('with smart commit off, concludes a merge with nothing staged', async () => {
    const { git, scm, settings } = await scmFixture();
    settings.update({ gitSmartCommit: false });
    git.notify(gitStatus({ isMerging: true, items: [item('a.ts', { index: 'M', workingTree: '' })] }));
    scm.unstageAll();
    scm.setMessage('Merge origin/main');
    await scm.commit();
    expect(scm.commitError).toBeUndefined();
    expect(git.callsOf('commit')).toEqual([['Merge origin/main', {}]]);
  });

  it('says the list was cut when the status lists as many files as a status may (MAX_STATUS_CHANGES)', async () => {
    const { git, scm } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts')] }));
    expect(scm.isListCut).toBe(false);
    git.notify(gitStatus({ items: Array.from({ length: MAX_STATUS_CHANGES }, (_, i) => item(`gen/f${i}.ts`, { index: '?', workingTree: '?' })) }));
    expect(scm.isListCut).toBe(true);
  });

  it('refuses to commit without a message or without changes, and says why', async () => {
    const { git, scm } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts')] }));
    await scm.commit();
    expect(scm.commitError).toBe('Enter a commit message');
    scm.setMessage('msg');
    expect(scm.commitError).toBeUndefined();
    git.notify(gitStatus());
    await scm.commit();
    expect(scm.commitError).toBe('There are no changes to commit');
    expect(git.callsOf('commit')).toEqual([]);
  });

  it("clears the message when its commit finishes with success, and keeps it when it fails or is someone else's", async () => {
    const { git, scm, gitStore } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts')] }));
    scm.setMessage('mine');
    await scm.commit();
    git.commitStarted.fire({ shellId: 's', message: 'mine' });
    expect(gitStore.commit.kind).toBe('RUNNING');
    git.commitFinished.fire({ exitCode: 1 });
    expect(scm.message).toBe('mine');
    await scm.commit();
    git.commitFinished.fire({ exitCode: 0 });
    expect(scm.message).toBe('');
    scm.setMessage('draft');
    git.commitStarted.fire({ shellId: 's2', message: 'another client' });
    git.commitFinished.fire({ exitCode: 0 });
    expect(scm.message).toBe('draft');
  });

  it('keeps the message when the commit is refused because another git operation runs', async () => {
    const { git, scm, gitStore } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts')] }));
    git.failures.set('commit', lockedError());
    scm.setMessage('mine');
    await scm.commit();
    expect(gitStore.commit).toEqual({ kind: 'LOCKED', message: 'Another git operation is in progress, try again later.' });
    expect(scm.message).toBe('mine');
  });

  it('drops staged paths that are no longer changed, and starts with what git has staged', async () => {
    const { git, scm } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts', { index: 'M', workingTree: '', isStaged: true }), item('b.ts')] }));
    expect(scm.groups.staged.map((f) => f.path)).toEqual(['a.ts']);
    scm.stage('b.ts');
    git.notify(gitStatus({ items: [item('b.ts')] }));
    expect([...scm.selection.staged]).toEqual(['b.ts']);
    scm.unstageAll();
    expect(scm.groups.staged).toEqual([]);
    scm.stageAll();
    expect(scm.groups.changes).toEqual([]);
  });

  it('discards only after the confirmation, and not at all when cancelled', async () => {
    const { git, scm } = await scmFixture();
    git.notify(gitStatus({ items: [item('a.ts'), item('b.ts')] }));
    scm.requestDiscard(['a.ts']);
    expect(scm.discardPrompt).toEqual({ paths: ['a.ts'], question: 'Discard the changes in a.ts? This cannot be undone.' });
    scm.cancelDiscard();
    expect(scm.discardPrompt).toBeUndefined();
    expect(git.callsOf('discard')).toEqual([]);
    scm.requestDiscard();
    await expect(scm.confirmDiscard()).resolves.toBe(true);
    expect(git.callsOf('discard')).toEqual([[undefined]]);
    expect(scm.discardPrompt).toBeUndefined();
  });

  it('renames the branch from the inline input: invalid names are refused there, failures come back as errors', async () => {
    const { git, scm, gitStore, renames, branchRecords } = await scmFixture();
    git.notify(gitStatus({ branch: 'main' }));
    scm.startBranchRename();
    expect(scm.branchEdit.kind).toBe('EDITING');
    await expect(scm.renameBranch('bad name')).resolves.toBe(false);
    expect(scm.renameError).toBe('Invalid branch name: bad name');
    expect(scm.branchEdit.kind).toBe('EDITING');
    branchRecords.failure = new Error('Name has already been taken');
    await expect(scm.renameBranch('taken')).resolves.toBe(false);
    expect(scm.renameError).toBe('Name has already been taken');
    expect(gitStore.branch).toBe('main');
    branchRecords.failure = new Error('boom');
    await scm.renameBranch('other');
    expect(scm.renameError).toBe('Cannot persist rename operation');
    branchRecords.failure = undefined;
    scm.startBranchRename();
    expect(scm.renameError).toBeUndefined();
    await expect(scm.renameBranch('feature')).resolves.toBe(true);
    expect(gitStore.branch).toBe('feature');
    expect(git.callsOf('renameBranch')).toEqual([['main', 'feature']]);
    expect(renames.map((r) => r.name)).toEqual(['taken', 'other', 'feature']);
  });
});

/** Git: Fetch is not offered (GitAutofetch has its own tests). */
const NO_AUTOFETCH = { canFetch: false, fetchNow: async () => false };

describe('git actions', () => {
  it('binds Ctrl/Cmd+Enter to Git: Commit only while the message box has focus, and lists a commit in the palette otherwise', async () => {
    const { git, scm, gitStore, layout, actions } = await scmFixture();
    actions.register(gitActions({ layout, git: gitStore, scm, autofetch: NO_AUTOFETCH }));
    git.notify(gitStatus({ items: [item('a.ts')] }));
    const ctrlEnter = { key: 'Enter', ctrlKey: true, metaKey: false, altKey: false, shiftKey: false };
    expect(actions.forKey(ctrlEnter, true)).toBeUndefined();
    scm.setMessageFocused(true);
    expect(actions.forKey(ctrlEnter, true)?.id).toBe('git.commit');
    expect(actions.get('git.commit')?.keyLabel).toBe('Ctrl+Enter');
    scm.setMessageFocused(false);
    const labels = actions.available.map((a) => `${a.category}: ${a.label}`);
    expect(labels.filter((l) => l === 'Git: Commit')).toHaveLength(1); // one declaration, listed with its key
    expect(actions.available.find((a) => a.id === 'git.commit')?.keyLabel).toBe('Ctrl+Enter');
    expect(labels).toEqual(
      expect.arrayContaining(['Git: Commit', 'Git: Pull', 'Git: Push', 'Git: Discard All Changes', 'Git: Rename Branch', 'View: Show Source Control']),
    );
    expect(actions.get('workbench.view.scm')?.keyLabel).toBe('Ctrl+Shift+G');
  });

  it('opens the view for a discard of everything and for a rename, and pulls', async () => {
    const { git, scm, gitStore, layout, actions } = await scmFixture();
    actions.register(gitActions({ layout, git: gitStore, scm, autofetch: NO_AUTOFETCH }));
    git.notify(gitStatus({ items: [item('a.ts')] }));
    expect(actions.run('git.discardAll')).toBe(true);
    expect(layout.layout.activeView).toBe('scm');
    expect(scm.discardPrompt?.paths).toBeUndefined();
    expect(actions.run('git.renameBranch')).toBe(true);
    expect(scm.branchEdit.kind).toBe('EDITING');
    actions.run('git.pull');
    await settle();
    expect(git.callsOf('pull')).toHaveLength(1);
    expect(gitStore.pull.kind).toBe('SUCCEEDED');
  });
});

describe('ScmStore without a remote', () => {
  it('offers no pull, push or counts of commits to pull and push, while commit stays', async () => {
    const { git, scm, gitStore, layout, actions } = await scmFixture([], { remotes: { origin: '', upstream: '' } });
    actions.register(gitActions({ layout, git: gitStore, scm, autofetch: NO_AUTOFETCH }));
    // A branch with a commit no remote has: the server counts it as one to push.
    git.notify(gitStatus({ items: [item('a.ts')], remote: { head: null, branch: null, ahead: 1, behind: 0, safe: true } }));
    expect([scm.canPull, scm.canPush, scm.syncCounts]).toEqual([false, false, undefined]);
    const labels = actions.available.filter((a) => a.category === 'Git').map((a) => a.label);
    expect(labels).toContain('Commit');
    expect(labels.filter((l) => ['Pull', 'Push'].includes(l))).toEqual([]);
    await scm.pull();
    await scm.push();
    expect(git.callsOf('pull')).toEqual([]);
    expect(git.callsOf('push')).toEqual([]);
  });

  it('offers them once a remote is added, with the counts', async () => {
    const { git, scm } = await scmFixture([], { remotes: { origin: '', upstream: '' } });
    git.notify(gitStatus({ remote: { head: null, branch: null, ahead: 2, behind: 0, safe: true } }));
    git.remotesEvents.fire({ origin: 'https://example.com/o.git', upstream: '' });
    expect([scm.canPull, scm.canPush, scm.syncCounts]).toEqual([true, true, { ahead: 2, behind: 0 }]);
  });
});

describe('ScmStore and git actions with the current permissions', () => {
  it('offer no commit, pull, push, discard or rename once the access turns to read, closing a discard question and a rename', async () => {
    const { git, scm, gitStore, layout, actions, connection } = await scmFixture();
    actions.register(gitActions({ layout, git: gitStore, scm, autofetch: NO_AUTOFETCH }));
    git.notify(gitStatus({ items: [item('a.ts')] }));
    scm.requestDiscard(['a.ts']);
    scm.startBranchRename();
    connection.changeAccess('read');
    expect([scm.canCommit, scm.canPull, scm.canPush, scm.canDiscard, scm.canRenameBranch]).toEqual([false, false, false, false, false]);
    expect(scm.discardPrompt).toBeUndefined();
    expect(scm.branchEdit.kind).toBe('SHOWN');
    expect(actions.available.filter((a) => a.category === 'Git').map((a) => a.label)).toEqual([]);

    scm.setMessage('msg');
    await scm.commit();
    await scm.pull();
    await scm.push();
    scm.requestDiscard();
    scm.startBranchRename();
    expect(await scm.renameBranch('other')).toBe(false);
    expect([scm.discardPrompt, scm.branchEdit.kind]).toEqual([undefined, 'SHOWN']);
    expect(git.calls.filter((c) => c.method !== 'status' && c.method !== 'remotes')).toEqual([]);
  });

  it('offer them again with write access', async () => {
    const { git, scm, gitStore, layout, actions, connection } = await scmFixture();
    actions.register(gitActions({ layout, git: gitStore, scm, autofetch: NO_AUTOFETCH }));
    git.notify(gitStatus({ items: [item('a.ts')] }));
    connection.changeAccess('read');
    connection.changeAccess('write');
    expect(actions.available.filter((a) => a.category === 'Git').map((a) => a.label)).toEqual(expect.arrayContaining(['Commit', 'Pull', 'Push', 'Discard All Changes', 'Rename Branch']));
    scm.setMessage('msg');
    await scm.commit();
    expect(git.callsOf('commit')).toEqual([['msg', {}]]);
  });
});
